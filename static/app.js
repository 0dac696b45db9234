// Small conveniences on top of pages that work without JavaScript, loaded by every page. What
// one kind of page alone uses is in its own script, which that page loads (round.js, new_game.js):
// a first visit carries only what it uses, each file cached by its ?v= hash.
"use strict";

// Score sheet: say that it scrolls sideways only when it does on this screen, and that earlier
// rounds are above while they are (the box opens at its last round).
(function scrollCues() {
  const box = document.querySelector(".sheet-scroll");
  const sideways = document.querySelector(".sideways-cue");
  const earlier = document.querySelector(".earlier-cue");
  if (!box || !sideways || !earlier) return;
  const head = box.querySelector("thead th");
  const first = box.querySelector("tbody tr");
  const check = () => {
    // Hidden once the sheet is scrolled to its last column: nothing is left to swipe to.
    sideways.hidden = box.scrollLeft + box.clientWidth >= box.scrollWidth - 2;
    box.classList.toggle("more", !sideways.hidden);
    const above = Boolean(head && first) && first.getBoundingClientRect().top < head.getBoundingClientRect().bottom - 2;
    earlier.hidden = !above;
    box.classList.toggle("earlier", above);
  };
  window.addEventListener("resize", check);
  box.addEventListener("scroll", check, { passive: true });
  earlier.addEventListener("click", () => box.scrollBy({ top: -box.scrollHeight, behavior: "smooth" }));
  check();
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
