"""Hostile input at every form of the phone pages: the new game, the round page's forms, round
corrections and the game's actions (see tests/fuzzing.py for what counts as a clear answer)."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scorekeeper.core import bidding, game
from scorekeeper.core.rules import EVERY_CARD, BidRestriction, BidVisibility, Length, Suit
from scorekeeper.core.variants import REGISTRY
from tests.fuzzing import (
    FUZZ,
    RECORDS,
    ROUND_FORM_FIELDS,
    Aim,
    aims,
    check_page_request,
    garbled,
    nasty_text,
    path_id,
    seat_table,
)
from tests.support.profiles import examples


def _players(target: str) -> int:
    return len(RECORDS[target].players) if target in RECORDS else 4


def _hand(target: str) -> int:
    record = RECORDS.get(target)
    if record is None or record.finished:
        return 3
    return game.current_setup(record).hand_size


NEW_GAME_FIELDS = (
    *(f"players-{seat}" for seat in range(-1, 10)),
    "first_dealer",
    "length",
    "bid_restriction",
    "bid_visibility",
    "saboteur",
    "jester_bid",
    "foresight",
    "gizzard_fester",
    "pull_one",
    "players",
    "move",
    "players-²",
    "players-" + "9" * 5000,
)


@st.composite
def new_games(draw: st.DrawFn) -> dict[str, Any]:
    """A new-game form as a phone sends it, garbled; sometimes a move up or down."""
    players = draw(st.integers(0, 9))
    base: dict[str, Any] = {
        f"players-{seat}": name for seat, name in enumerate(["Ann", "Bo", "Cy", "Di", "Eve"])
    }
    base = {key: value for key, value in list(base.items())[:players]}
    base |= {
        "first_dealer": draw(st.sampled_from(["random", "0", "1", "2", "7", "²", "9" * 5000])),
        "length": draw(st.sampled_from([length.value for length in Length])),
        "bid_restriction": draw(st.sampled_from([r.value for r in BidRestriction])),
        "bid_visibility": draw(st.sampled_from([v.value for v in BidVisibility])),
    }
    for flag in draw(st.sets(st.sampled_from([s.key for s in REGISTRY if s.is_flag]))):
        base[flag] = "y"
    if draw(st.integers(0, 5)) == 0:
        base["move"] = draw(st.one_of(st.sampled_from(["0:up", "1:down", "9:up"]), nasty_text))
    return draw(garbled(base, NEW_GAME_FIELDS))


@FUZZ
@given(data=new_games())
@example(data={"players-0": "Ann", "players-1": "Bo", "move": "²:up"})
@example(data={"move": "9" * 5000})
@example(data={"players-0": "Ann", "players-1": "Bo", "players-2": "Cy", "first_dealer": "²"})
@example(
    data={"players-0": "Ann", "players-1": "Bo", "players-2": "Cy", "first_dealer": "9" * 5000}
)
def test_new_game_form_never_fails_and_refuses_clearly(
    fuzz_app: Flask, data: dict[str, Any]
) -> None:
    table = seat_table(fuzz_app)
    move = data.get("move")
    reorder = bool(move[0] if isinstance(move, list) else move)
    accepted = check_page_request(
        table, lambda: table.phone.post("/games/new", data=data), changes=not reorder
    )
    if reorder:
        assert accepted, "moving a player up or down is not a refusal"


def _next_bid(target: str) -> tuple[int, int]:
    """The seat whose bid comes next at the table of ``target``, and a bid it may make."""
    record = RECORDS.get(target)
    if record is None or record.finished:
        return 0, 0
    setup, now = game.current_setup(record), game.current_round(record)
    for seat in setup.bidders:
        if now.bids[seat] is None:
            return seat, bidding.legal_bids(setup, now.bids, seat)[0]
    return 0, 0


@st.composite
def round_forms(draw: st.DrawFn, action: str, target: str) -> dict[str, Any]:
    """One of the round page's forms, filled in as the phone would at that table, garbled."""
    players, hand = _players(target), _hand(target)
    base: dict[str, Any] = {}
    if action == "trump":
        base["turned"] = draw(st.sampled_from([turned.value for turned in EVERY_CARD]))
        base["suit"] = draw(st.sampled_from(["", *(suit.value for suit in Suit)]))
    elif action == "bid":
        seat, bid = _next_bid(target)
        base |= {"seat": str(seat), "bid": str(bid)}
    elif action == "tricks":
        winners = draw(st.lists(st.integers(0, players - 1), min_size=hand, max_size=hand))
        base |= {f"tricks-{seat}": str(winners.count(seat)) for seat in range(players)}
        if draw(st.booleans()):
            del base[f"tricks-{draw(st.integers(0, players - 1))}"]  # filled in by the app
    return draw(garbled(base, ROUND_FORM_FIELDS))


