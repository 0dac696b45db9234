"""A full room's screen at 1920 x 1080 (issue 48): 40 players at 10 tables, the standings with
their tie-break figures, each table's progress and the big QR code while players look for their
seats. The tables and the standings take turns, so that no state of the evening scrolls and
every name stays 32 px or more on one line, uncovered. Shot when ``SCOREKEEPER_SHOTS`` names a
folder."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.flows import NewContext
from tests.browser.rooms import Evening
from tests.support import shots

ROOM = {"width": 1920, "height": 1080}
NAMES = [f"Spielerin Nummer {number}" for number in range(1, 41)]

# What a player sees now: each visible name's size and line count, the figures the QR code
# (with its words) covers, the screen's scroll, and the standings' points per round shown.
SEEN = """() => {
  const shown = (e) => e.getClientRects().length > 0 && !e.closest("[hidden]");
  const names = Array.from(document.querySelectorAll(".room .name")).filter(shown);
  const code = document.querySelector(".players-link").getBoundingClientRect(); // and its words
  const under = (r) => code.left < r.right && code.right > r.left
    && code.top < r.bottom && code.bottom > r.top;
  const figures = ".name, .table-no, .short, .tick, .behind-mark, .rank, .points, .tie-break";
  return {
    sizes: names.map((e) => parseFloat(getComputedStyle(e).fontSize)),
    lines: names.map((e) => e.getClientRects().length),
    covered: Array.from(document.querySelectorAll(figures)).filter(shown)
      .filter((e) => Array.from(e.getClientRects()).some(under)).map((e) => e.textContent),
    code: document.querySelector(".players-link svg").getBoundingClientRect().height,
    scrolls: document.documentElement.scrollHeight > innerHeight
      || document.documentElement.scrollWidth > innerWidth,
    tables: document.querySelectorAll(".sitting:not([hidden]) .table-card").length,
    perRound: Array.from(document.querySelectorAll(".room-standings:not([hidden]) .per-round"),
      (e) => e.textContent),
    seating: document.body.classList.contains("seating"),
  };
}"""


def every_turn(room: Page, shot: str) -> list[dict[str, Any]]:
    """What the screen shows in each of its turns (the clock run on between them), each checked:
    no scrolling, every name 32 px or more on one line, nothing under the QR code."""
    turns: list[dict[str, Any]] = []
    for step in range(4):
        if step:
            room.clock.run_for(12_500)
        seen: dict[str, Any] = room.evaluate(SEEN)
        assert not seen["scrolls"], seen
        assert seen["sizes"] and min(seen["sizes"]) >= 32, seen["sizes"]
        assert max(seen["lines"]) == 1, seen["lines"]
        assert seen["covered"] == [], seen["covered"]
        if seen["seating"]:
            assert seen["code"] >= 270
        shots.take(room, f"club-night/room-1920-40-{shot}-{step}.png", full_page=False)
        turns.append(seen)
    return turns


def test_a_full_room_fits_the_screen_in_every_turn(
    new_context: NewContext, live_server: str
) -> None:
    room = new_context(viewport=ROOM).new_page()
    evening = Evening(room.request, live_server, NAMES, [4])
    for table in evening.draw(1):
        evening.play(table)
    second = evening.draw(2)
    standings = room.request.get(f"{live_server}/api/evenings/{evening.id}").json()["standings"]
    per_round = [line["points_per_round"] for line in standings]

    # Sitting 2 drawn: players look for their seats. The tables (all 40 names, the QR code a
    # quarter of the screen's height or more) and the standings (every tie-break figure) take
    # turns.
    room.clock.install()
    room.goto(f"{live_server}/evenings/{evening.id}/room")
    turns = every_turn(room, "seating-2")
    assert all(turn["seating"] for turn in turns)
    assert turns[0]["tables"] == 10 and len(turns[0]["sizes"]) == 40  # the tables first
    shown = [turn for turn in turns if turn["perRound"]]
    assert shown and all(turn["tables"] == 0 for turn in shown)
    for turn in shown:
        assert [float(f.replace("\u2212", "-")) for f in turn["perRound"]] == per_round

    # Sitting 2 under way: the QR code back in its corner; the turns as before.
    for table in second:
        evening.play(table, 2)
    room.goto(f"{live_server}/evenings/{evening.id}/room")
    turns = every_turn(room, "playing-2")
    assert not any(turn["seating"] for turn in turns)
    assert any(turn["tables"] == 10 for turn in turns)
    assert any(len(turn["perRound"]) == 40 for turn in turns)
