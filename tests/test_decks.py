"""The anniversary decks: the deck variant, every special card the pad records, scores by hand."""

from __future__ import annotations

import pytest

from scorekeeper.core import decks, game, record, rules, sheet, specials, stats
from scorekeeper.core.decks import Deck, Gives, Special
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.rules import RuleError, Suit, Trump, Turned, TurnedCard, Variants
from scorekeeper.core.specials import Cloud, Specials
from scorekeeper.core.variants import BidVisibility, Length
from tests.plays import finish_with_cards

A20, A25, A30 = Deck.ANNIVERSARY_20, Deck.ANNIVERSARY_25, Deck.ANNIVERSARY_30
NAMES = ("Tom", "Dick", "Mary", "Ana", "Zoë", "Ivo")


def code(error: pytest.ExceptionInfo[RuleError]) -> str:
    return error.value.reason.code


def started(deck: Deck = A25, players: int = 4, **chosen: object) -> GameRecord:
    return game.new_game(NAMES[:players], 0, Variants(deck=deck, **chosen))  # type: ignore[arg-type]


def bid_all(played: GameRecord, bids: list[int]) -> GameRecord:
    order = game.current_setup(played).order
    for seat in order:
        played = game.place_bid(played, seat, bids[seat])
    return played


# --- the deck as a variant -------------------------------------------------------------------


def test_the_deck_is_a_variant_classic_by_default() -> None:
    assert Variants().deck is Deck.CLASSIC
    assert [d.value for d in Deck] == [
        "classic",
        "anniversary_20",
        "anniversary_25",
        "anniversary_30",
    ]
    assert [decks.cards(d) for d in Deck] == [60, 66, 67, 69]


@pytest.mark.parametrize("deck", [A20, A25, A30])
def test_anniversary_decks_seat_three_to_six(deck: Deck) -> None:
    for players in range(3, 7):
        rules.check_variants(players, Variants(deck=deck))
    for players in (7, 8):
        with pytest.raises(RuleError) as refused:
            rules.check_variants(players, Variants(deck=deck))
        assert code(refused) == "deck_players"
        assert refused.value.reason.setting == "deck"
    rules.check_variants(8, Variants())


def test_the_schedule_stays_sixty_by_players() -> None:
    for players, rounds in ((3, 20), (4, 15), (5, 12), (6, 10)):
        assert len(started(A25, players).schedule) == rounds


def test_a_trump_card_is_turned_in_the_last_round_of_an_anniversary_deck() -> None:
    # Classic: 4 x 15 deals all 60 cards; the 25-year deck leaves 7.
    assert rules.fixed_trump(15, 15, 4, Length.STANDARD) == Trump(Turned.NONE, None)
    assert rules.fixed_trump(15, 15, 4, Length.STANDARD, A25) is None
    assert rules.fixed_trump(2, 15, 4, Length.MAXIMUS, A25) == Trump(Turned.NONE, Suit.DIAMONDS)
    trump = rules.resolve_trump(
        Turned.SUIT, Suit.HEARTS, round_number=15, hand_size=15, players=4,
        length=Length.STANDARD, deck=A25,
    )  # fmt: skip
    assert trump == Trump(Turned.SUIT, Suit.HEARTS)


def test_each_deck_turns_up_its_own_special_cards() -> None:
    assert rules.can_turn(Deck.CLASSIC) == (Turned.SUIT, Turned.JESTER, Turned.WIZARD)
    assert Special.SHAPESHIFTER not in rules.can_turn(A20)
    assert Special.SHAPESHIFTER in rules.can_turn(A25)
    assert Special.VAMPIRE not in rules.can_turn(A25)
    assert {Special.WITCH, Special.VAMPIRE} <= set(rules.can_turn(A30))
    assert len(rules.can_turn(A30)) == 3 + 9
    assert set(rules.TURNED_GIVES) == set(rules.EVERY_CARD) - {Turned.NONE}


# --- special cards turned as trump -----------------------------------------------------------


def trump_of(turned: TurnedCard, suit: Suit | None, deck: Deck = A30) -> Trump:
    return rules.resolve_trump(
        turned, suit, round_number=3, hand_size=3, players=4, length=Length.STANDARD, deck=deck
    )


