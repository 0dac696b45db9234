// Small conveniences on top of pages that work without JavaScript, loaded by every page. What
// one kind of page alone uses is in its own script, which that page loads (round.js, new_game.js):
// a first visit carries only what it uses, each file cached by its ?v= hash.
"use strict";

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
