"""Invariants of the rules that must hold for every table, variant, bid and trick (hypothesis)."""

from __future__ import annotations

from collections import Counter
from itertools import accumulate

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import bidding, game, rules, scoring, sheet
from scorekeeper.core.bidding import RoundSetup
from scorekeeper.core.family.wizard import bid_rules
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import BidRestriction, BidVisibility, Length, Suit, Turned, Variants
from scorekeeper.core.variants import Edition
from tests.support.profiles import examples

# Modest and repeatable: the whole suite stays fast and a failure shows up on every run.
RULES = settings(max_examples=examples(150), derandomize=True, database=None, deadline=None)
GAMES = settings(
    max_examples=examples(60),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

players_st = st.integers(min_value=rules.MIN_PLAYERS, max_value=rules.MAX_PLAYERS)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, Variants]:
    """A table size and a combination of variants that ``check_variants`` accepts."""
    length = draw(st.sampled_from(Length))
    top = 6 if length is Length.AMIGO else rules.MAX_PLAYERS
    players = draw(st.integers(min_value=rules.MIN_PLAYERS, max_value=top))
    restriction = draw(st.sampled_from(BidRestriction))
    visibility = (
        BidVisibility.OPEN
        if restriction is not BidRestriction.NONE
        else draw(st.sampled_from(BidVisibility))
    )
    saboteur = restriction is not BidRestriction.CANADIAN and draw(st.booleans())
    jester_bid = (
        restriction is BidRestriction.NONE
        and visibility is BidVisibility.OPEN
        and draw(st.booleans())
    )
    variants = Variants(
        length=length,
        bid_restriction=restriction,
        bid_visibility=visibility,
        saboteur=saboteur,
        jester_bid=jester_bid,
        edition=draw(st.sampled_from(Edition)),
        foresight=draw(st.booleans()),
        gizzard_fester=draw(st.booleans()),
        pull_one=draw(st.booleans()),
    )
    rules.check_variants(players, variants)
    return players, variants


@st.composite
def rounds_in_bidding(draw: st.DrawFn) -> tuple[RoundSetup, list[int | None]]:
    """A round of a playable table with the first few bids made in order."""
    players, variants = draw(tables())
    hand_sizes = rules.schedule(players, variants.length)
    number = draw(st.integers(min_value=1, max_value=len(hand_sizes)))
    hand = hand_sizes[number - 1]
    setup = RoundSetup(
        players=players,
        number=number,
        hand_size=hand,
        dealer=draw(st.integers(min_value=0, max_value=players - 1)),
        rules=bid_rules(variants),
        totals_before=tuple(
            draw(
                st.lists(
                    st.integers(-50, 50).map(lambda t: 10 * t), min_size=players, max_size=players
                )
            )
        ),
    )
    bids = list(setup.given_bids)
    made = draw(st.integers(min_value=0, max_value=len(setup.bidders)))
    for seat in setup.bidders[:made]:
        bids[seat] = draw(st.sampled_from(bidding.legal_bids(setup, bids, seat)))
    return setup, bids


# --- bids ----------------------------------------------------------------------------------------


@RULES
@given(
    players=players_st,
    data=st.data(),
    saboteur=st.booleans(),
)
def test_plus_minus_one_forbids_at_most_one_bid_and_leaves_at_least_one(
    players: int, data: st.DataObject, saboteur: bool
) -> None:
    hand = data.draw(st.integers(min_value=1, max_value=rules.full_hand(players)))
    setup = RoundSetup(
        players=players,
        number=hand,
        hand_size=hand,
        dealer=data.draw(st.integers(min_value=0, max_value=players - 1)),
        rules=bid_rules(Variants(bid_restriction=BidRestriction.PLUS_MINUS_ONE, saboteur=saboteur)),
        totals_before=(0,) * players,
    )
    bids: list[int | None] = list(setup.given_bids)
    for seat in setup.bidders[:-1]:
        bids[seat] = data.draw(st.integers(min_value=0, max_value=hand))
    last = setup.bidders[-1]
    legal = bidding.legal_bids(setup, bids, last)
    forbidden = set(range(hand + 1)) - set(legal)
    assert len(forbidden) <= 1
    assert len(legal) >= 1
    assert forbidden == {hand - sum(b for b in bids if b is not None)} & set(range(hand + 1))


@RULES
@given(round_=rounds_in_bidding())
def test_legal_bids_are_exactly_the_bids_without_a_refusal(
    round_: tuple[RoundSetup, list[int | None]],
) -> None:
    setup, bids = round_
    for seat in range(setup.players):
        legal = bidding.legal_bids(setup, bids, seat)
        for bid in range(-2, setup.hand_size + 3):
            refusal = bidding.bid_refusal(setup, bids, seat, bid)
            assert (bid in legal) is (refusal is None)
            if refusal is not None:
                assert refusal[0].isupper() and refusal.endswith(".")


@RULES
@given(round_=rounds_in_bidding())
def test_whoever_bids_next_always_has_a_legal_bid_and_at_most_one_is_forbidden(
    round_: tuple[RoundSetup, list[int | None]],
) -> None:
    setup, bids = round_
    seat = bidding.next_bidder(setup, bids)
    if seat is None:
        assert bidding.bids_complete(setup, bids)
        return
    legal = bidding.legal_bids(setup, bids, seat)
    assert len(legal) >= 1
    assert setup.hand_size <= len(legal) <= setup.hand_size + 1
    assert 0 in legal or setup.rules.restriction is BidRestriction.PLUS_MINUS_ONE


