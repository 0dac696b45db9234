// A game's settings on a new-game form (home/_games.html) that need a script: one shown only
// with another's choice, a list of numbers. Loaded by the pages of a game that has such
// settings only (forms/games.py needs_script), before new_game.js (whose fold headings then
// read what is shown). Without it every setting is shown and the server judges what is sent.
"use strict";

(function gameSettings() {
  const form = document.querySelector("form.new-game[data-refused]");
  if (!form) return;
  const rules = JSON.parse(form.dataset.refused);
  const seats = Array.from(form.querySelectorAll("[data-dealer]"));
  // A setting that counts only with another's choice (Oh Hell's own numbers, with custom
  // scoring: data-only-with="scoring=custom") is shown with that choice only.
  function onlyWith() {
    form.querySelectorAll("[data-only-with]").forEach((box) => {
      const [name, value] = box.dataset.onlyWith.split("=");
      const chosen = form.querySelector(`input[name="${name}"]:checked`);
      box.hidden = !chosen || chosen.value !== value;
    });
  }
  // A list of numbers (Oh Hell's largest hand): those the game refuses at the table typed so
  // far cannot be picked (forms/games.py refused_choices: by table size and number).
  function numbers() {
    const typed = seats.filter((seat) => (seat.type === "checkbox" ? seat.checked : seat.value.trim())).length;
    const players = Math.max(Number(form.dataset.min), typed);
    form.querySelectorAll(".variant select").forEach((select) => {
      Array.from(select.options).forEach((option) => {
        option.disabled = !option.selected && rules.some((rule) => rule.when.some((when) =>
          when.players === players && when[select.name] === Number(option.value)));
      });
    });
  }
  form.addEventListener("change", () => { onlyWith(); numbers(); });
  seats.forEach((seat) => seat.addEventListener("input", numbers));
  onlyWith();
  numbers();
})();
