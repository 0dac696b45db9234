// The new-game form's conveniences (home/new_game.html, groups/new_game.html): loaded by those
// pages only, so that every other page's first visit does not carry them. Without it the form
// still works: the server judges what is sent.
"use strict";

// New game: past the seats always shown, a seat appears once the seat before it has a name,
// so a fifth player just types on (without this script they are one fold away).
(function seatsAsNeeded() {
  const fold = document.querySelector("form.new-game details.more-seats");
  if (!fold) return;
  // A seat on the home page; a new player's field beside a group's roster.
  const seats = Array.from(fold.closest("fieldset").querySelectorAll(".seat, .field"));
  const always = seats.length - fold.querySelectorAll(".seat, .field").length;
  const named = (index) => seats[index].querySelector("input").value.trim() !== "";
  function update() {
    seats.forEach((seat, index) => {
      if (index >= always) seat.hidden = !(named(index) || named(index - 1));
    });
  }
  fold.open = true;
  fold.querySelector("summary").hidden = true;
  seats.forEach((seat) => seat.querySelector("input").addEventListener("input", update));
  update();
})();

// New game: the first-dealer list offers the players only, by name, as they are typed (or
// ticked on a group's roster). An input marked data-dealer names the option of that value; the
// others (a draw, roster players without a tick box) always stay. A choice that goes away comes
// back with its player. Without this script the server refuses an empty seat.
(function dealerFollowsNames() {
  const select = document.querySelector("select#first_dealer");
  if (!select) return;
  const inputs = Array.from(select.form.querySelectorAll("[data-dealer]"));
  const seatOf = (option) => inputs.find((input) => input.dataset.dealer === option.value);
  const all = Array.from(select.options);
  all.forEach((option) => { option.dataset.label = option.textContent; });
  let wanted = select.value;
  function update() {
    const offered = all.filter((option) => {
      const seat = seatOf(option);
      if (!seat) return true;
      const named = seat.type === "checkbox" ? seat.checked : seat.value.trim() !== "";
      if (named && seat.type !== "checkbox") option.textContent = seat.value.trim();
      return named;
    });
    const same = offered.length === select.options.length
      && offered.every((option, index) => select.options[index] === option);
    if (!same) select.replaceChildren(...offered);
    select.value = offered.some((option) => option.value === wanted) ? wanted : offered[0].value;
  }
  select.addEventListener("change", () => { wanted = select.value; });
  inputs.forEach((input) => input.addEventListener(input.type === "checkbox" ? "change" : "input", update));
  update();
})();

// New game: each fold's heading says what its options are set to, as the server writes it:
// the choices (one meaning no such rule left out) and the on/off options that are on; the
// length says its rounds at the table typed so far.
(function foldHeadings() {
  const form = document.querySelector("form.new-game");
  if (!form) return;
  const folds = form.querySelectorAll("details.fold");
  // A fold opened by a tap shows its options from its heading down: opened at the screen's
  // foot, they stood under the Start bar (issue 49's walk).
  folds.forEach((fold) => fold.querySelector("summary").addEventListener("click", () => requestAnimationFrame(() => {
    if (fold.open && fold.getBoundingClientRect().bottom > innerHeight) fold.querySelector("summary").scrollIntoView({ block: "start" });
  })));
  const seats = Array.from(form.querySelectorAll("[data-dealer]"));
  function update() {
    const players = seats.filter((seat) => (seat.type === "checkbox" ? seat.checked : seat.value.trim())).length;
    folds.forEach((fold) => {
      const words = [];
      fold.querySelectorAll("select").forEach((select) => {
        const box = select.closest("[data-setting]");
        if (!box.hidden && select.value !== select.dataset.default) words.push(`${box.querySelector("b").textContent}: ${select.selectedOptions[0].textContent}`);
      });
      fold.querySelectorAll("label.option input:checked").forEach((input) => {
        if (input.closest("[hidden]")) return;
        if (input.type === "checkbox" || input.value !== "none") {
          words.push(input.dataset.summary || input.closest("label").querySelector("b").textContent.trim());
        }
        // "3:20 rounds|4:15 rounds|…|h5:9 rounds|…" (game_form.schedule_rounds): the table's
        // entry, or the largest hand's where the table chose one (Oh Hell).
        const hand = fold.querySelector("select[data-hands]");
        const key = hand && hand.value !== "0" ? `h${hand.value}` : players;
        const entry = (input.dataset.rounds || "").split("|").find((pair) => pair.startsWith(`${key}:`));
        const rounds = entry && entry.slice(entry.indexOf(":") + 1);
        if (rounds) words.push(rounds);
      });
      const choice = fold.querySelector(".fold-choice");
      choice.textContent = words.join(" · ") || choice.dataset.none;
    });
  }
  form.addEventListener("change", update);
  seats.forEach((seat) => seat.addEventListener("input", update));
  update();
})();

