// The room screen's countdown: minutes and seconds left to the time the keeper set (the page
// says that time without this script). The server's clock set it: the phone's may differ by a
// few seconds, which a countdown of minutes does not show.
"use strict";
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
