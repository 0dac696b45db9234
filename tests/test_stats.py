"""The statistics of a group: every figure counted from score sheets the rules built."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.core import game, sheet, stats
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.players import player_key, seat_keys
from scorekeeper.core.rules import Length, Suit, Trump, Turned, Variants
from scorekeeper.core.stats import PlayedGame
from scorekeeper.core.stats_filters import Filters, VariantFilter
from tests.plays import legal_round, playable_tables
from tests.support.profiles import examples

HEARTS = Trump(Turned.SUIT, Suit.HEARTS)
FIVE = Variants(length=Length.FIVE_ROUNDS)
POOL = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal")


def five_rounds(
    players: tuple[str, ...],
    rounds: list[tuple[list[int | None], list[int]]],
    saboteur: bool = False,
    jester_bid: bool = False,
) -> GameRecord:
    """A five-round game of ``players`` with the given (bids, tricks) per round."""
    chosen = Variants(length=Length.FIVE_ROUNDS, saboteur=saboteur, jester_bid=jester_bid)
    record = game.new_game(players, 0, chosen)
    for bids, tricks in rounds:
        record = game.add_round(record, RoundRecord(HEARTS, tuple(bids), tuple(tricks)))
    return record


def games(*records: GameRecord) -> list[PlayedGame]:
    return [PlayedGame(f"g{n}", f"2026-01-{n + 1:02d}", record) for n, record in enumerate(records)]


# Three players, first dealer Ana: every bid is met in round 1 and 2, then misses follow.
EVENING = five_rounds(
    ("Ana", "Ben", "Cleo"),
    [
        ([0, 1, 0], [0, 1, 0]),
        ([1, 1, 0], [1, 1, 0]),
        ([0, 2, 1], [1, 1, 1]),
        ([2, 1, 1], [2, 1, 1]),
        ([1, 3, 0], [1, 3, 1]),
    ],
)


def test_the_figures_of_one_game_come_from_its_sheet() -> None:
    figures = stats.compute(games(EVENING))
    built = sheet.build(EVENING)
    by_name = {p.name: p for p in figures.players}
    assert len(figures.games) == 1
    for seat, name in enumerate(EVENING.players):
        player = by_name[name]
        assert player.games == 1
        assert player.total_points == built.totals[seat] == player.best_total
        assert player.rounds == 5 and player.rounds_bid == 5
        assert player.wins == (seat in built.winners)
    ana = by_name["Ana"]
    assert (ana.bids_met, ana.zero_bids, ana.zero_bids_met) == (4, 2, 1)
    assert ana.tricks_minus_bids == 1  # took one trick over a zero bid in round 3
    assert ana.longest_run == 2  # met, met, missed, met, met
    cleo = by_name["Cleo"]
    assert (cleo.bids_met, cleo.zero_bids, cleo.zero_bids_met, cleo.longest_run) == (4, 3, 2, 4)
    assert cleo.points_per_round == built.totals[2] / 5


def test_a_shared_first_place_is_a_win_for_each() -> None:
    level = five_rounds(
        ("Ana", "Ben", "Cleo"),
        [
            ([0, 0, 1], [0, 0, 1]),
            ([1, 1, 0], [1, 1, 0]),
            ([1, 1, 1], [1, 1, 1]),
            ([2, 2, 0], [2, 2, 0]),
            ([2, 2, 1], [2, 2, 1]),
        ],
    )
    built = sheet.build(level)
    assert len(built.winners) == 2
    figures = stats.compute(games(level))
    assert sum(p.wins for p in figures.players) == 2
    assert figures.games[0].winners == ("ana", "ben")


def test_saboteur_rounds_count_in_neither_rounds_bid_nor_bids_met() -> None:
    # First dealer Ana: the saboteurs are Ana, Ben, Cleo, Ana, Ben.
    record = five_rounds(
        ("Ana", "Ben", "Cleo"),
        [
            ([None, 1, 0], [0, 1, 0]),
            ([0, None, 2], [0, 0, 2]),
            ([1, 1, None], [1, 1, 1]),
            ([None, 2, 2], [0, 2, 2]),
            ([1, None, 1], [1, 3, 1]),
        ],
        saboteur=True,
    )
    figures = stats.compute(games(record))
    ana = figures.player("ana")
    assert ana is not None
    assert (ana.rounds, ana.rounds_bid, ana.bids_met) == (5, 3, 3)
    assert ana.total_points == sheet.build(record).totals[0]
    assert ana.longest_run == 3  # the saboteur rounds between neither break nor extend it


def test_the_forced_zeros_of_the_jester_bid_are_not_bids() -> None:
    record = five_rounds(
        ("Ana", "Ben", "Cleo"),
        [([0, 0, 0], tricks) for tricks in ([1, 0, 0], [0, 2, 0], [3, 0, 0], [0, 0, 4], [5, 0, 0])],
        jester_bid=True,
    )
    figures = stats.compute(games(record))
    for player in figures.players:
        assert (player.rounds_bid, player.bids_met, player.zero_bids) == (0, 0, 0)
        assert player.bid_accuracy is None and player.average_over_bid is None
        assert player.rounds == 5
    assert sum(p.total_points for p in figures.players) == sum(sheet.build(record).totals)


def test_unfinished_games_do_not_count() -> None:
    started = game.new_game(("Ana", "Ben", "Cleo"), 0, FIVE)
    figures = stats.compute(games(started, EVENING))
    assert [result.id for result in figures.games] == ["g1"]
    assert all(p.games == 1 for p in figures.players)


def test_a_player_is_the_same_across_spellings_of_the_name() -> None:
    again = game.new_game(("ANA", "ben", "Zoe\u0308"), 1, FIVE)
    rng = Random(3)
    for _ in range(5):
        again = game.add_round(again, legal_round(again, rng))
    first = game.new_game(("Ana", "Ben", "Zoë"), 0, FIVE)
    for _ in range(5):
        first = game.add_round(first, legal_round(first, rng))
    figures = stats.compute(games(first, again))
    assert sorted(p.key for p in figures.players) == ["ana", "ben", "zoë"]
    assert all(p.games == 2 for p in figures.players)
    ana = figures.player("ana")
    assert ana is not None and ana.name == "ANA"  # the latest spelling
    assert player_key("  ZOË ") == player_key("zoe\u0308")


def test_the_leaderboard_is_sorted_by_wins_then_average_then_name() -> None:
    figures = stats.compute(_season(12, seed=5))
    order = [(-p.wins, -p.average_total, p.name.casefold()) for p in figures.players]
    assert order == sorted(order)


def test_head_to_head_counts_who_finished_above() -> None:
    figures = stats.compute(games(EVENING))
    totals = dict(zip(seat_keys(EVENING.players), sheet.build(EVENING).totals, strict=True))
    for first in totals:
        for second in totals:
            if first == second:
                continue
            above, below, level = figures.head_to_head(first, second)
            assert above == (totals[first] > totals[second])
            assert below == (totals[first] < totals[second])
            assert level == (totals[first] == totals[second])
    assert [other.key for other, _h in figures.rivals("ana")] != []
    assert figures.head_to_head("ana", "nobody") == (0, 0, 0)


def test_filters_keep_one_length_or_one_variant() -> None:
    rng = Random(7)
    quick = game.new_game(("Ana", "Ben", "Cleo"), 0, Variants(length=Length.QUICK))
    saboteur = game.new_game(
        ("Ana", "Ben", "Cleo"), 0, Variants(length=Length.FIVE_ROUNDS, saboteur=True)
    )
    for _ in quick.schedule:
        quick = game.add_round(quick, legal_round(quick, rng))
    for _ in saboteur.schedule:
        saboteur = game.add_round(saboteur, legal_round(saboteur, rng))
    played = games(EVENING, quick, saboteur)
    assert len(stats.compute(played).games) == 3
    five = stats.compute(played, Filters(length=Length.FIVE_ROUNDS))
    assert [r.id for r in five.games] == ["g0", "g2"]
    assert [r.id for r in stats.compute(played, Filters(variant=VariantFilter.SABOTEUR)).games] == [
        "g2"
    ]
    plain = stats.compute(played, Filters(Length.FIVE_ROUNDS, VariantFilter.PLAIN))
    assert [r.id for r in plain.games] == ["g0"]
    assert plain.filters.active and not Filters().active


def test_every_variant_filter_matches_its_variant() -> None:
    for _players, variants in playable_tables():
        for choice in VariantFilter:
            matched = choice.matches(variants)
            if choice is VariantFilter.SABOTEUR:
                assert matched == variants.saboteur
            elif choice is VariantFilter.JESTER_BID:
                assert matched == variants.jester_bid
            elif choice is VariantFilter.HIDDEN:
                assert matched == (variants.bid_visibility.value == "hidden")
            elif choice is VariantFilter.CANADIAN:
                assert matched == (variants.bid_restriction.value == "canadian")


def test_no_games_no_figures() -> None:
    figures = stats.compute([])
    assert figures.games == () and figures.players == ()


# --- properties over random seasons ----------------------------------------------------------

TABLES = [
    (players, variants)
    for players, variants in playable_tables()
    if variants.length in (Length.FIVE_ROUNDS, Length.AMIGO, Length.MAXIMUS)
]


def _season(count: int, seed: int) -> list[PlayedGame]:
    """``count`` games of random tables drawn from a pool of names; some left unfinished."""
    rng = Random(seed)
    played = []
    for number in range(count):
        players, variants = rng.choice(TABLES)
        names = tuple(rng.sample(POOL, players))
        record = game.new_game(names, rng.randrange(players), variants)
        rounds = (
            len(record.schedule) if rng.random() < 0.85 else rng.randrange(len(record.schedule))
        )
        for _ in range(rounds):
            record = game.add_round(record, legal_round(record, rng))
        played.append(PlayedGame(f"g{number}", f"2026-02-{number % 28 + 1:02d}", record))
    return played


@settings(max_examples=examples(40), deadline=None)
@given(count=st.integers(0, 8), seed=st.integers(0, 2**32))
def test_the_figures_add_up_over_any_season(count: int, seed: int) -> None:
    played = _season(count, seed)
    figures = stats.compute(played)
    finished = [entry.record for entry in played if entry.record.finished]
    sheets = [sheet.build(record) for record in finished]
    players = figures.players

    assert len(figures.games) == len(finished)
    assert sum(p.wins for p in players) >= sum(1 for built in sheets if built.winners)
    assert sum(p.wins for p in players) == sum(len(built.winners) for built in sheets)
    assert sum(p.games for p in players) == sum(len(built.players) for built in sheets)
    assert sum(p.total_points for p in players) == sum(sum(built.totals) for built in sheets)
    assert sum(p.rounds for p in players) == sum(
        len(built.rounds) * len(built.players) for built in sheets
    )
    bids_made = sum(
        bid is not None
        for built in sheets
        if not built.settings.jester_bid
        for row in built.rounds
        for bid in row.bids
    )
    assert sum(p.rounds_bid for p in players) == bids_made
    for p in players:
        assert 0 <= p.bids_met <= p.rounds_bid <= p.rounds
        assert 0 <= p.zero_bids_met <= p.zero_bids <= p.rounds_bid
        assert p.longest_run <= p.bids_met
        assert 0 <= p.wins <= p.games
        assert p.best_total >= p.average_total
        assert len(p.finals) == p.games
        for other in players:
            if other.key != p.key:
                above, below, level = figures.head_to_head(p.key, other.key)
                assert (above, below) == figures.head_to_head(other.key, p.key)[1::-1]
                assert min(above, below, level) >= 0
