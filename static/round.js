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
  const cards = window.padCards;
  const key = (form) => `pad-tricks:${form.dataset.game}`;
  const mark = (form) => `${form.dataset.round}@${document.body.dataset.version}`;
  function update(form) {
    const hand = Number(form.dataset.hand);
    const rows = Array.from(form.querySelectorAll(".stepper"));
    // The Bomb and the Cloud: decks.js, loaded before this script where the deck has them.
    const cloud = cards && cards.cloud(form);
    let given = 0;
    const draft = rows.map((row) => {
      const value = Number(row.querySelector("input[type=hidden]").value);
      given += value;
      row.querySelector(".count").textContent = value;
      const [minus, plus] = row.querySelectorAll("button");
      const focused = document.activeElement;
      minus.disabled = value <= 0;
      plus.disabled = value >= hand;
      // A button going out of use hands the focus to the other (issue 49's walk: to the page),
      // or to Confirm where both are (no trick to give out: the Bomb's in a one-card round).
      if (focused.disabled && row.contains(focused)) (minus.disabled && plus.disabled ? form.querySelector(".confirm") : focused === minus ? plus : minus).focus();
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
  // The game's own facts tapped (Skull King's bonuses, a declared game's seats) come back in
  // the address from the server: kept beside the tricks; the Bomb and the Cloud are the page's.
  function remember(form, draft) {
    const bySeat = [];
    draft.forEach(([seat, value]) => { bySeat[seat] = value; });
    const round = form.dataset.round;
    const url = new URL(location.href);
    const old = (url.searchParams.get("tricks") || "").split(":");
    const facts = old[0] === round ? old.slice(2).filter((p) => !/^[bc]/.test(p)) : [];
    url.searchParams.set("tricks", [`${round}:${bySeat.join(".")}`, ...facts].join(":") + (cards ? cards.played(form) : ""));
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
    if (cards) cards.cloud(shown); // the Cloud's more/less hidden until someone won its trick
  }
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
    document.getElementById("said-alert").textContent = "";
    // Tapped but not sent yet: the live check asks before it shows another phone's change.
    form.dispatchEvent(new Event("change", { bubbles: true }));
  });
  return { update, remember, keep };
})();

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
    // A Confirm refused stays in focus (the refusal is read out, base.html's regions); a round
    // saved has none left, and its next step's heading takes focus.
    if (submitter && submitter.matches("button.confirm")) target = main.querySelector("button.confirm");
    // What a refusal asks to fix (the Loot's other player), else, the button gone (the bonuses
    // opened, the last one taken off), the first control of what its row shows (issue 49).
    const show = submitter && submitter.closest("[data-show]");
    const shows = show && show.dataset.show;
    target = main.querySelector("[data-fix]") || target || (shows && (main.querySelector(`${shows} input:checked`) || main.querySelector(`${shows} :is(button, select, input:not([type=hidden])):enabled`)));
    target = target || main.querySelector(".handoff[tabindex='-1']") || main.querySelector("h2[tabindex='-1'], h1");
    if (target) {
      if (!target.hasAttribute("tabindex") && target.tagName.startsWith("H")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
  }
  // What a tap did ("Round 7 saved.", a refusal), read out where focus is (WCAG 4.1.3): the
  // messages of the new <main> go to the regions that stay (base.html); their copies on the
  // page lose their role, not to be read twice. Emptied first: the same words again are new.
  function say(main) {
    const said = { said: [], "said-alert": [] };
    for (const note of main.querySelectorAll(".flash[role], .said[role]")) {
      said[note.getAttribute("role") === "alert" ? "said-alert" : "said"].push(note.textContent.trim());
      note.removeAttribute("role");
    }
    // What the new step says of itself (whose bid it is; to a watcher, what came: issue 49's
    // walk), its words left as they are.
    const told = main.querySelector("[data-say]");
    if (told) said.said.push(told.textContent.trim());
    for (const [id, texts] of Object.entries(said)) {
      const region = document.getElementById(id);
      if (!region) continue;
      region.textContent = "";
      // A tap before the last one was read out: its words are not put there after these.
      clearTimeout(region.timer);
      if (texts.length) region.timer = setTimeout(() => { region.textContent = texts.join(" "); }, 100);
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
    // The room made above the step (thumb, below) stays while the page is put back where it was.
    const before = document.querySelector("main .step");
    const after = main.querySelector(".step");
    if (before && after) after.style.cssText = before.style.cssText;
    document.querySelector("main").replaceWith(main);
    document.title = fresh.title;
    document.body.classList.toggle("keep-awake", fresh.body.classList.contains("keep-awake"));
    // The live check (below) compares against the version of the page now shown.
    if (fresh.body.dataset.version) document.body.dataset.version = fresh.body.dataset.version;
    history.replaceState(history.state, "", url);
    const form = main.querySelector(".tricks-form");
    // Kept for the Round tab too: a bonus tapped last was lost on a look at the sheet (issue 49).
    if (form) {
      tricks.update(form);
      tricks.keep(form);
    }
    if (sameStep || live) window.scrollTo(x, y);
    else window.scrollTo(0, 0);
    if (!live) focusAfter(main, submitter);
    // What the tap added or opened, where the button or its row says (a bonus's list, the
    // bonuses unfolded): brought clear of the bars, not left below the fold (issue 49's walk).
    const show = submitter && submitter.closest("[data-show]");
    const shown = show && main.querySelector(show.dataset.show);
    if (shown) shown.scrollIntoView({ block: "nearest" });
    say(main);
    // A refusal (Confirm with the tricks wrong, at the page's top; a Loot alone, beside the
    // bonuses, where the top showed nothing of it: issue 49) brought into view, or the tap
    // looks as if it did nothing.
    const refused = main.querySelector(".flash.error, .flash.beside");
    if (refused) refused.scrollIntoView({ block: "nearest" });
    // What the refusal asks to fix shown last: read out, the sentence may be off the screen.
    const fix = main.querySelector("[data-fix]");
    if (fix) fix.scrollIntoView({ block: "nearest" });
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
  // A double tap on a button that sends (a bid, Confirm, a trump) sends once: its second tap
  // lands on the page already swapped in, where another button stands (the next player's bid).
  // The browser counts a double tap (a click's detail); a phone that does not, two touches at
  // the same spot within DOUBLE_TAP_MS. A stepper's taps each count: one tapped while the last
  // is on its way is sent after it.
  const DOUBLE_TAP_MS = 300;
  const SAME_SPOT_PX = 24;
  let touched = { at: -1e9, x: 0, y: 0 };
  let queued = null;
  let held = false; // a key held down (Enter repeating) is one press
  addEventListener("keydown", (event) => { held = event.repeat; }, true);
  // A name's tap on the bonuses adds one each time (two 14s: tap, tap; issue 49's third walk).
  const stepper = (button) => button && button.matches(".minus, .plus, [name=bonus-add]");
  addEventListener("click", (event) => {
    const button = event.target.closest("form[data-inplace] button");
    if (!button || stepper(button)) return;
    const { timeStamp: at, clientX: x, clientY: y } = event;
    const touch = event.pointerType === "touch";
    const again = touch && at - touched.at < DOUBLE_TAP_MS && Math.hypot(x - touched.x, y - touched.y) <= SAME_SPOT_PX;
    if (touch) touched = { at, x, y };
    if (event.detail > 1 || again || (held && !event.detail)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.matches("form[data-inplace]") || event.defaultPrevented) return;
    event.preventDefault();
    const submitter = event.submitter;
    if (busy) {
      if (stepper(submitter)) queued = { name: submitter.name, value: submitter.value };
      return;
    }
    busy = true;
    root.dataset.busy = "1";
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
      .finally(() => {
        busy = false;
        delete root.dataset.busy;
        const again = queued;
        queued = null;
        const button = again && document.querySelector(`main button[name="${CSS.escape(again.name)}"][value="${CSS.escape(again.value)}"]:not(:disabled)`);
        if (button) button.form.requestSubmit(button);
      });
  });
})();

// A kind of bonus chosen: the names to tap next come up from under the Confirm bar (issue 49).
document.addEventListener("change", (event) => {
  if (event.target.name === "bonus-kind") document.querySelector("fieldset.who").scrollIntoView({ block: "nearest" });
});

// A table's game over swapped in by its last tap (or followed live) while the next sitting is
// not drawn yet: the page's head has no refresh then (round/page.html gives a loaded page one),
// so the part that says it waits (data-look-again, in seconds) looks again itself until the
// next sitting's game is offered (issue 48's walk: the phone waited until reloaded by hand).
(function lookAgain() {
  let timer = 0;
  function arm() {
    clearTimeout(timer);
    const waiting = document.querySelector("main [data-look-again]");
    if (!waiting) return;
    timer = setTimeout(function look() {
      if (document.documentElement.dataset.busy) { timer = setTimeout(look, 1000); return; }
      if (window.padFollow) window.padFollow().then((done) => done || location.reload(), arm);
      else location.reload();
    }, 1000 * Number(waiting.dataset.lookAgain));
  }
  document.addEventListener("scorekeeper:swapped", arm);
})();

// The Confirm bar's height as --bar on <html>: what scrolls into view or takes the focus stops
// above it (round.css, scroll-padding-bottom), however many lines its notes take. One thumb: a
// step's first control stands no higher than 40 % of the screen, where a thumb holding the
// phone reaches it (docs/accessibility.md, "One thumb"); room is made above the step, under the
// round's facts (--reach). Without the script the controls stay where they fall.
(function thumb() {
  const root = document.documentElement;
  const observer = "ResizeObserver" in window ? new ResizeObserver(measure) : null;
  let watched = null;
  function measure() {
    const bar = document.querySelector(".confirm-bar");
    if (bar) root.style.setProperty("--bar", `${bar.offsetHeight}px`);
    if (observer && bar && bar !== watched) observer.observe(watched = bar);
  }
  function reach() {
    const step = document.querySelector("main .step");
    const first = step && step.querySelector("form :is(button, select, input:not([type=hidden])), nav.ready a");
    if (!first) return;
    // The room already made counts: the control would stand that much higher without it.
    const made = parseFloat(step.style.getPropertyValue("--reach")) || 0;
    const room = Math.ceil(made + 0.4 * innerHeight - first.getBoundingClientRect().top - scrollY);
    step.style.setProperty("--reach", `${Math.max(0, room)}px`);
  }
  const both = () => { measure(); reach(); };
  both();
  document.addEventListener("scorekeeper:swapped", both);
  addEventListener("resize", reach);
})();
