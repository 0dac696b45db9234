// The score sheet of five players or more, or fewer with a long name (linked by the sheet only
// then): when the names push the sheet wider than its box, the columns share its width and a long
// name breaks inside a word (sheet_many.css, .fit), so that every total stays in view; looked at
// again on every resize.
"use strict";

(function fitColumns() {
  const box = document.querySelector(".sheet-scroll");
  const pad = box && box.firstElementChild;
  if (!pad) return;
  const fit = () => {
    pad.classList.remove("fit");
    pad.classList.toggle("fit", box.scrollWidth > box.clientWidth);
    // The sideways cue (app.js) looks again.
    box.dispatchEvent(new Event("scroll"));
  };
  addEventListener("resize", fit);
  fit();
})();