@settings(FUZZ, max_examples=examples(80))
@given(
    action=st.sampled_from(["trump", "bid", "tricks", "undo"]),
    aim=aims,
    data=st.data(),
)
def test_round_forms_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask, action: str, aim: Aim, data: st.DataObject
) -> None:
    table = aim.seat(fuzz_app)
    fields = aim.versioned(table, data.draw(round_forms(action, aim.target)))
    url = f"/games/{aim.game_id(table)}/{action}"
    check_page_request(table, lambda: table.phone.post(url, data=fields))


EDIT_FIELDS = (
    "version",
    "turned",
    "suit",
    *(f"{kind}-{seat}" for kind in ("bids", "tricks") for seat in range(-1, 10)),
    "bids-²",
    "tricks-" + "9" * 5000,
)


def _correction(target: str, number: int) -> dict[str, Any]:
    """The correction form of round ``number`` as it comes filled in (the round as entered)."""
    record = RECORDS.get(target)
    if record is None or not 1 <= number <= len(record.rounds):
        return {"turned": "suit", "suit": "hearts", "bids-0": "0", "tricks-0": "0"}
    played = record.rounds[number - 1]
    fields: dict[str, Any] = {
        "turned": played.trump.turned.value,
        "suit": played.trump.suit.value if played.trump.suit else "",
    }
    for seat, (bid, taken) in enumerate(zip(played.bids, played.tricks, strict=True)):
        fields |= {f"bids-{seat}": "" if bid is None else str(bid), f"tricks-{seat}": str(taken)}
    return fields


@FUZZ
@given(
    aim=aims,
    number=st.one_of(
        st.sampled_from([1, 2]), st.sampled_from([2, 1]), st.integers(-2, 25), nasty_text
    ),
    method=st.sampled_from(["POST", "POST", "POST", "GET"]),
    data=st.data(),
)
def test_round_corrections_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask, aim: Aim, number: int | str, method: str, data: st.DataObject
) -> None:
    table = aim.seat(fuzz_app)
    url = f"/games/{aim.game_id(table)}/rounds/{path_id(str(number))}/edit"
    if method == "GET":
        check_page_request(table, lambda: table.phone.get(url), changes=False)
        return
    base = _correction(aim.target, number if isinstance(number, int) else 0)
    fields = aim.versioned(table, data.draw(garbled(base, EDIT_FIELDS)))
    check_page_request(table, lambda: table.phone.post(url, data=fields))


@FUZZ
@given(
    action=st.sampled_from(["delete", "rematch", "share/renew", "share/renew-view"]),
    aim=aims,
    fields=garbled({}, ("version", "confirm", "token")),
)
def test_game_actions_never_fail_and_refused_ones_change_nothing(
    fuzz_app: Flask, action: str, aim: Aim, fields: dict[str, Any]
) -> None:
    table = aim.seat(fuzz_app)
    data = aim.versioned(table, fields)
    url = f"/games/{aim.game_id(table)}/{action}"
    check_page_request(table, lambda: table.phone.post(url, data=data))
