"""Random games with the anniversary decks (hypothesis): Bombs, Clouds, special trumps and
adjustments played at random through the moves of the table, scored by hand here, and carried by
the record."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.core import bidding, game, record, rules, sheet
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.decks import Deck, Gives, Special
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import Suit, Variants
from scorekeeper.core.variants import BidRestriction, Length
from tests.plays import finish_with_cards
from tests.support.profiles import examples

GAMES = settings(
    max_examples=examples(40),
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ("Tom", "Dick", "Mary", "Ana", "Zoë", "Ivo")
ANNIVERSARY = [Deck.ANNIVERSARY_20, Deck.ANNIVERSARY_25, Deck.ANNIVERSARY_30]


def _trump(draw: st.DrawFn, record: GameRecord) -> GameRecord:
    now = game.current_round(record)
    if now.trump is not None:  # fixed (Wizard Maximus)
        return record
    turned = draw(st.sampled_from(rules.can_turn(record.settings.deck)))
    gives = rules.TURNED_GIVES[turned]
    suit = draw(st.sampled_from(Suit))
    if gives is Gives.NO_TRUMP:
        suit = None
    elif gives is Gives.SUIT_OR_NONE:
        suit = draw(st.sampled_from([*Suit, None]))
    return game.set_trump(record, turned, suit)


def _round(draw: st.DrawFn, record: GameRecord) -> GameRecord:
    record = _trump(draw, record)
    setup = game.current_setup(record)
    for seat in setup.bidders:
        now = game.current_round(record)
        bid = draw(st.sampled_from(bidding.legal_bids(setup, now.bids, seat)))
        record = game.place_bid(record, seat, bid)
    # A Bomb or a Cloud turned up for trump is in nobody's hand: not played that round.
    turned = game.current_round(record).trump
    out = None if turned is None else turned.turned
    bomb = draw(st.booleans()) and out is not Special.BOMB
    left = setup.hand_size - (1 if bomb else 0)
    tricks = [0] * setup.players
    for _ in range(left):
        tricks[draw(st.integers(0, setup.players - 1))] += 1
    bids = game.current_round(record).bids
    cloud = None  # its winner took the Cloud's trick: one of the seats that took one
    clouded = [seat for seat, bid in enumerate(bids) if bid is not None and tricks[seat] > 0]
    if draw(st.booleans()) and clouded and out is not Special.CLOUD:
        seat = draw(st.sampled_from(clouded))
        cloud = (seat, 1 if bids[seat] == 0 else draw(st.sampled_from([1, -1])))
    record = finish_with_cards(record, tricks, bomb=bomb, cloud=cloud)
    return _adjust(draw, record, len(record.rounds))


REASONS = ("revoke", "misdeal", "house rule", "Zoë's bonus")


def _adjust(draw: st.DrawFn, record: GameRecord, number: int) -> GameRecord:
    """Up to three adjustments for the round ``number`` (already played), as a table gives them
    from the round's result or its correction page."""
    players = len(record.players)
    for _ in range(draw(st.integers(0, 3))):
        seat = draw(st.integers(0, players - 1))
        points = draw(st.integers(-1000, 1000).filter(bool))
        given = Adjustment(seat, points, draw(st.sampled_from(REASONS)))
        record = game.adjust_round(record, number, given)
    return record


@st.composite
def anniversary_games(draw: st.DrawFn) -> GameRecord:
    """A game with an anniversary deck, some or all of its rounds played at random."""
    players = draw(st.integers(3, 6))
    variants = Variants(
        deck=draw(st.sampled_from(ANNIVERSARY)),
        length=draw(st.sampled_from([Length.STANDARD, Length.FIVE_ROUNDS, Length.MAXIMUS])),
        bid_restriction=draw(st.sampled_from([BidRestriction.NONE, BidRestriction.PLUS_MINUS_ONE])),
        saboteur=draw(st.booleans()),
    )
    record = game.new_game(NAMES[:players], draw(st.integers(0, players - 1)), variants)
    rounds = draw(st.integers(0, len(record.schedule)))
    for _ in range(rounds):
        record = _round(draw, record)
    late = draw(st.booleans())  # a late adjustment of an earlier round
    if late and record.rounds:
        record = _adjust(draw, record, draw(st.integers(1, len(record.rounds))))
    return record


def by_hand(bid: int | None, tricks: int) -> int:
    if bid is None:
        return 20
    return 20 + 10 * tricks if bid == tricks else -10 * abs(bid - tricks)


@GAMES
@given(played=anniversary_games())
def test_totals_are_the_sum_of_the_round_scores_and_adjustments_counted_by_hand(
    played: GameRecord,
) -> None:
    built = sheet.build(played)
    totals = [0] * len(played.players)
    for row, kept in zip(built.rounds, played.rounds, strict=True):
        given = [0] * len(played.players)
        for adjustment in kept.adjustments:
            given[adjustment.seat] += adjustment.points
        assert row.adjustments == kept.adjustments
        assert sum(row.tricks) == row.hand_size - (1 if row.bomb else 0)
        for seat, taken in enumerate(row.tricks):
            bid = row.bids[seat]
            if row.cloud is not None and row.cloud.seat == seat:
                assert bid is not None and abs(row.cloud.bid - bid) == 1 and row.cloud.bid >= 0
                bid = row.cloud.bid
            # An adjustment counts in the score, never in whether the bid was met (a saboteur
            # without a bid counts as met).
            assert row.met[seat] == (bid is None or bid == taken)
            assert row.scores[seat] == by_hand(bid, taken) + given[seat]
            totals[seat] += row.scores[seat]
        assert list(row.totals) == totals
    assert list(built.totals) == totals


@GAMES
@given(played=anniversary_games())
def test_a_record_exported_and_imported_is_the_same_game(played: GameRecord) -> None:
    written = record.to_record(sheet.build(played))
    again = record.parse_game(written)
    assert again.rounds == played.rounds
    assert again.settings == played.settings
    assert record.to_record(sheet.build(again)) == written