# --- scores --------------------------------------------------------------------------------------


@RULES
@given(tricks=st.integers(min_value=0, max_value=20))
def test_a_met_bid_scores_20_plus_10_per_trick(tricks: int) -> None:
    assert scoring.bid_met(tricks, tricks)
    assert scoring.round_score(tricks, tricks) == 20 + 10 * tricks


@RULES
@given(bid=st.integers(0, 20), tricks=st.integers(0, 20))
def test_a_missed_bid_costs_10_per_trick_off_either_way(bid: int, tricks: int) -> None:
    if bid != tricks:
        assert not scoring.bid_met(bid, tricks)
        assert scoring.round_score(bid, tricks) == -10 * abs(tricks - bid) < 0
        assert scoring.round_score(bid, tricks) == scoring.round_score(tricks, bid)


@RULES
@given(tricks=st.integers(0, 20))
def test_the_saboteur_always_scores_20(tricks: int) -> None:
    assert scoring.round_score(None, tricks) == 20


@RULES
@given(totals=st.lists(st.integers(-500, 500), min_size=1, max_size=8))
def test_ranks_and_leaders_agree_with_the_totals(totals: list[int]) -> None:
    ranks = scoring.ranks(totals)
    leaders = scoring.leaders(totals)
    assert leaders == tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    assert leaders and all(totals[seat] == max(totals) for seat in leaders)
    for seat, rank in enumerate(ranks):
        assert rank == 1 + sum(other > totals[seat] for other in totals)
        for other, other_rank in enumerate(ranks):
            assert (totals[seat] > totals[other]) is (rank < other_rank)


# --- a whole game --------------------------------------------------------------------------------


def trump_choice(data: st.DataObject) -> tuple[Turned, Suit | None]:
    turned = data.draw(st.sampled_from([Turned.SUIT, Turned.JESTER, Turned.WIZARD]))
    suit = None if turned is Turned.JESTER else data.draw(st.sampled_from(Suit))
    return turned, suit


def play_round(record: GameRecord, data: st.DataObject) -> list[tuple[str, GameRecord]]:
    """Play the current round by legal moves; each move with the record it produced."""
    moves: list[tuple[str, GameRecord]] = []
    setup = game.current_setup(record)
    if game.current_round(record).trump is None:
        record = game.set_trump(record, *trump_choice(data))
        moves.append(("trump", record))
    while (seat := bidding.next_bidder(setup, game.current_round(record).bids)) is not None:
        legal = bidding.legal_bids(setup, game.current_round(record).bids, seat)
        record = game.place_bid(record, seat, data.draw(st.sampled_from(legal)))
        moves.append(("bid", record))
    winners = data.draw(
        st.lists(
            st.integers(min_value=0, max_value=setup.players - 1),
            min_size=setup.hand_size,
            max_size=setup.hand_size,
        )
    )
    counted = Counter(winners)
    record = game.finish_round(record, [counted[seat] for seat in range(setup.players)])
    moves.append(("round", record))
    return moves


@st.composite
def games(draw: st.DrawFn) -> GameRecord:
    players, variants = draw(tables())
    first_dealer = draw(st.integers(min_value=0, max_value=players - 1))
    return game.new_game([f"P{seat}" for seat in range(players)], first_dealer, variants)


@GAMES
@given(start=games(), data=st.data())
def test_a_whole_legal_game_gives_totals_that_are_the_sum_of_round_scores(
    start: GameRecord, data: st.DataObject
) -> None:
    record = start
    while not record.finished:
        record = play_round(record, data)[-1][1]
    pad = sheet.build(record)
    expected = [
        sum(scoring.round_score(r.bids[seat], r.tricks[seat]) for r in record.rounds)
        for seat in range(len(record.players))
    ]
    assert list(pad.totals) == expected
    assert pad.finished and pad.current is None
    assert pad.winners == pad.leaders == scoring.leaders(expected)
    assert pad.flagged == ()
    assert len(pad.rounds) == len(record.schedule)
    for seat in range(len(record.players)):
        running = list(accumulate(row.scores[seat] for row in pad.rounds))
        assert running == [row.totals[seat] for row in pad.rounds]
    for row in pad.rounds:
        assert sum(row.tricks) == row.hand_size
        saboteur = row.dealer if record.settings.saboteur else None
        assert all((bid is None) is (seat == saboteur) for seat, bid in enumerate(row.bids))
        if record.settings.jester_bid:
            assert all(bid in (0, None) for bid in row.bids)


@GAMES
@given(start=games(), data=st.data(), rounds=st.integers(min_value=1, max_value=3))
def test_undo_takes_back_exactly_the_last_move(
    start: GameRecord, data: st.DataObject, rounds: int
) -> None:
    before = start
    for _ in range(min(rounds, len(start.schedule))):
        for kind, after in play_round(before, data):
            undone = game.undo(after)
            if kind == "round":
                assert undone.rounds == before.rounds
                assert undone.current is not None and before.current is not None
                assert undone.current.trump == before.current.trump
                assert undone.current.bids == before.current.bids
                assert undone.current.reopened_tricks == after.rounds[-1].tricks
            else:
                assert undone.rounds == before.rounds
                assert game.current_round(undone) == game.current_round(before)
            before = after