@pytest.mark.parametrize("turned", [Special.DRAGON, Special.CLOUD, Special.JUGGLER])
def test_dragon_cloud_juggler_turned_the_dealer_names_a_suit(turned: Special) -> None:
    assert rules.TURNED_GIVES[turned] is Gives.NAMED_SUIT
    assert trump_of(turned, Suit.CLUBS) == Trump(turned, Suit.CLUBS)
    with pytest.raises(RuleError) as refused:
        trump_of(turned, None)
    assert code(refused) == "trump_special_needs_suit"


@pytest.mark.parametrize("turned", [Special.FAIRY, Special.BOMB, Special.WITCH])
def test_fairy_bomb_witch_turned_give_no_trump(turned: Special) -> None:
    assert trump_of(turned, None) == Trump(turned, None)
    with pytest.raises(RuleError) as refused:
        trump_of(turned, Suit.HEARTS)
    assert code(refused) == "trump_special_has_no_suit"


@pytest.mark.parametrize("turned", [Special.WEREWOLF, Special.SHAPESHIFTER, Special.VAMPIRE])
def test_werewolf_shapeshifter_vampire_give_a_suit_or_no_trump(turned: Special) -> None:
    assert trump_of(turned, Suit.HEARTS) == Trump(turned, Suit.HEARTS)
    assert trump_of(turned, None) == Trump(turned, None)


def test_a_card_not_in_the_deck_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        trump_of(Special.WEREWOLF, Suit.HEARTS, Deck.CLASSIC)
    assert code(refused) == "card_not_in_deck"
    with pytest.raises(RuleError) as refused:
        trump_of(Special.VAMPIRE, None, A25)
    assert code(refused) == "card_not_in_deck"


def test_the_werewolf_names_no_trump_at_the_table() -> None:
    played = game.set_trump(started(), Special.WEREWOLF, None)
    assert played.current is not None and played.current.trump == Trump(Special.WEREWOLF, None)


# --- the Bomb --------------------------------------------------------------------------------


def test_with_the_bomb_the_tricks_add_up_to_one_less() -> None:
    played = bid_all(game.set_trump(started(), Turned.SUIT, Suit.HEARTS), [0, 0, 0, 0])
    played = finish_with_cards(played, [0, 0, 0, 0], bomb=True)  # a one-card hand, bombed
    assert played.rounds[0].facts == Specials(bomb=True) and played.scores[0] == (20, 20, 20, 20)
    played = game.set_trump(played, Special.FAIRY, None)  # a Bomb turned up is in no hand
    played = bid_all(played, [1, 0, 1, 0])
    with pytest.raises(RuleError) as refused:
        finish_with_cards(played, [1, 0, 1, 0], bomb=True)
    assert code(refused) == "tricks_sum_bomb"
    assert refused.value.reason.params == {"taken": 2, "num": 1}
    done = finish_with_cards(played, [1, 0, None, 0], bomb=True)  # the blank is what is left
    assert done.rounds[1].tricks == (1, 0, 0, 0)
    assert done.scores[1] == (30, 20, -10, 20)


def test_the_bomb_is_refused_in_the_classic_deck() -> None:
    played = bid_all(game.set_trump(started(Deck.CLASSIC), Turned.JESTER, None), [0, 0, 0, 0])
    with pytest.raises(RuleError) as refused:
        finish_with_cards(played, [0, 0, 0, 0], bomb=True)
    assert code(refused) == "card_not_in_deck"
    whole = RoundRecord(Trump(Turned.JESTER), (0, 0, 0, 0), (0, 0, 0, 0), facts=Specials(bomb=True))
    with pytest.raises(RuleError):
        game.add_round(started(Deck.CLASSIC), whole)


def test_without_the_bomb_the_tricks_still_add_up_to_the_hand() -> None:
    with pytest.raises(RuleError) as refused:
        specials.check_tricks(3, [1, 1, 0], 3, bomb=False)
    assert code(refused) == "tricks_sum"
    with pytest.raises(RuleError) as refused:
        specials.check_tricks(3, [1, 5, 0], 3, bomb=True)
    assert code(refused) == "tricks_out_of_range"


