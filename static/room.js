// The room screen's countdown, the two sittings in turns while players change tables, and each
// change of the evening shown in place (live.js follows its versions and asks padFollow).
"use strict";

// The countdown: minutes and seconds left to the time the keeper set (the page says that time
// without this script). The server's clock set it: the phone's may differ by a few seconds,
// which a countdown of minutes does not show. Started again when the countdown is swapped in.
let countdownTimer = 0;
function countdown() {
  clearTimeout(countdownTimer);
  const box = document.querySelector(".countdown[data-ends]");
  if (!box) return;
  const left = box.querySelector(".left");
  const ends = Date.parse(box.dataset.ends);
  const tick = () => {
    const seconds = Math.max(0, Math.round((ends - Date.now()) / 1000));
    const pad = (n) => String(n).padStart(2, "0");
    left.textContent = seconds ? `${Math.floor(seconds / 60)}:${pad(seconds % 60)}` : box.dataset.over;
    box.classList.toggle("over", !seconds);
    if (seconds) countdownTimer = setTimeout(tick, 1000 - (Date.now() % 1000));
  };
  tick();
}
countdown();

// The screen's turns. While the next sitting is drawn and the one ending is still shown, both do
// not fit one screen in type read from the back (32 px at 1080 lines): they take turns, the next
// one first, each shown as a sitting alone is (body.two, which shrinks the one ending, goes).
// A full room's standings (more than 24 players, or any room whose standings and tables do not
// fit the screen together: body.apart) take a turn of their own after the tables, first once
// the evening is over; while players look for their seats, a shorter one (8 s, the tables 12 s).
// Standings longer than the screen holds take pages of even length, a turn each. Worked out
// again at each turn: the standings' first line arrives in place. Without this script
// everything stands on one screen, the ending sitting in smaller type.
(function turns() {
  const body = document.body;
  const next = document.querySelector(".sitting.next");
  const ending = document.querySelector(".sitting:not(.next)");
  const standings = document.querySelector(".room-standings");
  if (!ending || !standings) return;
  if (next) body.classList.remove("two");
  const every = [next, ending, standings].filter(Boolean);
  const sittings = [next, ending].filter(Boolean);
  const lines = () => Array.from(standings.querySelectorAll(".standings > li"));
  const turnsNow = () => {
    if (!body.classList.contains("crowd") && !body.classList.contains("apart")) {
      return sittings.map((s) => [s, standings]);
    }
    // Apart: the standings' note before their first line is not worth a turn.
    const list = sittings.map((s) => [s]);
    if (!lines().length) return list;
    if (document.querySelector(".evening-over")) list.unshift([standings]);
    else list.push([standings]);
    return list;
  };
  const show = (turn) => {
    for (const part of every) part.hidden = !turn.includes(part);
    // The screen's heading names the sitting being played: not over the next one's tables.
    body.classList.toggle("next-up", turn.includes(next));
    // The sitting ending's turn: the QR code back in the heading's corner (room.css), since
    // those tables are not the ones players look for, and their progress needs the room.
    body.classList.toggle("ending-up", Boolean(next) && turn.includes(ending));
    body.classList.toggle("standings-up", !turn.includes(ending) && !turn.includes(next));
  };
  // The standings' page shown in their own turn: as many lines a page as the screen holds
  // (measured: the first line past its edge), the pages of even length.
  let page = 0;
  let pages = 1;
  const paged = () => {
    const all = lines();
    for (const line of all) line.hidden = false;
    if (!body.classList.contains("standings-up")) return;
    const fits = all.findIndex((line) => {
      const r = line.getBoundingClientRect();
      return r.bottom > innerHeight || r.right > innerWidth;
    });
    pages = fits > 0 ? Math.ceil(all.length / fits) : 1;
    page = Math.min(page, pages - 1);
    const size = Math.ceil(all.length / pages);
    all.forEach((line, i) => (line.hidden = i < page * size || i >= (page + 1) * size));
  };
  window.roomPaged = paged; // the standings swapped in place (below) keep their page
  let at = -1;
  const turn = () => {
    let list = turnsNow();
    const paging = list[at]?.length === 1 && list[at][0] === standings && page + 1 < pages;
    if (paging) page += 1;
    else {
      page = 0;
      at = (at + 1) % list.length;
    }
    show(list[at]);
    paged();
    // Tables and standings together taller than the screen: the standings apart from now on.
    const root = document.documentElement;
    if (list[at].length > 1 && root.scrollHeight > innerHeight) {
      body.classList.add("apart");
      list = turnsNow();
      at = Math.min(at, list.length - 1);
      show(list[at]);
      paged();
    }
    const alone = list[at].length === 1 && list[at][0] === standings;
    setTimeout(turn, alone && body.classList.contains("seating") ? 8000 : 12000);
  };
  turn();
})();

// A change of the evening (a round saved at a table, a game ended, the countdown set): live.js
// hears the new version and asks this. One small answer: the parts whose digest differs from
// the ones shown (a table's card, the standings, the countdown), swapped in where they stand,
// so the turns above run on. A sitting drawn or drawn again changes the layout: a reload
// (false), as for an answer refused (the evening gone or no longer seen: the page says why).
(function follow() {
  const body = document.body;
  const url = body.dataset.roomUrl;
  if (!url) return;
  const root = document.documentElement;
  window.padFollow = async () => {
    root.dataset.busy = "1"; // live.js waits, then asks again with the last version it heard
    try {
      const shown = Array.from(document.querySelectorAll(".part[data-digest]"), (part) => part.dataset.digest);
      const asked = `${url}?v=${body.dataset.version}&have=${shown.join(",")}`;
      const response = await fetch(asked, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) return false;
      const answer = await response.json();
      if (answer.layout !== body.dataset.layout) return false;
      for (const [id, part] of Object.entries(answer.parts)) {
        const box = document.getElementById(id);
        if (!box) return false;
        box.innerHTML = part.html;
        box.dataset.digest = part.digest;
        if (id === "room-status") countdown();
        if (id === "room-standings-part" && window.roomPaged) window.roomPaged();
      }
      body.classList.toggle("seating", answer.seating);
      body.dataset.version = String(answer.version);
      root.dataset.follows = String(Number(root.dataset.follows || 0) + 1);
      return true;
    } catch {
      // Out of reach: the screen stays as it is, and live.js says so and asks again later.
      return true;
    } finally {
      delete root.dataset.busy;
    }
  };
})();
