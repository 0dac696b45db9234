// Small conveniences on top of pages that work without JavaScript, loaded by every page. What
// one kind of page alone uses is in its own script, which that page loads (round.js, new_game.js):
// a first visit carries only what it uses, each file cached by its ?v= hash.
"use strict";

// Score sheet: say that it scrolls sideways only when it does on this screen.
(function sidewaysCue() {
  const box = document.querySelector(".sheet-scroll");
  const cue = document.querySelector(".scroll-cue");
  if (!box || !cue) return;
  const check = () => { cue.hidden = box.scrollWidth <= box.clientWidth; };
  window.addEventListener("resize", check);
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
