"""The game record and its moves for every game of the family: a game started by key, rounds
entered at the table, scores from the game's declaration plus adjustments."""

from __future__ import annotations

import pytest

from scorekeeper.core import game, sheet, variants
from scorekeeper.core.adjustments import Adjustment
from scorekeeper.core.family import Bidding
from scorekeeper.core.family.oh_hell import OhHellSettings
from scorekeeper.core.family.skull_king import Claim, Extras, SkullKingSettings
from scorekeeper.core.rules import RuleError, Suit, Turned, Variants

FIVE = ("Ann", "Bob", "Cid", "Dee", "Eve")
FOUR = FIVE[:4]


def test_wizard_started_by_key_is_the_game_new_game_starts() -> None:
    started = game.start("wizard", FOUR, 1, {"length": "quick"})
    assert started == game.new_game(FOUR, 1, variants.from_plain({"length": "quick"}))
    assert started.game == "wizard"
    assert started.settings == variants.from_plain({"length": "quick"})


def test_skull_king_rounds_are_bid_at_once_and_scored_with_their_bonuses() -> None:
    record = game.start("skull_king", FIVE, 0, {"advanced_cards": True})
    assert record.settings == SkullKingSettings(advanced_cards=True)
    assert record.schedule == tuple(range(1, 11))
    now = sheet.build(record).current
    assert now is not None and not now.trump_needed and now.any_order
    assert now.hook is Bidding.AT_ONCE
    # Any order, any bid from 0 to the hand.
    for seat, bid in ((3, 0), (0, 1), (4, 0), (1, 0), (2, 1)):
        record = game.place_bid(record, seat, bid)
    record = game.finish_round(record, [1, 0, 0, 0, None])
    assert record.scores == ((20, 10, -10, 10, 10),)
    # Round 2: a Loot pair and a fourteen; one trick destroyed by the Kraken.
    for seat, bid in enumerate((1, 0, 0, 0, 0)):
        record = game.place_bid(record, seat, bid)
    extras = Extras(destroyed=1, bonuses=(Claim(0, "loot", ally=1), Claim(0, "fourteen")))
    record = game.finish_round(record, [1, 0, 0, 0, 0], facts=extras)
    assert record.rounds[-1].facts == extras
    assert record.scores[-1] == (20 + 20 + 10, 20 + 20, 20, 20, 20)
    row = sheet.build(record).rounds[-1]
    assert row.extras == extras


def test_skull_king_refuses_a_bonus_without_a_trick_and_extras_elsewhere() -> None:
    record = game.start("skull_king", FIVE, 0, {})
    for seat in range(5):
        record = game.place_bid(record, seat, 0)
    with pytest.raises(RuleError) as refused:
        game.finish_round(record, [1, 0, 0, 0, 0], facts=Extras(bonuses=(Claim(1, "fourteen"),)))
    assert refused.value.code == "bonus_without_trick"
    wizard = game.new_game(FOUR, 0, Variants())
    wizard = game.set_trump(wizard, Turned.SUIT, Suit.HEARTS)
    for seat in (1, 2, 3, 0):
        wizard = game.place_bid(wizard, seat, 0)
    with pytest.raises(RuleError) as refused:
        game.finish_round(wizard, [1, 0, 0, 0], facts=Extras(destroyed=1))
    assert refused.value.code == "extras_not_in_game"
    assert game.finish_round(wizard, [1, 0, 0, 0], facts=Extras()).rounds[-1].facts is None


def test_oh_hell_bids_in_turn_with_the_hook_and_keeps_adjustments() -> None:
    record = game.start("oh_hell", FOUR, 0, {"schedule": "down_and_up", "max_hand": 3})
    assert record.settings == OhHellSettings(schedule="down_and_up", max_hand=3)  # type: ignore[arg-type]
    assert record.schedule == (3, 2, 1, 2, 3)
    record = game.set_trump(record, Turned.SUIT, Suit.CLUBS)
    for seat, bid in ((1, 1), (2, 1), (3, 0)):
        record = game.place_bid(record, seat, bid)
    now = sheet.build(record).current
    assert now is not None and now.next_bidder == 0 and 1 not in now.legal_bids
    assert [(bid, reason.code) for bid, reason in now.refusals] == [(1, "bid_total_forbidden_hook")]
    with pytest.raises(RuleError) as refused:
        game.place_bid(record, 0, 1)
    assert refused.value.code == "bid_total_forbidden_hook"
    record = game.place_bid(record, 0, 2)
    record = game.finish_round(record, [2, 1, 0, None])
    assert record.scores == ((12, 11, 0, 10),)
    record = game.adjust_round(record, 1, Adjustment(2, 5, "misdeal"))
    assert record.running_totals[-1] == (12, 11, 5, 10)
    undone = game.undo(record)
    assert undone.current is not None and undone.current.bids == (2, 1, 1, 0)


@pytest.mark.parametrize(
    ("key", "players", "plain", "code"),
    [
        ("chess", FOUR, {}, "game_unknown"),
        ("skull_king", FOUR, {"speed": 1}, "setting_unknown"),
        ("skull_king", FOUR, {"scoring": "golf"}, "setting_not_option"),
        ("oh_hell", ("A", "B"), {}, "game_player_count"),
        ("wizard", ("A", "B"), {}, "player_count"),
    ],
)
def test_start_refuses_with_stable_codes(
    key: str, players: tuple[str, ...], plain: dict[str, object], code: str
) -> None:
    with pytest.raises(RuleError) as refused:
        game.start(key, players, 0, plain)
    assert refused.value.code == code


def test_rematch_keeps_the_game_and_its_settings() -> None:
    record = game.start("skull_king", FIVE, 4, {"scoring": "rascal"})
    again = game.rematch(record)
    assert (again.game, again.settings, again.first_dealer) == ("skull_king", record.settings, 0)


def test_the_current_round_counts_the_game_s_own_deck() -> None:
    record = game.start("oh_hell", FOUR, 0, {"schedule": "down", "max_hand": 1})
    now = sheet.build(record).current
    assert now is not None and now.rounds == 1
    # Oh Hell's 52 cards; the last round needs no word on Wizard's rule texts.
    assert now.undealt == 52 - 4 and not now.last_round_turns_trump
    wizard = sheet.build(game.new_game(FOUR, 0, variants.from_plain({"length": "five_rounds"})))
    assert wizard.current is not None and wizard.current.undealt == 60 - 4
