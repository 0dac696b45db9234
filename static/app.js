// Small conveniences on top of pages that work without JavaScript.
"use strict";

// What a tap was, in the page's words, for a note while it waits to be sent ("Ana's bid: 2"):
// the form's data-kept, with {value} the words of the button tapped. Empty if the form says none.
function tapWords(form, submitter) {
  const words = submitter ? submitter.textContent.replace(/\s+/g, " ").replace(/^↶ /, "").trim() : "";
  return (form.dataset.kept || "").replace("{value}", words);
}

// Keep the screen on while a game is being kept (body.keep-awake, gone at game over). The Wake
// Lock API exists only in a secure context (HTTPS, localhost); on a plain-HTTP table network
// NoSleep.js (static/vendor/nosleep, see README) plays a tiny muted looping video instead, which
// a browser may start only after a tap: every tap tries again until it plays. Let go when the
// page is hidden or the game ends; the page says which holds it in <html data-awake>.
(function keepAwake() {
  const root = document.documentElement;
  const native = "wakeLock" in navigator;
  let lock = null;
  let video = null;
  const wanted = () => document.body.classList.contains("keep-awake") && document.visibilityState === "visible";
  const held = (how) => { root.dataset.awake = how; };
  function hold() {
    if (!wanted()) return;
    if (native) {
      if (lock && !lock.released) return;
      navigator.wakeLock.request("screen").then((l) => {
        lock = l;
        held("lock");
        l.addEventListener("release", () => { if (lock === l) delete root.dataset.awake; });
      }).catch(() => {});
    } else if (typeof window.NoSleep === "function") {
      if (!video) {
        video = new window.NoSleep();
        // Muted, so that a browser lets it play again without a tap when the page comes back.
        if (video.noSleepVideo) video.noSleepVideo.muted = true;
      }
      if (video.isEnabled) return;
      video.enable().then(() => { if (wanted()) held("video"); else letGo(); }).catch(() => {});
    }
  }
  function letGo() {
    if (lock) lock.release().catch(() => {});
    lock = null;
    if (video && video.isEnabled) video.disable();
    delete root.dataset.awake;
  }
  const update = () => (wanted() ? hold() : letGo());
  document.addEventListener("visibilitychange", update);
  document.addEventListener("click", hold, true);
  // A round page changed in place may be the game's end, or a reopened round.
  document.addEventListener("scorekeeper:swapped", update);
  document.addEventListener("DOMContentLoaded", update);
})();

// Tricks steppers: change the page alone (no request), say what is left to give out, and keep
// what was tapped in the address, so a reload or a refused Confirm shows it again. The tab keeps
// it too (by game, round and version), so a look at the sheet and back by the Round tab, an
// address without it, does not lose the taps; a change made meanwhile drops them.
const tricks = (function tricksSteppers() {
  const key = (form) => `pad-tricks:${form.dataset.game}`;
  const mark = (form) => `${form.dataset.round}@${document.body.dataset.version}`;
  function update(form) {
    const hand = Number(form.dataset.hand);
    const rows = Array.from(form.querySelectorAll(".stepper"));
    let given = 0;
    const draft = rows.map((row) => {
      const value = Number(row.querySelector("input[type=hidden]").value);
      given += value;
      row.querySelector(".count").textContent = value;
      row.querySelector(".minus").disabled = value <= 0;
      row.querySelector(".plus").disabled = value >= hand;
      if (row.dataset.bid !== undefined) {
        row.classList.toggle("made", value === Number(row.dataset.bid));
        row.classList.toggle("missed", value !== Number(row.dataset.bid));
      }
      return [Number(row.dataset.seat), value];
    });
    const note = form.querySelector(".remaining");
    const text = given < hand ? form.dataset.left : given === hand ? form.dataset.done : form.dataset.wrong;
    note.textContent = text.replace("{left}", hand - given).replace("{sum}", given);
    note.classList.toggle("wrong", given !== hand);
    return draft;
  }
  function remember(form, draft) {
    const bySeat = [];
    draft.forEach(([seat, value]) => { bySeat[seat] = value; });
    const url = new URL(window.location.href);
    url.searchParams.set("tricks", `${form.dataset.round}:${bySeat.join(".")}`);
    history.replaceState(history.state, "", url);
    try {
      sessionStorage.setItem(key(form), JSON.stringify({ at: mark(form), tricks: bySeat }));
    } catch { /* private mode: the address keeps them */ }
  }
  function restore(form) {
    if (new URL(window.location.href).searchParams.has("tricks")) return;
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(key(form)) || "null"); } catch { return; }
    if (!kept || kept.at !== mark(form) || !Array.isArray(kept.tricks)) return;
    const hand = Number(form.dataset.hand);
    form.querySelectorAll(".stepper").forEach((row) => {
      const value = kept.tricks[Number(row.dataset.seat)];
      if (Number.isInteger(value)) row.querySelector("input[type=hidden]").value = Math.max(0, Math.min(hand, value));
    });
    remember(form, update(form));
  }
  const shown = document.querySelector(".tricks-form");
  if (shown) restore(shown);
  document.addEventListener("click", (event) => {
    const button = event.target.closest(".tricks-form button[name=step]");
    if (!button) return;
    event.preventDefault();
    const form = button.form;
    const field = button.closest(".stepper").querySelector("input[type=hidden]");
    const change = button.value.endsWith("-1") ? -1 : 1;
    field.value = Math.max(0, Math.min(Number(form.dataset.hand), Number(field.value) + change));
    remember(form, update(form));
    // Tapped but not sent yet: the live check asks before it shows another phone's change.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return { update };
})();

