"""Rules behind the help texts: sealed bids in any order, whose bid undo takes back, Foresight
on one-card hands, the cards a deal leaves, the hand sizes the form shows, the paragraph of
every variant on the rules page."""

from __future__ import annotations

import pytest

from scorekeeper.core import bidding, game, rulebook, scoring, variants
from scorekeeper.core.family.wizard import bid_rules
from scorekeeper.core.game import UndoStep
from scorekeeper.core.rules import BidRestriction, BidVisibility, Length, RuleError, Suit, Turned
from scorekeeper.core.variants import Edition, Variants
from scorekeeper.render import game_form
from tests.test_rules_bids import OUT_OF_TURN_REASON, round_setup

HIDDEN = BidVisibility.HIDDEN
DELAYED = BidVisibility.DELAYED


@pytest.mark.parametrize("visibility", [HIDDEN, DELAYED])
@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_sealed_bids_may_come_in_any_seat_order(visibility: BidVisibility, seat: int) -> None:
    setup = round_setup(4, dealer=1, bid_visibility=visibility)
    bidding.check_bid(setup, (None, None, None, None), seat, 2)
    assert bidding.any_order(setup.rules)


def test_open_bids_keep_the_order() -> None:
    setup = round_setup(4, dealer=1)
    assert not bidding.any_order(setup.rules)
    with pytest.raises(RuleError, match=OUT_OF_TURN_REASON):
        bidding.check_bid(setup, (None, None, None, None), 0, 2)


def test_a_restriction_keeps_the_order_even_if_bids_were_sealed() -> None:
    sealed = Variants(bid_visibility=HIDDEN, bid_restriction=BidRestriction.PLUS_MINUS_ONE)
    assert not bidding.any_order(bid_rules(sealed))


def sealed_game() -> game.GameRecord:
    record = game.new_game(("Ana", "Bo", "Cy", "Di"), 3, Variants(bid_visibility=HIDDEN))
    return game.set_trump(record, Turned.SUIT, Suit.HEARTS)


def test_undo_of_sealed_bids_entered_out_of_order_names_the_seat_it_takes_back() -> None:
    record = game.place_bid(game.place_bid(sealed_game(), 2, 1), 0, 0)
    assert game.undo_step(record) == UndoStep("bid", seat=2)
    undone = game.undo(record)
    assert undone.current is not None and undone.current.bids == (0, None, None, None)
    assert game.undo_step(undone) == UndoStep("bid", seat=0)


def test_what_undo_takes_back_at_each_step() -> None:
    record = sealed_game()
    assert game.undo_step(record) == UndoStep("trump")
    for seat in (0, 1, 2, 3):
        record = game.place_bid(record, seat, 0)
    assert game.undo_step(record) == UndoStep("bid", seat=3)
    record = game.finish_round(record, [0, 0, 1, 0])
    assert game.undo_step(record) == UndoStep("round", number=1)
    assert game.undo_step(game.new_game(("Ana", "Bo", "Cy"), 0, Variants())) is None


@pytest.mark.parametrize(
    ("hand_size", "reminded"),
    [(1, ("foresight", "gizzard_fester")), (2, ("gizzard_fester",)), (15, ("gizzard_fester",))],
)
def test_foresight_is_reminded_on_one_card_hands_only(
    hand_size: int, reminded: tuple[str, ...]
) -> None:
    chosen = Variants(foresight=True, gizzard_fester=True)
    assert scoring.reminders(chosen, hand_size, False) == reminded


@pytest.mark.parametrize(
    ("players", "hand", "left"), [(7, 8, 4), (8, 7, 4), (6, 10, 0), (3, 5, 45)]
)
def test_the_cards_a_deal_leaves(players: int, hand: int, left: int) -> None:
    assert scoring.undealt(players, hand) == left


def test_the_form_lists_the_lengths_without_a_one_card_hand() -> None:
    missing = dict(game_form.without_one_card("wizard"))
    assert missing == {
        Length.AMIGO: [3, 5],
        Length.QUICK: [3, 5, 6, 7],
        Length.MAXIMUS: [3, 4, 5, 6, 7, 8],
    }


def test_the_hand_sizes_of_quick_play_per_table() -> None:
    shown = dict(game_form.schedule_hands("wizard", Length.QUICK))
    assert rulebook.short_list(shown["3"] or ()) == "2, 4, … 20"
    assert rulebook.short_list(shown["7"] or ()) == "2, 4, 6, 8"
    assert rulebook.short_list(shown["8"] or ()) == "1, 3, 5, 7"
    assert dict(game_form.schedule_hands("wizard", Length.AMIGO))["7\u20138"] is None


def test_every_variant_has_its_paragraph_on_the_rules_page() -> None:
    keys = {key for _spec, _value, key in rulebook.entries()}
    assert keys == set(rulebook.PARAGRAPHS)
    for spec in variants.REGISTRY:
        expected = {spec.key} if spec.is_flag else {f"{spec.key}.{v}" for v in spec.options}
        assert expected <= keys


def test_the_worked_example_is_scored_by_the_rules() -> None:
    totals = {(name, number): total for name, number, *_rest, total in rulebook.EXAMPLE}
    assert totals == {
        ("Tom", 1): 20,
        ("Dick", 1): -10,
        ("Mary", 1): 30,
        ("Tom", 2): 10,
        ("Dick", 2): 10,
        ("Mary", 2): 20,
    }


def test_the_edition_changes_no_rule() -> None:
    fantasy = round_setup(4, edition=Edition.FANTASY)
    assert fantasy.bidders == round_setup(4).bidders
