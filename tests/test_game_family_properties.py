"""Property tests per game of the family (hypothesis): random games of Skull King and Oh Hell
played move by move. Totals are the sum of the round scores counted from the game's rules plus
the adjustments; the bids the core offers are exactly those it accepts; the record's JSON and
the real SQLite file give back the same game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from scorekeeper import storage
from scorekeeper.core import adjustments, bidding, game, record, rules, sheet
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.family import OH_HELL, SKULL_KING, Played, oh_hell, skull_king
from scorekeeper.core.family.skull_king import Change, Claim, Extras, SkullKingRound, Wager
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import RuleError, Suit, Turned
from scorekeeper.storage import games as stored_games
from tests.support.profiles import examples

CHECKS = settings(max_examples=examples(40), derandomize=True, database=None, deadline=None)
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")

skull_king_games = st.fixed_dictionaries(
    {
        "schedule": st.sampled_from([s.value for s in skull_king.Schedule]),
        "scoring": st.sampled_from([s.value for s in skull_king.Scoring]),
        "bonuses_when_missed": st.booleans(),
        "advanced_cards": st.booleans(),
        "pirate_powers": st.booleans(),
    }
)


@st.composite
def oh_hell_games(draw: st.DrawFn) -> tuple[int, dict[str, object]]:
    players = draw(st.integers(oh_hell.MIN_PLAYERS, oh_hell.MAX_PLAYERS))
    plain: dict[str, object] = {
        "schedule": draw(st.sampled_from([s.value for s in oh_hell.Schedule])),
        "max_hand": draw(st.integers(1, min(6, 52 // players))),
        "hook": draw(st.booleans()),
        "trump": draw(st.sampled_from([t.value for t in oh_hell.TrumpChoice])),
        "scoring": draw(st.sampled_from([s.value for s in oh_hell.Scoring])),
    }
    if plain["scoring"] == "custom":
        plain["custom_bonus"] = draw(st.integers(0, oh_hell.MOST_BONUS))
        plain["custom_per_trick"] = draw(st.integers(0, oh_hell.MOST_PER_TRICK))
        plain["custom_penalty"] = draw(st.integers(0, oh_hell.MOST_PENALTY))
        plain["custom_keep_tricks"] = draw(st.booleans())
    return players, plain


# --- playing at the table --------------------------------------------------------------------


def bid_everyone(record: GameRecord, rng: Random) -> GameRecord:
    """Bid every seat, checking at each bid that the bids offered are the bids accepted."""
    while True:
        now = sheet.build(record).current
        assert now is not None
        if not now.waiting:
            return record
        # At once: any seat that has not bid; in turn: the next bidder only.
        seat = rng.choice(now.waiting) if now.any_order else now.next_bidder
        assert seat is not None
        made = game.current_round(record).bids
        offered = bidding.legal_bids(now.setup, made, seat)
        if seat == now.next_bidder:
            assert offered == now.legal_bids
        for bid in range(now.hand_size + 2):
            try:
                game.place_bid(record, seat, bid)
            except RuleError:
                assert bid not in offered
            else:
                assert bid in offered
        record = game.place_bid(record, seat, rng.choice(offered))


def share(total: int, seats: int, rng: Random) -> list[int]:
    """``total`` tricks dealt out at random among ``seats``."""
    tricks = [0] * seats
    for _ in range(total):
        tricks[rng.randrange(seats)] += 1
    return tricks


def skull_king_extras(
    chosen: skull_king.SkullKingSettings,
    bids: tuple[int | None, ...],
    tricks: list[int],
    destroyed: int,
    rng: Random,
) -> Extras:
    """Facts of a round that can have happened with these tricks and settings."""
    winners = [seat for seat, taken in enumerate(tricks) if taken]
    claims: list[Claim] = []
    if winners:
        claims += [Claim(rng.choice(winners), "fourteen") for _ in range(rng.randrange(4))]
        if rng.random() < 0.3:
            claims.append(Claim(rng.choice(winners), "black_fourteen"))
        if rng.random() < 0.3:
            claims.append(Claim(rng.choice(winners), "skull_king_by_mermaid"))
        elif rng.random() < 0.3:
            claims.append(Claim(rng.choice(winners), "pirate_by_skull_king"))
        if chosen.advanced_cards and len(tricks) > 1 and rng.random() < 0.5:
            seat = rng.choice(winners)
            claims.append(
                Claim(seat, "loot", rng.choice([s for s in range(len(tricks)) if s != seat]))
            )
    harry = roatan = None
    if chosen.pirate_powers and winners:
        seat = rng.choice(winners)
        by = rng.choice([-1, 1])
        if 0 <= (bids[seat] or 0) + by <= sum(tricks) + destroyed:
            harry = Change(seat, by)
        roatan = Wager(rng.choice(winners), rng.choice(skull_king.WAGERS))
    rascal = chosen.scoring is skull_king.Scoring.RASCAL
    cannonball = tuple(rng.random() < 0.3 for _ in tricks) if rascal else ()
    return Extras(destroyed, tuple(claims), harry, roatan, cannonball)


def play(record: GameRecord, rng: Random, rounds: int | None = None) -> GameRecord:
    """Play ``rounds`` rounds (every round left by default) at the table, with adjustments."""
    for _ in range(len(record.schedule) if rounds is None else rounds):
        if record.finished:
            break
        now = sheet.build(record).current
        assert now is not None
        if now.trump is None:
            record = game.set_trump(record, Turned.SUIT, rng.choice(list(Suit)))
        record = bid_everyone(record, rng)
        extras = None
        destroyed = 0
        chosen = record.settings
        if isinstance(chosen, skull_king.SkullKingSettings):
            if chosen.advanced_cards:
                destroyed = rng.randint(0, min(2, now.hand_size))
            tricks = share(now.hand_size - destroyed, len(record.players), rng)
            bids = game.current_round(record).bids
            extras = skull_king_extras(chosen, bids, tricks, destroyed, rng)
        else:
            tricks = share(now.hand_size, len(record.players), rng)
        record = game.finish_round(record, tricks, facts=extras)
        if rng.random() < 0.3:
            seat = rng.randrange(len(record.players))
            record = game.adjust_round(record, len(record.rounds), Adjustment(seat, -10, "revoke"))
    return record


# --- what is checked -------------------------------------------------------------------------


def counted_by_the_rules(played: GameRecord) -> tuple[int, ...]:
    """Each seat's total from the game's own rule functions, round by round, and adjustments."""
    totals = [0] * len(played.players)
    for number, entry in enumerate(played.rounds, start=1):
        hand = played.schedule[number - 1]
        dealer = rules.dealer(played.first_dealer, number, len(played.players))
        if played.game == SKULL_KING.key:
            extras = entry.facts if isinstance(entry.facts, Extras) else Extras()
            facts: Any = SkullKingRound(
                hand,
                dealer,
                entry.bids,
                entry.tricks,
                extras.destroyed,
                extras.bonuses,
                extras.harry,
                extras.roatan,
                extras.cannonball,
            )
            scores = skull_king.score_round(played.settings, facts)
        else:
            scores = oh_hell.score_round(
                played.settings, Played(hand, dealer, entry.bids, entry.tricks)
            )
        extra = adjustments.by_seat(len(played.players), entry.adjustments)
        totals = [t + s + a for t, s, a in zip(totals, scores, extra, strict=True)]
    return tuple(totals)


def check_game(played: GameRecord) -> None:
    built = sheet.build(played)
    assert built.totals == counted_by_the_rules(played)
    summed = [0] * len(played.players)
    for row in built.rounds:
        summed = [t + s for t, s in zip(summed, row.scores, strict=True)]
    assert built.totals == tuple(summed)
    # The record's JSON gives back the same game.
    written = json.loads(json.dumps(record.to_record(built)))
    assert written["game"] == played.game
    assert record.parse_game(written) == played


@CHECKS
@given(
    players=st.integers(skull_king.MIN_PLAYERS, skull_king.MAX_PLAYERS),
    plain=skull_king_games,
    seed=st.integers(0, 10**6),
)
def test_skull_king_games(players: int, plain: dict[str, object], seed: int) -> None:
    rng = Random(seed)
    started = game.start(SKULL_KING.key, NAMES[:players], rng.randrange(players), plain)
    check_game(play(started, rng))


@CHECKS
@given(table=oh_hell_games(), seed=st.integers(0, 10**6))
def test_oh_hell_games(table: tuple[int, dict[str, object]], seed: int) -> None:
    players, plain = table
    rng = Random(seed)
    started = game.start(OH_HELL.key, NAMES[:players], rng.randrange(players), plain)
    check_game(play(started, rng))


def reread(path: Path, game_id: str) -> GameRecord:
    """The game read back from the file by a connection of its own (no record kept in memory)."""
    db = Database(sqlite3.connect(path))
    try:
        stored = stored_games.load(db, game_id)
    finally:
        db.close()
    assert stored is not None
    return stored.record


@settings(max_examples=examples(15), derandomize=True, database=None, deadline=None)
@given(
    key=st.sampled_from([SKULL_KING.key, OH_HELL.key]),
    plain=skull_king_games,
    table=oh_hell_games(),
    seed=st.integers(0, 10**6),
)
def test_storage_gives_back_every_game(
    tmp_path_factory: Any, key: str, plain: dict[str, object], table: Any, seed: int
) -> None:
    rng = Random(seed)
    players, settings_plain = (5, plain) if key == SKULL_KING.key else table
    started = game.start(key, NAMES[:players], 0, settings_plain)
    path = tmp_path_factory.mktemp("games") / "games.sqlite"
    db = storage.connect(path)
    storage.migrate(db)
    stored = storage.create_game(db, play(started, rng, rounds=2))
    assert reread(path, stored.id) == stored.record
    # A round reopened by undo keeps its facts, and the rest of the game is stored as played.
    reopened = game.undo(stored.record)
    stored = storage.save(db, stored, reopened)
    assert reread(path, stored.id) == reopened
    stored = storage.save(db, stored, play(reopened, rng))
    assert reread(path, stored.id) == stored.record
    db.close()
