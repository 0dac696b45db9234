// Small conveniences on top of pages that work without JavaScript.
"use strict";

// Keep the screen on while a game is being kept (body.keep-awake, gone at game over). The Wake
// Lock API exists only in a secure context (HTTPS, localhost); on a plain-HTTP table network
// NoSleep.js (static/vendor/nosleep, see README) plays a tiny muted looping video instead, which
// a browser may start only after a tap: every tap tries again until it plays. The page names it
// in <body data-nosleep>, fetched only where Wake Lock is missing, as soon as the page loads.
// Let go when the page is hidden or the game ends; <html data-awake> says which holds it.
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
    } else if (document.body.dataset.nosleep && !document.getElementById("nosleep")) {
      const script = document.createElement("script");
      script.id = "nosleep";
      script.src = document.body.dataset.nosleep;
      script.addEventListener("load", hold);
      document.head.appendChild(script);
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
  // The Bomb and the Cloud of an anniversary deck, kept after the tricks (forms/cards.py).
  function playedCards(form) {
    let text = "";
    const bomb = form.querySelector("input[name=bomb]");
    if (bomb && bomb.value === "1") text += ":b";
    const seat = form.querySelector("select[name=cloud-seat]");
    if (seat && seat.value !== "") {
      const way = form.querySelector("input[name=cloud-change]:checked");
      text += `:c${seat.value}${way ? (way.value === "-1" ? "d" : "u") : ""}`;
    }
    return text;
  }
  function remember(form, draft) {
    const bySeat = [];
    draft.forEach(([seat, value]) => { bySeat[seat] = value; });
    const url = new URL(window.location.href);
    url.searchParams.set("tricks", `${form.dataset.round}:${bySeat.join(".")}${playedCards(form)}`);
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
  document.addEventListener("change", (event) => {
    const form = event.target.closest(".tricks-form .specials-played") && event.target.form;
    if (form) remember(form, update(form));
  });
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
    // On a sealed pad the button just tapped names the bid: the next player gets the heading,
    // the same whatever was bid (no ring, nothing for a screen reader to read out).
    if (submitter && submitter.name && !submitter.closest("form[data-sealed]")) {
      target = main.querySelector(`button[name="${CSS.escape(submitter.name)}"][value="${CSS.escape(submitter.value)}"]:not(:disabled)`);
    }
    target = target || main.querySelector(".handoff[tabindex='-1']") || main.querySelector("h2[tabindex='-1'], h1");
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
  // Hidden once the sheet is scrolled to its last column: nothing is left to swipe to.
  const check = () => { cue.hidden = box.scrollLeft + box.clientWidth >= box.scrollWidth - 2; };
  window.addEventListener("resize", check);
  box.addEventListener("scroll", check, { passive: true });
  check();
})();

// New game: past the seats always shown, a seat appears once the seat before it has a name,
// so a fifth player just types on (without this script they are one fold away).
(function seatsAsNeeded() {
  const fold = document.querySelector("form.new-game details.more-seats");
  if (!fold) return;
  const seats = Array.from(fold.closest("fieldset").querySelectorAll(".seat"));
  const always = seats.length - fold.querySelectorAll(".seat").length;
  const named = (index) => seats[index].querySelector("input").value.trim() !== "";
  function update() {
    seats.forEach((seat, index) => {
      if (index >= always) seat.hidden = !(named(index) || named(index - 1));
    });
  }
  fold.open = true;
  fold.querySelector("summary").hidden = true;
  seats.forEach((seat) => seat.querySelector("input").addEventListener("input", update));
  update();
})();

// New game: the first-dealer list offers the players only, by name, as they are typed (or
// ticked on a group's roster). An input marked data-dealer names the option of that value; the
// others (a draw, roster players without a tick box) always stay. A choice that goes away comes
// back with its player. Without this script the server refuses an empty seat.
(function dealerFollowsNames() {
  const select = document.querySelector("select#first_dealer");
  if (!select) return;
  const inputs = Array.from(select.form.querySelectorAll("[data-dealer]"));
  const seatOf = (option) => inputs.find((input) => input.dataset.dealer === option.value);
  const all = Array.from(select.options);
  all.forEach((option) => { option.dataset.label = option.textContent; });
  let wanted = select.value;
  function update() {
    const offered = all.filter((option) => {
      const seat = seatOf(option);
      if (!seat) return true;
      const named = seat.type === "checkbox" ? seat.checked : seat.value.trim() !== "";
      if (named && seat.type !== "checkbox") option.textContent = seat.value.trim();
      return named;
    });
    const same = offered.length === select.options.length
      && offered.every((option, index) => select.options[index] === option);
    if (!same) select.replaceChildren(...offered);
    select.value = offered.some((option) => option.value === wanted) ? wanted : offered[0].value;
  }
  select.addEventListener("change", () => { wanted = select.value; });
  inputs.forEach((input) => input.addEventListener(input.type === "checkbox" ? "change" : "input", update));
  update();
})();