// New game: grey out a choice the rules refuse with the others chosen, and say why beside it.
// The combinations come from the server's registry; the server still judges what is sent.
(function refusedChoices() {
  const form = document.querySelector("form.new-game[data-refused]");
  if (!form) return;
  const rules = JSON.parse(form.dataset.refused);
  const keys = new Set(rules.flatMap((rule) => rule.when.flatMap((when) => Object.keys(when))));
  const names = Array.from(form.querySelectorAll(".seat input"));
  function state() {
    const now = { players: Math.max(Number(form.dataset.min || 3), names.filter((input) => input.value.trim()).length) };
    form.querySelectorAll(".variant select").forEach((select) => { now[select.name] = Number(select.value); });
    form.querySelectorAll("input[type=radio]:checked").forEach((input) => { now[input.name] = input.value; });
    form.querySelectorAll("input[type=checkbox]").forEach((input) => { now[input.name] = input.checked; });
    return now;
  }
  const refused = (now) => rules.filter((rule) =>
    rule.when.some((when) => Object.entries(when).every(([key, value]) => now[key] === value)));
  function update() {
    const now = state();
    const already = refused(now);
    const said = new Set(); // a setting's reason is said once, beside its first refused option
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach((input) => {
      if (!keys.has(input.name)) return;
      let hits = [];
      if (!input.checked || input.type === "checkbox") {
        const trial = { ...now, [input.name]: input.type === "checkbox" ? !input.checked : input.value };
        hits = refused(trial).filter((rule) => !already.includes(rule));
      }
      input.disabled = hits.length > 0 && !input.checked;
      const label = input.closest("label");
      const reason = input.disabled ? hits[0].reason : "";
      const once = `${input.name}\n${reason}`;
      say(label, "why", reason && !said.has(once) ? reason : "", (e) => label.lastElementChild.append(e));
      if (reason) said.add(once);
    });
    // A combination already chosen that cannot be played (say Amigo, then an eighth name),
    // said under the setting's title, above its options; its fold opens to show it.
    new Set(rules.map((rule) => rule.setting)).forEach((setting) => {
      const box = form.querySelector(`[data-setting="${setting}"]`);
      const rule = already.find((r) => r.setting === setting);
      if (!box) return;
      const chosen = box.querySelector("select");
      const why = rule ? rule.reason.replace("{value}", chosen ? chosen.value : "") : "";
      const note = say(box, "why-now", why, (e) => box.insertBefore(e, box.querySelector("label")));
      if (note) note.id = `why-${setting}`;
      const fold = box.closest("details");
      if (rule && fold) fold.open = true;
    });
  }
  // A reason's place is made the first time there is one to give (``put`` places it): the page
  // does not carry an empty one for every option.
  function say(where, name, reason, put) {
    let element = where.querySelector(`.${name}`);
    if (!element && !reason) return null;
    if (!element) {
      element = document.createElement(name === "why" ? "small" : "p");
      element.className = name;
      put(element);
    }
    element.hidden = !reason;
    element.textContent = reason;
    return element;
  }
  form.addEventListener("change", update);
  names.forEach((input) => input.addEventListener("input", update));
  update();
})();