# --- the Cloud -------------------------------------------------------------------------------


def two_card_round(deck: Deck = A25, **chosen: object) -> GameRecord:
    played = started(deck, 4, **chosen)
    played = game.add_round(played, RoundRecord(Trump(Turned.JESTER), (0, 0, 0, 1), (0, 0, 0, 1)))
    return bid_all(game.set_trump(played, Turned.SUIT, Suit.SPADES), [1, 0, 1, 0])


def test_the_clouds_winner_is_scored_against_the_changed_bid() -> None:
    # Tom bid 1 and takes 2, winning the Cloud: one up, 2, met: 20 + 20 = 40 (not -10).
    up = finish_with_cards(two_card_round(), [2, 0, 0, 0], cloud=(0, 1))
    assert up.rounds[1].facts == Specials(cloud=Cloud(0, 2))
    assert up.rounds[1].bids == (1, 0, 1, 0)
    assert up.scores[1] == (40, 20, -10, 20)
    # Mary bid 1 and takes the Cloud's trick and another: one down is 0, missed by 2: -20.
    down = finish_with_cards(two_card_round(), [0, 0, 2, 0], cloud=(2, -1))
    assert down.rounds[1].facts == Specials(cloud=Cloud(2, 0))
    assert down.scores[1] == (-10, 20, -20, 20)
    row = sheet.build(down).rounds[1]
    assert row.scored_bids == (1, 0, 0, 0) and row.met == (False, True, False, True)


def test_a_cloud_never_takes_a_bid_below_zero() -> None:
    with pytest.raises(RuleError) as refused:
        finish_with_cards(two_card_round(), [1, 1, 0, 0], cloud=(1, -1))
    assert code(refused) == "cloud_below_zero"


def test_a_cloud_must_change_a_bid_by_exactly_one() -> None:
    bids = (1, 0, 1, 0)
    for cloud, refusal in (
        (Cloud(0, 3), "cloud_not_one_away"),
        (Cloud(0, 1), "cloud_not_one_away"),
        (Cloud(4, 1), "no_such_seat"),
        (Cloud(1, -1), "cloud_below_zero"),
    ):
        with pytest.raises(RuleError) as refused:
            specials.check_cloud(bids, cloud, A20)
        assert code(refused) == refusal
    with pytest.raises(RuleError) as refused:
        specials.changed_bid(bids, 7, 1)
    assert code(refused) == "no_such_seat"


def test_a_cloud_is_refused_in_the_classic_deck_and_for_the_saboteur() -> None:
    classic = bid_all(game.set_trump(started(Deck.CLASSIC), Turned.JESTER, None), [0, 0, 0, 1])
    with pytest.raises(RuleError) as refused:
        finish_with_cards(classic, [0, 0, 0, 1], cloud=(3, -1))
    assert code(refused) == "card_not_in_deck"
    with pytest.raises(RuleError) as refused:
        specials.check_cloud((None, 1, 1), Cloud(0, 1))
    assert code(refused) == "cloud_no_bid"
    with pytest.raises(RuleError) as refused:
        specials.changed_bid((None, 1, 1), 0, 1)
    assert code(refused) == "cloud_no_bid"


def test_a_cloud_reveals_no_sealed_bid() -> None:
    # Delayed bids: the tricks step sends a direction, never a bid; the sheet of the round in
    # progress holds no bid at all.
    played = two_card_round(bid_visibility=BidVisibility.DELAYED)
    assert sheet.build(played).current.bids == (None,) * 4  # type: ignore[union-attr]
    done = finish_with_cards(played, [2, 0, 0, 0], cloud=(0, 1))
    reopened = game.undo(done)
    current = sheet.build(reopened).current
    assert current is not None and current.bids == (None,) * 4
    assert current.reopened_cloud == (0, 1)


# --- undo, record, state ---------------------------------------------------------------------


