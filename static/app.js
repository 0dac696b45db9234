// Small conveniences on top of pages that work without JavaScript.
"use strict";

// Keep the screen on while a game is open, where the browser supports it.
(function keepAwake() {
  if (!document.body.classList.contains("keep-awake") || !("wakeLock" in navigator)) return;
  let lock = null;
  const request = () => navigator.wakeLock.request("screen").then((l) => { lock = l; }).catch(() => {});
  request();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && (lock === null || lock.released)) request();
  });
})();

// Tricks: show how many are left to give out and fill in the last player from the rest.
(function tricksForm() {
  const form = document.querySelector(".tricks-form");
  if (!form) return;
  const hand = Number(form.dataset.hand);
  const sets = Array.from(form.querySelectorAll("fieldset[data-seat]"));
  const note = form.querySelector(".remaining");
  const chosen = (set) => set.querySelector("input:checked");
  function update(event) {
    const open = sets.filter((set) => !chosen(set));
    const given = sets.reduce((sum, set) => sum + (chosen(set) ? Number(chosen(set).value) : 0), 0);
    if (event && open.length === 1 && given <= hand) {
      const last = open[0].querySelector(`input[value="${hand - given}"]`);
      if (last) { last.checked = true; return update(); }
    }
    const text = open.length ? note.dataset.left : given === hand ? note.dataset.done : note.dataset.wrong;
    note.textContent = text.replace("{left}", hand - given).replace("{sum}", given);
  }
  form.addEventListener("change", update);
  update();
})();

// New game: name the first-dealer choices after the players typed.
(function dealerNames() {
  const select = document.querySelector("#first_dealer");
  if (!select) return;
  const inputs = Array.from(document.querySelectorAll(".seat input"));
  select.querySelectorAll("option").forEach((option) => { option.dataset.seat = option.textContent; });
  function relabel() {
    inputs.forEach((input, seat) => {
      const option = select.querySelector(`option[value="${seat}"]`);
      if (option) option.textContent = input.value.trim() || option.dataset.seat;
    });
  }
  inputs.forEach((input) => input.addEventListener("input", relabel));
  relabel();
})();
