// The anniversary decks' part of the round page's script (round/page.html loads it before
// round.js, only for a game whose deck has special cards): the special trumps, and the Bomb and
// the Cloud on the tricks step, which round.js asks through window.padCards.
"use strict";

// The Cloud's winner and change; a bid of 0 can only go up, so "one less" is not offered.
function cloudChange(form) {
  const seat = form.querySelector("select[name=cloud-seat]");
  const less = form.querySelector("input[name=cloud-change][value='-1']");
  const more = form.querySelector("input[name=cloud-change][value='+1']");
  if (!seat || !less || !more) return null;
  const row = seat.value === "" ? null : form.querySelector(`.stepper[data-seat="${seat.value}"]`);
  // One more or less only once someone won the Cloud's trick.
  more.closest(".cloud-change").hidden = !row;
  less.disabled = Boolean(row) && row.dataset.bid === "0";
  if (less.disabled) more.checked = true;
  const way = form.querySelector("input[name=cloud-change]:checked");
  return row && way ? { seat: seat.value, change: Number(way.value) } : null;
}
// The Bomb and the Cloud of an anniversary deck, kept after the tricks (forms/cards.py).
function playedCards(form) {
  let text = "";
  const bomb = form.querySelector("input[name=bomb]");
  if (bomb && bomb.value === "1") text += ":b";
  const seat = form.querySelector("select[name=cloud-seat]");
  if (seat && seat.value !== "") {
    const way = form.querySelector("input[name=cloud-change]:checked");
    text += `:c${seat.value}${way ? (way.value === "-1" ? "d" : "u") : ""}`;
  }
  return text;
}
// The Cloud chosen (or changed): its winner's stepper moves to the changed bid, as every
// stepper starts at the bid it is scored against, unless it was tapped meanwhile; the one it
// leaves goes back to its bid the same way (data-to: where the Cloud last put it).
function followCloud(form) {
  const cloud = cloudChange(form);
  const told = [];
  form.querySelectorAll(".stepper[data-bid]").forEach((row) => {
    const bid = Number(row.dataset.bid);
    const field = row.querySelector("input[type=hidden]");
    // The Cloud's winner took its trick: never fewer than one, whatever the changed bid
    // (issue 33's walk: one less from a bid of 1 put the count at 0, a round refused later).
    const to = cloud && cloud.seat === row.dataset.seat ? Math.max(1, bid + cloud.change) : bid;
    if (Number(field.value) === Number(row.dataset.to || bid) && Number(field.value) !== to) {
      field.value = to;
      // A stepper moved without a tap on it: shown, or a tap planned on it counts twice.
      row.classList.remove("moved");
      void row.offsetWidth;
      row.classList.add("moved");
      // The Cloud's winner: the bid it changed is said too (issue 49's fourth walk).
      const words = form.querySelector("[data-moved]").dataset;
      const won = cloud && cloud.seat === row.dataset.seat;
      const said = (won ? words.won : words.moved).replace("{bid}", Math.max(0, bid + (won ? cloud.change : 0)));
      told.push(said.replace("{name}", row.querySelector(".name").textContent).replace("{tricks}", to));
    }
    row.dataset.to = to;
  });
  // Said too (issue 49's walk: a count raised from 0 to 1 with nothing read out).
  const region = document.getElementById("said");
  if (region && told.length) {
    region.textContent = "";
    setTimeout(() => { region.textContent = told.join(" "); }, 100);
  }
}
document.addEventListener("change", (event) => {
  const form = event.target.closest(".tricks-form .specials-played") && event.target.form;
  if (!form) return;
  // Another winner: one more or one less is asked again, not carried over from the last one
  // (issue 33's walk: a "one less" chosen for one player was put on the next).
  if (event.target.name === "cloud-seat") {
    form.querySelectorAll("input[name=cloud-change]").forEach((way) => { way.checked = false; });
  }
  followCloud(form);
  tricks.remember(form, tricks.update(form));
});
window.padCards = { cloud: cloudChange, played: playedCards };

// A special card turned as trump: only what the card chosen gives can be tapped
// (rules.TURNED_GIVES: a Dragon a suit, not "no trump"); nothing before a card is chosen (the
// browser asks for one: the radios are required). Without a script the server says so.
function fitSpecialTrump() {
  document.querySelectorAll("form.special-trump").forEach((form) => {
    const card = form.querySelector("input[name=turned]:checked");
    const gives = card ? card.dataset.gives || "" : "";
    form.querySelectorAll("button.special").forEach((button) => {
      button.disabled = !gives || (button.classList.contains("no-trump") ? gives === "named_suit" : gives === "no_trump");
    });
  });
}
fitSpecialTrump();
// The card chosen, its trump is the next tap: the suits brought on screen, where on a phone they
// stood below the fold under the cards (issue 49's walk).
document.addEventListener("change", (event) => {
  if (!event.target.matches(".special-trump input[name=turned]")) return;
  fitSpecialTrump();
  event.target.form.querySelector(".special-suits").scrollIntoView({ block: "nearest" });
});
document.addEventListener("scorekeeper:swapped", fitSpecialTrump);