// A tap on a round form updates the page in place: one request, the new page's <main> swapped
// in, focus and scroll kept, and the address replaced, so a game is one entry in the history
// and Back leaves it. Without fetch the forms post as plain pages.
(function inPlace() {
  if (!("fetch" in window) || !("DOMParser" in window)) return;
  const root = document.documentElement;
  root.dataset.inplace = "1";
  root.dataset.swaps = "0";
  let busy = false;
  function focusAfter(main, submitter) {
    let target = null;
    if (submitter && submitter.name) {
      target = main.querySelector(`button[name="${CSS.escape(submitter.name)}"][value="${CSS.escape(submitter.value)}"]:not(:disabled)`);
    }
    target = target || main.querySelector("h2[tabindex='-1'], h1");
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tagName.startsWith("H")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }
  function swap(html, url, submitter) {
    const fresh = new DOMParser().parseFromString(html, "text/html");
    const main = fresh.querySelector("main");
    if (!main) return false;
    const x = window.scrollX;
    const y = window.scrollY;
    // The same step (the next bid) stays where the thumb is; a new step or round, or the game's
    // end, starts at its top, so that the next tap is on the screen and not what was below.
    const step = (where) => (where.querySelector("[data-step]") || { dataset: {} }).dataset.step || "";
    const sameStep = step(document.querySelector("main")) === step(main);
    const note = document.querySelector("main > .live-note");
    if (note) main.prepend(note);
    document.querySelector("main").replaceWith(main);
    document.title = fresh.title;
    document.body.classList.toggle("keep-awake", fresh.body.classList.contains("keep-awake"));
    // The live check (below) compares against the version of the page now shown.
    if (fresh.body.dataset.version) document.body.dataset.version = fresh.body.dataset.version;
    history.replaceState(history.state, "", url);
    const form = main.querySelector(".tricks-form");
    if (form) tricks.update(form);
    if (sameStep) window.scrollTo(x, y);
    else window.scrollTo(0, 0);
    focusAfter(main, submitter);
    root.dataset.swaps = String(Number(root.dataset.swaps) + 1);
    document.dispatchEvent(new CustomEvent("scorekeeper:swapped", { detail: { url } }));
    return true;
  }
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form[data-inplace]") || event.defaultPrevented) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    root.dataset.busy = "1";
    const submitter = event.submitter;
    const body = new URLSearchParams(new FormData(form, submitter));
    // One request: the server answers with the round page itself and says its address.
    const headers = { "X-Scorekeeper-In-Place": "1" };
    fetch(form.action, { method: "POST", body, headers, credentials: "same-origin" })
      .then((response) => response.text().then((html) => {
        const url = response.headers.get("X-Page-URL") || response.url;
        if (!swap(html, url, submitter)) window.location.assign(url);
      }))
      .catch(() => {
        form.removeAttribute("data-inplace");
        form.requestSubmit(submitter);
      })
      .finally(() => { busy = false; delete root.dataset.busy; });
  });
})();

// Score sheet: say that it scrolls sideways only when it does on this screen.
(function sidewaysCue() {
  const box = document.querySelector(".sheet-scroll");
  const cue = document.querySelector(".scroll-cue");
  if (!box || !cue) return;
  const check = () => { cue.hidden = box.scrollWidth <= box.clientWidth; };
  window.addEventListener("resize", check);
  check();
})();

// New game: name the first-dealer choices after the players typed.
(function dealerNames() {
  const select = document.querySelector("#first_dealer");
  if (!select) return;
  const inputs = Array.from(document.querySelectorAll(".seat input"));
  select.querySelectorAll("option").forEach((option) => { option.dataset.seat = option.textContent; });
  function relabel() {
    inputs.forEach((input, seat) => {
      const option = select.querySelector(`option[value="${seat}"]`);
      if (option) option.textContent = input.value.trim() || option.dataset.seat;
    });
  }
  inputs.forEach((input) => input.addEventListener("input", relabel));
  relabel();
})();

