// The round page's script (round/page.html; display/display.html keeps its screen on too):
// loaded by those pages only, so that a sheet or a home page does not carry it.
"use strict";

// Keep the screen on while a game is being kept (body.keep-awake, gone at game over). The Wake
// Lock API exists only in a secure context (HTTPS, localhost); on a plain-HTTP table network
// NoSleep.js (static/vendor/nosleep, see docs/libraries.md) plays a tiny muted looping video instead, which
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
    const cloud = cloudChange(form);
    let given = 0;
    const draft = rows.map((row) => {
      const value = Number(row.querySelector("input[type=hidden]").value);
      given += value;
      row.querySelector(".count").textContent = value;
      row.querySelector(".minus").disabled = value <= 0;
      row.querySelector(".plus").disabled = value >= hand;
      if (row.dataset.bid !== undefined) {
        // The Cloud's winner is scored against the changed bid: the mark and the bid say so.
        const bid = Number(row.dataset.bid);
        const changed = cloud && cloud.seat === row.dataset.seat ? Math.max(0, bid + cloud.change) : bid;
        const to = row.querySelector(".cloud-to");
        if (to) to.textContent = changed !== bid ? ` → ${changed}` : "";
        row.classList.toggle("made", value === changed);
        row.classList.toggle("missed", value !== changed);
      }
      return [Number(row.dataset.seat), value];
    });
    const note = form.querySelector(".remaining");
    const text = given < hand ? form.dataset.left : given === hand ? form.dataset.done : form.dataset.wrong;
    note.textContent = text.replace("{left}", hand - given).replace("{sum}", given);
    // Two players: what is left of the hand is Greybeard's (Skull King), not missing.
    note.classList.toggle("wrong", given > hand || (given < hand && !("ghost" in form.dataset)));
    return draft;
  }
  // The Cloud's winner and change; a bid of 0 can only go up, so "one less" is not offered.
  function cloudChange(form) {
    const seat = form.querySelector("select[name=cloud-seat]");
    const less = form.querySelector("input[name=cloud-change][value='-1']");
    const more = form.querySelector("input[name=cloud-change][value='+1']");
    if (!seat || !less || !more) return null;
    const row = seat.value === "" ? null : form.querySelector(`.stepper[data-seat="${seat.value}"]`);
    // One more or less only once someone won the Cloud's trick.
    more.closest(".cloud-change").hidden = !row;
    less.disabled = Boolean(row) && row.dataset.bid === "0";
    if (less.disabled) more.checked = true;
    const way = form.querySelector("input[name=cloud-change]:checked");
    return row && way ? { seat: seat.value, change: Number(way.value) } : null;
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
  // The game's own facts tapped (Skull King's bonuses, a declared game's seats) come back in
  // the address from the server: kept beside the tricks; the Bomb and the Cloud are the page's.
  function remember(form, draft) {
    const bySeat = [];
    draft.forEach(([seat, value]) => { bySeat[seat] = value; });
    const round = form.dataset.round;
    const url = new URL(location.href);
    const old = (url.searchParams.get("tricks") || "").split(":");
    const facts = old[0] === round ? old.slice(2).filter((p) => !/^[bc]/.test(p)) : [];
    url.searchParams.set("tricks", [`${round}:${bySeat.join(".")}`, ...facts].join(":") + playedCards(form));
    history.replaceState(history.state, "", url);
    keep(form);
  }
  function keep(form) {
    try {
      sessionStorage.setItem(key(form), JSON.stringify({ at: mark(form), text: new URL(location.href).searchParams.get("tricks") }));
    } catch { /* private mode: the address keeps them */ }
  }
  // Back by the Round tab (an address without the draft): the page again with the draft this
  // round and version kept, everything tapped in it, facts included.
  function restore(form) {
    const url = new URL(location.href);
    if (url.searchParams.has("tricks")) return keep(form);
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(key(form))); } catch { return; }
    if (kept && kept.at === mark(form) && kept.text) {
      url.searchParams.set("tricks", kept.text);
      location.replace(url);
    }
  }
  const shown = document.querySelector(".tricks-form");
  if (shown) {
    restore(shown);
    cloudChange(shown); // the Cloud's more/less hidden until someone won its trick
  }
  // The Cloud chosen (or changed): its winner's stepper moves to the changed bid, as every
  // stepper starts at the bid it is scored against, unless it was tapped meanwhile; the one it
  // leaves goes back to its bid the same way (data-to: where the Cloud last put it).
  function followCloud(form) {
    const cloud = cloudChange(form);
    form.querySelectorAll(".stepper[data-bid]").forEach((row) => {
      const bid = Number(row.dataset.bid);
      const field = row.querySelector("input[type=hidden]");
      // The Cloud's winner took its trick: never fewer than one, whatever the changed bid
      // (issue 33's walk: one less from a bid of 1 put the count at 0, a round refused later).
      const to = cloud && cloud.seat === row.dataset.seat ? Math.max(1, bid + cloud.change) : bid;
      if (Number(field.value) === Number(row.dataset.to || bid) && Number(field.value) !== to) {
        field.value = to;
        // A stepper moved without a tap on it: shown, or a tap planned on it counts twice.
        row.classList.remove("moved");
        void row.offsetWidth;
        row.classList.add("moved");
      }
      row.dataset.to = to;
    });
  }
  document.addEventListener("change", (event) => {
    const form = event.target.closest(".tricks-form .specials-played") && event.target.form;
    if (!form) return;
    // Another winner: one more or one less is asked again, not carried over from the last one
    // (issue 33's walk: a "one less" chosen for one player was put on the next).
    if (event.target.name === "cloud-seat") {
      form.querySelectorAll("input[name=cloud-change]").forEach((way) => { way.checked = false; });
    }
    followCloud(form);
    remember(form, update(form));
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
    // A refusal of the tricks tapped before is answered by this tap: it goes.
    for (const old of document.querySelectorAll(".flash.error")) old.hidden = true;
    // Tapped but not sent yet: the live check asks before it shows another phone's change.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return { update };
})();

