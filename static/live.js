// The pad when the connection comes and goes: following the game live, keeping a tap made while
// the server is out of reach and sending it once it answers, the service worker and its offline
// page. Loaded after app.js, whose in-place taps come first (a tap it sends is not sent again here).
"use strict";

// What a tap was, in the page's words, for a note while it waits to be sent ("Ana's bid: 2"):
// the form's data-kept, with {value} the words of the button tapped. Empty if the form says none.
function tapWords(form, submitter) {
  const words = submitter ? submitter.textContent.replace(/\s+/g, " ").replace(/^↶ /, "").trim() : "";
  return (form.dataset.kept || "").replace("{value}", words);
}

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

// Live: a page of a game follows the game's stream of versions (pushed by the server as each
// change is saved, and its version now whenever the stream opens again) and shows a change at
// once. A page that cannot stream (no first word within a few seconds: a proxy holding it back)
// asks instead whether the game changed (an answer of a few bytes, 304 while nothing did) every
// 1.5 s. It never reloads over something being typed or sent, and says so when the server
// cannot be reached instead of looking current.
(function live() {
  const body = document.body;
  const url = body.dataset.versionUrl;
  if (!url) return;
  const text = body.dataset;
  // Read at every word: a tap updated in place (above) brings the game's new version along.
  const version = () => text.version;
  const KEPT = `pad-kept:${location.pathname}`;
  // A dropped Wi-Fi can leave a request hanging for minutes: give up in time to say so.
  const within = (ms) => AbortSignal.timeout && AbortSignal.timeout(ms);
  let typed = false; // a form field changed and was not sent: a reload would lose it
  let sending = false; // a form is on its way: its answer is the next page
  let offline = false;
  let timer = 0;
  let failures = 0; // answers missed or refused in a row: each wait before asking again is longer
  let streams = "EventSource" in window; // false once a stream stayed silent: ask instead
  let source;
  let quiet; // the stream has said nothing for too long

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

  // A reload shows the page where it was: the position is kept by the page, not restored by the
  // browser, which on some pages put a watching phone a little further down at each change
  // (the round's heading under the top bar after a few rounds, nobody having scrolled).
  const AT = `pad-at:${location.pathname}`;
  history.scrollRestoration = "manual";
  try {
    const kept = sessionStorage.getItem(AT);
    sessionStorage.removeItem(AT);
    if (kept) scrollTo(0, +kept);
  } catch { /* private mode: the page starts at its top */ }
  const reload = () => {
    try { sessionStorage.setItem(AT, scrollY); } catch { /* the top, then */ }
    location.reload();
  };

  // A page that can swap in its new state (round.js) does, without reloading what it loaded.
  function changed() {
    if (typed) show(text.textChanged, [[text.textShow, reload, true]]);
    else if (window.padFollow) padFollow().then((done) => done || reload(), reload);
    else reload();
  }

  // A page being left drops its stream: not the server away (issue 49's walk: "no
  // connection" was read out at each move to another tab). A download leaves the page where
  // it is: left for a moment only.
  let left = 0;
  addEventListener("beforeunload", () => (left = Date.now()));

  // Said once while the server is away: a stream tries again every second.
  function lost() {
    if (offline || Date.now() - left < 3e3) return;
    offline = true;
    body.classList.add("stale");
    if (!kept()) show(text.textOffline, []);
  }

  // The server told the game's version ("null" for a game gone). Told while this page's own
  // tap is on its way (its answer is the new page), it is looked at once the tap is shown,
  // with what the server told last. On an open stream only a newer one counts: a tap's answer
  // may bring a version before the stream tells it.
  let told;
  function seen(current, newer) {
    told = current;
    if (sending) return;
    if (document.documentElement.dataset.busy) return setTimeout(() => seen(told, newer), 300);
    if (offline && !kept()) hide();
    offline = false;
    failures = 0;
    // The server answers again: a tap kept meanwhile is sent now, and its answer is the page.
    const waiting = kept();
    if (waiting) return send(waiting);
    // A game's live version is half one on while its club-night table stands ended early
    // (storage.version_of): a newer one is a later whole version, or the half come or gone.
    const whole = (told) => Math.floor(+told);
    const later = whole(current) > whole(version()) || (whole(current) === whole(version()) && current !== version());
    if (newer && current !== "null" ? later : current !== version()) changed();
  }

  function stream() {
    if (source || document.hidden) return;
    const opened = new EventSource(url.replace(/version$/, "events"));
    let first;
    source = opened;
    const wait = (ms, then) => {
      clearTimeout(quiet);
      quiet = setTimeout(then, ms);
    };
    // Open but no first word within 5 s: something holds the stream back; ask instead.
    opened.onopen = () => {
      first = true; // the version now, after a drop too: any other than the one shown counts
      wait(5000, () => { streams = false; close(); check(); });
    };
    // Silent for 25 s (the server says something every 10 s): the Wi-Fi dropped, which leaves
    // the stream open but dead.
    const heard = () => wait(25000, () => { close(); lost(); schedule(); });
    opened.addEventListener("ping", heard);
    opened.addEventListener("version", (event) => {
      heard();
      seen(event.data, !first);
      first = false;
    });
    // This phone may no longer see the game (its view link was renewed): ask, and the answer
    // is the page that says so.
    opened.addEventListener("refused", () => { close(); check(); });
    opened.onerror = () => {
      // Refused (the game gone, too many pages open from this address, a proxy's error while
      // the server restarts): ask a little later, which says which. Otherwise the browser opens
      // it again by itself; meanwhile the page may be out of date.
      lost();
      if (opened.readyState === EventSource.CLOSED) {
        close();
        failures += 1;
        schedule();
      }
    };
  }

  function close() {
    clearTimeout(quiet);
    if (source) source.close();
    source = null;
  }

  async function check() {
    timer = 0;
    if (sending || document.hidden) return;
    const response = await fetch(url, { headers: { "If-None-Match": `"${version()}"` }, cache: "no-store", signal: within(8000) }).catch(() => null);
    // Out of reach, or the server too busy for this address now (429, 503): ask again later.
    if (!response || response.status >= 500 || response.status === 429) {
      lost();
      failures += 1;
      return schedule(1000 * (+(response && response.headers.get("Retry-After")) || 0));
    }
    // The game is gone (404): the server's page says so.
    if (response.status > 304) return changed();
    seen(response.status === 304 ? version() : String((await response.json().catch(() => ({}))).version));
    follow();
  }

  // Every 1.5 s, and after each failure in a row twice as long (up to a minute, or what the
  // server's Retry-After says), each phone at a moment of its own: phones refused together (a
  // server restarting, an address past its share) do not all come back in the same instant.
  function schedule(atLeast = 0) {
    if (timer) return;
    const wait = Math.min(1500 * 2 ** Math.max(0, failures - 1), 60000);
    timer = setTimeout(check, Math.max(atLeast, wait * (0.75 + Math.random() / 2)));
  }

  const follow = () => (streams ? stream() : schedule());

  document.addEventListener("visibilitychange", () => (document.hidden ? close() : follow()));
  for (const kind of ["input", "change"]) document.addEventListener(kind, () => { typed = true; });
  // A part swapped in (a tap's answer: what was typed went with it) has nothing typed yet: a
  // change then shows by itself, not behind "Show it" (a table ended early, issue 48's walk).
  document.addEventListener("scorekeeper:swapped", () => { typed = false; });
  follow();

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