// Installable: the service worker shows an offline page instead of the browser's error. Browsers
// offer one on HTTPS and localhost only; elsewhere the page keeps a tap itself (below).
(function serviceWorker() {
  const url = document.body.dataset.sw;
  if (!url || !("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register(url).catch(() => {});
  // The offline page it shows is then in the language chosen here, not the phone's.
  navigator.serviceWorker.ready.then((registration) => {
    if (registration.active) registration.active.postMessage({ lang: document.documentElement.lang });
  }).catch(() => {});
})();

// The offline page (shown by the service worker) ends by itself: it asks the server every few
// seconds, and once it answers does the "Try again": the kept tap is sent, or the page reloaded.
(function outageEnds() {
  const ping = document.body.dataset.ping;
  if (!ping || new URL(ping, location.href).pathname === location.pathname) return;
  const EVERY_MS = 2000;
  async function ask() {
    let answered = false;
    try {
      answered = (await fetch(ping, { cache: "no-store", credentials: "omit" })).ok;
    } catch { /* still out of reach */ }
    if (!answered) return setTimeout(ask, EVERY_MS);
    const form = document.querySelector("form.retry");
    if (form) form.requestSubmit();
    else location.reload();
  }
  setTimeout(ask, EVERY_MS);
})();

// Live: a page of a game asks every 1.5 s whether the game changed (an answer of a few bytes,
// 304 while nothing did) and shows the change at once. It never reloads over something being
// typed or sent, and says so when the server cannot be reached instead of looking current.
(function live() {
  const body = document.body;
  const url = body.dataset.versionUrl;
  if (!url) return;
  const text = body.dataset;
  // Read at every check: a tap updated in place (above) brings the game's new version along.
  const version = () => body.dataset.version;
  const KEPT = `pad-kept:${location.pathname}`;
  const EVERY_MS = 1500;
  // A dropped Wi-Fi can leave a request hanging for minutes: give up in time to say so.
  const within = (ms) => (typeof AbortSignal.timeout === "function" ? AbortSignal.timeout(ms) : undefined);
  let typed = false; // a form field changed and was not sent: a reload would lose it
  let sending = false; // a form is on its way: its answer is the next page
  let offline = false;
  let timer = 0;

  const note = document.createElement("div");
  note.className = "live-note";
  note.setAttribute("role", "status");
  note.hidden = true;
  document.querySelector("main").prepend(note);

  function show(message, buttons) {
    note.replaceChildren();
    const line = document.createElement("p");
    line.textContent = message;
    note.append(line);
    for (const [label, action, primary] of buttons) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.className = primary ? "primary" : "secondary";
      button.addEventListener("click", action);
      note.append(button);
    }
    note.hidden = false;
    // The note sits above the round, covering nothing: scroll up to it if it is out of sight.
    const bar = document.querySelector("header.bar");
    if (note.getBoundingClientRect().top < (bar ? bar.getBoundingClientRect().bottom : 0)) window.scrollTo(0, 0);
  }

  function hide() {
    note.hidden = true;
    body.classList.remove("stale");
  }

  const reload = () => location.reload();

  function changed() {
    if (typed) show(text.textChanged, [[text.textShow, reload, true]]);
    else reload();
  }

  function lost() {
    offline = true;
    body.classList.add("stale");
    if (!kept()) show(text.textOffline, []);
  }

  async function check() {
    timer = 0;
    if (sending || document.hidden) return;
    // This page's own tap is on its way: its answer is the new page, not a reload.
    if (document.documentElement.dataset.busy === "1") return schedule();
    let response;
    try {
      response = await fetch(url, {
        headers: { "If-None-Match": `"${version()}"` }, cache: "no-store", signal: within(5000),
      });
    } catch {
      response = null;
    }
    if (sending) return;
    // The server answers again: a tap kept meanwhile is sent now, and its answer is the page.
    const waiting = response !== null && response.status < 500 ? kept() : null;
    if (waiting) return send(waiting);
    if (response !== null && response.status === 200) {
      // Asked before this page's own tap was swapped in: the version may be the one shown now.
      const answer = await response.json().catch(() => null);
      if (answer && String(answer.version) === version()) return schedule();
      return changed();
    }
    if (response === null || response.status >= 500) {
      lost();
    } else if (response.status === 304) {
      if (offline && !kept()) hide();
      offline = false;
    } else {
      // A new version, or the game is gone (404): the server's page says which.
      return changed();
    }
    schedule();
  }

  function schedule() {
    if (!timer) timer = setTimeout(check, EVERY_MS);
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && !timer) check();
  });
  document.addEventListener("input", () => { typed = true; });
  document.addEventListener("change", () => { typed = true; });
  schedule();

  // Taps are sent by the page itself where no service worker does it, so that a tap made while
  // the Wi-Fi is down is kept (for this tab) and sent again when the player says so. Sent
  // twice by accident, it is refused the second time: it names the version it was made for.
  const kept = () => {
    try { return JSON.parse(sessionStorage.getItem(KEPT) || "null"); } catch { return null; }
  };
  const keep = (tap) => {
    try { sessionStorage.setItem(KEPT, JSON.stringify(tap)); } catch { /* private mode: the page keeps it */ }
  };
  const drop = () => {
    try { sessionStorage.removeItem(KEPT); } catch { /* nothing kept */ }
  };

  function offerKept(tap) {
    body.classList.add("stale");
    show(text.textKept.replace("{tap}", tap.what || text.textTap), [[text.textRetry, () => send(tap), true], [text.textDrop, () => { drop(); reload(); }, false]]);
  }

  async function send(tap) {
    sending = true;
    keep(tap);
    let response;
    try {
      response = await fetch(tap.action, {
        method: "POST",
        body: new URLSearchParams(tap.fields),
        headers: { "X-Pad-Send": "1" },
        credentials: "same-origin",
        signal: within(15000),
      });
    } catch {
      response = null;
    }
    if (response === null || [502, 503, 504].includes(response.status)) {
      sending = false;
      offerKept(tap);
      schedule();
      return;
    }
    drop();
    const type = response.headers.get("Content-Type") || "";
    if (response.ok && type.includes("json")) {
      const to = new URL((await response.json()).location, location.href);
      if (to.href === location.href) location.reload();
      else location.assign(to.href);
      return;
    }
    // Refused: the server's page says why, as it would have without this script.
    const html = await response.text();
    document.open();
    document.write(html);
    document.close();
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (event.defaultPrevented || form.method !== "post") return;
    const submitter = event.submitter;
    const what = tapWords(form, submitter);
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      sending = true; // the browser sends it; the worker keeps it if the server is out of reach
      // For the offline page to name the tap; the server ignores a field it does not know.
      form.querySelectorAll("input[name=kept_tap]").forEach((input) => input.remove());
      if (what) {
        const field = Object.assign(document.createElement("input"), { type: "hidden", name: "kept_tap", value: what });
        form.append(field);
      }
      return;
    }
    event.preventDefault();
    if (sending) return;
    const fields = Array.from(new FormData(form)).filter(([, value]) => typeof value === "string");
    if (submitter && submitter.name) fields.push([submitter.name, submitter.value]);
    send({ action: form.action, fields, what });
  });

  // A tap kept before this page was loaded: send it now; if the server is still away, say so
  // and send it when it answers.
  const waiting = kept();
  if (waiting) send(waiting);
})();