def test_undo_reopens_a_round_with_its_bomb_and_cloud() -> None:
    done = finish_with_cards(two_card_round(), [1, 0, 0, 0], bomb=True, cloud=(0, 1))
    reopened = game.undo(done)
    assert reopened.current is not None
    assert reopened.current.reopened_facts == Specials(True, Cloud(0, 2))
    assert game.undo_step(reopened) == game.UndoStep("bid", seat=1)  # the dealer bid last
    back = game.undo(reopened)
    assert back.current is not None and back.current.reopened_facts is None


def test_the_record_carries_the_bomb_and_the_cloud_and_reads_them_back() -> None:
    done = finish_with_cards(two_card_round(), [1, 0, 0, 0], bomb=True, cloud=(0, 1))
    written = record.to_record(sheet.build(done))
    assert written["variants"]["deck"] == "anniversary_25"
    assert "bomb" not in written["rounds"][0] and "cloud" not in written["rounds"][0]
    assert written["rounds"][1]["bomb"] is True
    assert written["rounds"][1]["cloud"] == {"seat": 0, "bid": 2}
    assert record.parse_game(written) == done.__class__(
        done.players, done.first_dealer, done.settings, done.rounds
    )


def test_a_special_trump_round_trips_through_the_record() -> None:
    played = game.set_trump(started(A30), Special.VAMPIRE, None)
    played = game.finish_round(bid_all(played, [0, 0, 0, 1]), [0, 0, 0, 1])
    written = record.to_record(sheet.build(played))
    assert written["rounds"][0]["trump"] == {"turned": "vampire", "suit": None}
    assert record.parse_game(written).rounds == played.rounds


def test_the_record_refuses_a_special_card_of_another_deck() -> None:
    data = {
        "players": list(NAMES[:4]),
        "first_dealer": 0,
        "rounds": [{"trump": {"turned": "werewolf", "suit": "hearts"}, "bids": [0] * 4,
                    "tricks": [0, 0, 0, 1]}],
    }  # fmt: skip
    with pytest.raises(record.RecordError) as refused:
        record.parse_game(data)
    assert refused.value.reason.params["reason"].code == "record_not_option"
    data["variants"] = {"deck": "anniversary_20"}
    assert record.parse_game(data).rounds[0].trump == Trump(Special.WEREWOLF, Suit.HEARTS)
    for bad in ({"seat": 0}, {"seat": "0", "bid": 1}, [0, 1]):
        data["rounds"][0]["cloud"] = bad  # type: ignore[index]
        with pytest.raises(record.RecordError):
            record.parse_game(data)
    data["rounds"][0]["cloud"] = None  # type: ignore[index]
    data["rounds"][0]["bomb"] = "yes"  # type: ignore[index]
    with pytest.raises(record.RecordError):
        record.parse_game(data)


def test_special_cards_are_named_once() -> None:
    assert set(decks.SPECIAL_CARDS) == set(Special)
    assert decks.has(A30, Special.VAMPIRE) and not decks.has(Deck.CLASSIC, Special.BOMB)


def test_group_bid_figures_count_the_clouds_changed_bid() -> None:
    played = game.new_game(NAMES[:3], 0, Variants(deck=A20, length=Length.FIVE_ROUNDS))
    jester = Trump(Turned.JESTER)
    rounds = [
        RoundRecord(jester, (0, 0, 1), (0, 0, 1)),
        # Tom bid 0, won the Cloud's trick, went up to 1 and took 1: a bid of 1 met.
        RoundRecord(jester, (0, 1, 1), (1, 0, 1), facts=Specials(cloud=Cloud(0, 1))),
        RoundRecord(jester, (1, 1, 1), (1, 1, 1)),
        RoundRecord(jester, (1, 1, 1), (1, 1, 1), facts=Specials(bomb=True)),
        RoundRecord(jester, (1, 1, 3), (1, 1, 3)),
    ]
    for one_round in rounds:
        played = game.add_round(played, one_round)
    figures = stats.compute([stats.PlayedGame("g", "2026-12-01T20:00:00+00:00", played)])
    tom = next(player for player in figures.players if player.name == "Tom")
    assert (tom.rounds_bid, tom.bids_met, tom.zero_bids, tom.zero_bids_met) == (5, 5, 1, 1)
    assert tom.tricks_minus_bids == 0
    assert tom.total_points == 20 + 30 + 30 + 30 + 30