// New game: each fold's heading says what its options are set to, as the server writes it:
// the choices (one meaning no such rule left out) and the on/off options that are on; the
// length says its rounds at the table typed so far.
(function foldHeadings() {
  const form = document.querySelector("form.new-game");
  if (!form) return;
  const folds = form.querySelectorAll("details.fold");
  const seats = Array.from(form.querySelectorAll("[data-dealer]"));
  function update() {
    const players = seats.filter((seat) => (seat.type === "checkbox" ? seat.checked : seat.value.trim())).length;
    folds.forEach((fold) => {
      const words = [];
      fold.querySelectorAll("label.option input:checked").forEach((input) => {
        if (input.type === "checkbox" || input.value !== "none") {
          words.push(input.closest("label").querySelector("b").textContent.trim());
        }
        const rounds = input.dataset.rounds && JSON.parse(input.dataset.rounds)[players];
        if (rounds) words.push(rounds);
      });
      const choice = fold.querySelector(".fold-choice");
      choice.textContent = words.join(" · ") || choice.dataset.none;
    });
  }
  form.addEventListener("change", update);
  seats.forEach((seat) => seat.addEventListener("input", update));
  update();
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
    const said = new Set(); // a setting's reason is said once, beside its first refused option
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((input) => {
      if (!keys.has(input.name)) return;
      let hits = [];
      if (!input.checked || input.type === "checkbox") {
        const trial = { ...now, [input.name]: input.type === "checkbox" ? !input.checked : input.value };
        hits = refused(trial).filter((rule) => !already.includes(rule));
      }
      input.disabled = hits.length > 0 && !input.checked;
      const label = input.closest("label");
      const reason = input.disabled ? hits[0].reason : "";
      const once = `${input.name}\n${reason}`;
      say(label, "why", reason && !said.has(once) ? reason : "", (e) => label.lastElementChild.append(e));
      if (reason) said.add(once);
    });
    // A combination already chosen that cannot be played (say Amigo, then an eighth name),
    // said under the setting's title, above its options; its fold opens to show it.
    new Set(rules.map((rule) => rule.setting)).forEach((setting) => {
      const box = form.querySelector(`[data-setting="${setting}"]`);
      const rule = already.find((r) => r.setting === setting);
      if (!box) return;
      const note = say(box, "why-now", rule ? rule.reason : "", (e) => box.insertBefore(e, box.querySelector("label")));
      if (note) note.id = `why-${setting}`;
      const fold = box.closest("details");
      if (rule && fold) fold.open = true;
    });
  }
  // A reason's place is made the first time there is one to give (``put`` places it): the page
  // does not carry an empty one for every option.
  function say(where, name, reason, put) {
    let element = where.querySelector(`.${name}`);
    if (!element && !reason) return null;
    if (!element) {
      element = document.createElement(name === "why" ? "small" : "p");
      element.className = name;
      put(element);
    }
    element.hidden = !reason;
    element.textContent = reason;
    return element;
  }
  form.addEventListener("change", update);
  names.forEach((input) => input.addEventListener("input", update));
  update();
})();

// The adjustment form's common reasons as taps: one fills in the reason (without JavaScript
// they stay hidden and the reason field still offers them as suggestions).
(function reasonPicks() {
  document.querySelectorAll("form.adjust .reason-picks").forEach((picks) => {
    const field = picks.closest("form").querySelector("input[name=reason]");
    picks.hidden = false;
    picks.addEventListener("click", (event) => {
      const pick = event.target.closest("button[data-reason]");
      if (!pick || !field) return;
      field.value = pick.dataset.reason;
      field.focus();
    });
  });
})();
