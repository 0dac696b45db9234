// The room screen's countdown, and the two sittings in turns while players change tables.
"use strict";

// The countdown: minutes and seconds left to the time the keeper set (the page says that time
// without this script). The server's clock set it: the phone's may differ by a few seconds,
// which a countdown of minutes does not show.
(function countdown() {
  const box = document.querySelector(".countdown[data-ends]");
  if (!box) return;
  const left = box.querySelector(".left");
  const ends = Date.parse(box.dataset.ends);
  const tick = () => {
    const seconds = Math.max(0, Math.round((ends - Date.now()) / 1000));
    const pad = (n) => String(n).padStart(2, "0");
    left.textContent = seconds ? `${Math.floor(seconds / 60)}:${pad(seconds % 60)}` : box.dataset.over;
    box.classList.toggle("over", !seconds);
    if (seconds) setTimeout(tick, 1000 - (Date.now() % 1000));
  };
  tick();
})();

// While the next sitting is drawn and the one ending is still shown, both do not fit one screen
// in type read from the back (32 px at 1080 lines): they take turns, the next one first, each
// shown as a sitting alone is (body.two, which shrinks the one ending, goes). Without this
// script both stand on one screen, the ending one in smaller type.
(function turns() {
  const ending = document.querySelector(".sitting:not(.next)");
  const next = document.querySelector(".sitting.next");
  if (!ending || !next) return;
  document.body.classList.remove("two");
  let shown = ending;
  const turn = () => {
    shown = shown === next ? ending : next;
    ending.hidden = shown !== ending;
    next.hidden = shown !== next;
    // The screen's heading names the sitting being played: not over the next one's tables.
    document.body.classList.toggle("next-up", shown === next);
  };
  turn();
  setInterval(turn, 12000);
})();