// A special card turned as trump: only what the card gives can be tapped (rules.TURNED_GIVES:
// a Fairy no suit, a Dragon not "no trump"). Without a script the server says so.
function fitSpecialTrump() {
  document.querySelectorAll(".special-trump select[name=turned]").forEach((select) => {
    const gives = select.selectedOptions[0] ? select.selectedOptions[0].dataset.gives || "" : "";
    select.form.querySelectorAll("button.special").forEach((button) => {
      // No card chosen yet: nothing to tap.
      button.disabled = !gives || (button.classList.contains("no-trump") ? gives === "named_suit" : gives === "no_trump");
    });
  });
}
// The tricks tapped ride in the address until their round is confirmed; an address that still
// carries them once the page asks for no tricks of that round (an old link, a page left open)
// drops them, so that nothing stale is copied or shared (issue 33's walk).
function dropStaleDraft() {
  const url = new URL(location.href);
  const draft = url.searchParams.get("tricks");
  if (draft === null) return;
  const form = document.querySelector(".tricks-form");
  if (form && draft.split(":")[0] === form.dataset.round) return;
  url.searchParams.delete("tricks");
  history.replaceState(history.state, "", url);
}
dropStaleDraft();
document.addEventListener("scorekeeper:swapped", dropStaleDraft);
fitSpecialTrump();
document.addEventListener("change", (event) => { if (event.target.matches(".special-trump select")) fitSpecialTrump(); });
document.addEventListener("scorekeeper:swapped", fitSpecialTrump);

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
  // live: a change saved on another phone; the page stays where it was, focus too.
  function swap(html, url, submitter, live) {
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
    if (sameStep || live) window.scrollTo(x, y);
    else window.scrollTo(0, 0);
    if (!live) focusAfter(main, submitter);
    // A refusal (Confirm with the tricks wrong, a bonus nobody could take) stands at the top of
    // the page: brought into view, or the tap looks as if it did nothing.
    const refused = main.querySelector(".flash.error");
    if (refused && refused.getBoundingClientRect().top < 0) window.scrollTo(0, 0);
    root.dataset.swaps = String(Number(root.dataset.swaps) + 1);
    document.dispatchEvent(new CustomEvent("scorekeeper:swapped", { detail: { url } }));
    return true;
  }
  // For live.js: the page as it is now, swapped in like a tap's answer; a reload where not.
  window.padFollow = () => {
    root.dataset.busy = "1";
    return fetch(location.href, { headers: { "X-Scorekeeper-In-Place": "1" }, cache: "no-store", credentials: "same-origin" })
      .then((response) => (response.ok && !response.redirected ? response.text() : ""))
      .then((html) => html && swap(html, location.href, null, true))
      .finally(() => { delete root.dataset.busy; });
  };
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