// New game: grey out a choice the rules refuse with the others chosen, and say why beside it.
// The combinations come from the server's registry; the server still judges what is sent.
(function refusedChoices() {
  const form = document.querySelector("form.new-game[data-refused]");
  if (!form) return;
  const rules = JSON.parse(form.dataset.refused);
  const keys = new Set(rules.flatMap((rule) => rule.when.flatMap((when) => Object.keys(when))));
  const names = Array.from(form.querySelectorAll(".seat input"));
  function state() {
    const now = { players: Math.max(3, names.filter((input) => input.value.trim()).length) };
    form.querySelectorAll("input[type=radio]:checked").forEach((input) => { now[input.name] = input.value; });
    form.querySelectorAll("input[type=checkbox]").forEach((input) => { now[input.name] = input.checked; });
    return now;
  }
  const refused = (now) => rules.filter((rule) =>
    rule.when.some((when) => Object.entries(when).every(([key, value]) => now[key] === value)));
  function update() {
    const now = state();
    const already = refused(now);
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((input) => {
      if (!keys.has(input.name)) return;
      const why = input.closest("label").querySelector(".why");
      let hits = [];
      if (!input.checked || input.type === "checkbox") {
        const trial = { ...now, [input.name]: input.type === "checkbox" ? !input.checked : input.value };
        hits = refused(trial).filter((rule) => !already.includes(rule));
      }
      input.disabled = hits.length > 0 && !input.checked;
      why.hidden = !input.disabled;
      why.textContent = input.disabled ? hits[0].reason : "";
    });
    // A combination already chosen that cannot be played (say Amigo, then an eighth name).
    form.querySelectorAll(".why-now").forEach((note) => {
      const rule = already.find((r) => `why-${r.setting}` === note.id);
      note.hidden = !rule;
      note.textContent = rule ? rule.reason : "";
    });
  }
  form.addEventListener("change", update);
  names.forEach((input) => input.addEventListener("input", update));
  update();
})();
