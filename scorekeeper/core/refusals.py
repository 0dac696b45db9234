"""Every refusal of the rules and of the game record, by a stable code.

A refusal is a :class:`Reason`: a code (``"bid_total_forbidden"``), its parameters and the English
sentence made from them. The sentence is for logs and tests; a player reads it in their own
language, made at the edge (page, API, CSV) from the code and the parameters by
:func:`scorekeeper.render.labels.refusal`. The API sends the code beside the sentence; codes never
change (docs/api.md lists them). Pure Python: the sentences are message ids marked with :func:`N_`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorekeeper.core.club_refusals import CLUB_MESSAGES
from scorekeeper.core.message_ids import N_, NP_, P_, Message

__all__ = ["MESSAGES", "NAMED", "NP_", "N_", "P_", "Message", "Reason", "RuleError", "say"]

MESSAGES: dict[str, Message] = {
    # players and variants
    "player_count": N_("Wizard is played by %(low)s to %(high)s players, not %(players)s."),
    "name_missing": N_("Player %(seat)s needs a name."),
    "name_too_long": N_("Player %(seat)s's name is longer than %(max)s characters."),
    "name_bad_character": N_(
        "Player %(seat)s's name has a character that cannot be shown (an invisible or "
        "control character): type the name again."
    ),
    "names_same": N_("Players %(first)s and %(second)s have the same name: tell them apart."),
    "names_look_alike": N_(
        "Players %(first)s and %(second)s have names that only look alike (letters of another "
        "alphabet): tell them apart."
    ),
    "group_name_bad_character": N_(
        "The group's name has a character that cannot be shown (an invisible or control "
        "character): type the name again."
    ),
    "first_dealer_not_a_player": N_("The first dealer must be one of the players."),
    "unknown_variant": N_('There is no variant "%(name)s" (known: %(known)s).'),
    # Translators: schedule: the hand sizes round by round, not dates.
    "amigo_players": N_("The Amigo tournament has no schedule for 7 or 8 players."),
    "restriction_needs_open_bids": N_(
        "A bid restriction needs the last bidder to see the other bids, "
        "so it cannot be combined with hidden or delayed bids."
    ),
    "jester_bid_with_restriction": N_(
        "With the Jester bid every bid is zero, so there is no bid for a bid restriction to "
        "judge: choose one of the two."
    ),
    "jester_bid_with_sealed_bids": N_(
        "With the Jester bid every bid is zero and known to all, so there is nothing to hide: "
        "choose open bids, or leave the Jester bid off."
    ),
    "saboteur_with_canadian": N_(
        "The Canadian rule is about the dealer's own bid, but the Saboteur dealer "
        "makes no bid: choose one of the two."
    ),
    "deck_players": N_("The anniversary editions are played by 3 to 6 players."),
    # rounds and the trump
    "no_such_round": N_("This game has rounds 1 to %(rounds)s; there is no round %(number)s."),
    "game_over": N_("The game is over: every round has been played."),
    "trump_fixed_maximus": N_(
        "In Wizard Maximus the trump is fixed for every round; nothing is turned."
    ),
    "trump_none_left": N_("This round deals every card, so no trump card is turned."),
    "trump_missing": N_("Cards are left after this deal, so a trump card is turned: enter it."),
    "trump_jester_has_no_suit": N_("A Jester turned up means no trump this round."),
    "trump_wizard_needs_suit": N_("A Wizard turned up: the dealer picks a suit as trump."),
    "trump_suit_missing": N_("Which suit was turned up?"),
    "trump_after_bids": N_("Bidding has started; undo the bids to change the trump."),
    "trump_first": N_("Enter the trump first."),
    "trump_does_not_fit": N_("That trump does not fit this round."),
    "card_not_in_deck": N_("That card is not in the deck this game is played with."),
    "trump_special_needs_suit": N_("This card turned up: the dealer names a suit as trump."),
    "trump_special_has_no_suit": N_("This card turned up means no trump this round."),
    # bids
    "saboteur_does_not_bid": N_("The dealer is the saboteur this round and makes no bid."),
    "jester_bid_nobody_bids": N_("With the Jester bid nobody bids: every bid is zero."),
    "bid_out_of_range": N_("A bid is a number from 0 to %(hand)s in this round."),
    "bid_total_forbidden": N_(
        "Bids would add up to %(hand)s, the number of tricks in this round — "
        "the plus/minus-one rule forbids that."
    ),
    "bid_total_forbidden_canadian": N_(
        "Bids would add up to %(hand)s, the number of tricks in this round, and the dealer "
        "leads alone — the Canadian rule forbids that (bidding zero is always allowed)."
    ),
    "seat_does_not_bid": N_("That seat does not bid this round."),
    "bid_out_of_turn": N_(
        "It is not this player's turn to bid yet: bids go clockwise from the dealer's left."
    ),
    "bids_count": N_("A round needs one bid for each of the %(players)s players."),
    "bid_missing": N_("Every player except a saboteur must bid."),
    "bid_made_already": N_("This player has bid already; undo to change it."),
    "no_such_seat": N_("There is no such player at this table."),
    # tricks
    "tricks_before_bids": N_("Tricks are entered once every bid is in."),
    "tricks_count": N_("A round needs the tricks of each of the %(players)s players."),
    "tricks_out_of_range": N_("Each player takes from 0 to %(hand)s tricks in this round."),
    "tricks_sum": NP_(
        "Tricks add up to %(taken)s, but %(num)s was played this round: "
        "every trick has exactly one winner.",
        "Tricks add up to %(taken)s, but %(num)s were played this round: "
        "every trick has exactly one winner.",
    ),
    "tricks_sum_bomb": NP_(
        "Tricks add up to %(taken)s, but the Bomb took one trick, so %(num)s trick went to the "
        "players.",
        "Tricks add up to %(taken)s, but the Bomb took one trick, so %(num)s tricks went to the "
        "players.",
    ),
    "cloud_no_bid": N_("The Cloud changes a bid: its winner must be a player who bid."),
    "cloud_not_one_away": N_("The Cloud changes a bid by exactly one, up or down."),
    "cloud_direction_missing": N_("Choose whether the Cloud's winner bids one more or one less."),
    "cloud_below_zero": N_("A bid of 0 can only go up with the Cloud."),
    "cloud_without_trick": N_(
        "Player %(seat)s took no trick, so they did not win the Cloud's trick (a Cloud in the "
        "Bomb's trick goes to nobody: enter no Cloud)."
    ),
    "bomb_turned_for_trump": N_(
        "The Bomb was turned up for trump this round, so it was in nobody's hand: it cannot "
        "have been played."
    ),
    "cloud_turned_for_trump": N_(
        "The Cloud was turned up for trump this round, so it was in nobody's hand: nobody won "
        "its trick."
    ),
    "tricks_blanks": N_("Enter the tricks of every player (one may be left for the app to fill)."),
    # undo and corrections
    "nothing_to_undo": N_("Nothing to undo yet."),
    "round_not_played": N_("Round %(number)s has not been played yet, so it cannot be corrected."),
    "only_last_round": N_("Only the last completed round can be taken back."),
    # a corrected round's figures from before, read back from a record (core/corrections.py)
    "corrected_from_same": N_(
        '"corrected_from" holds the round\'s figures as they are now: a round corrected back to '
        "them is not marked, so leave the field out."
    ),
    "corrected_from_refused": N_(
        '"corrected_from" (the round before its correction) does not fit the rules: %(reason)s'
    ),
    # adjustments
    "adjustment_seat": N_("An adjustment is for one of the %(players)s players."),
    "adjustment_points_zero": N_("An adjustment of 0 points changes nothing: enter + or - points."),
    "adjustment_points_range": N_("An adjustment is from -%(max)s to %(max)s points."),
    "adjustment_reason_missing": N_("Say why, in a few words (revoke, misdeal, house rule…)."),
    "adjustment_reason_too_long": N_("The reason is longer than %(max)s characters."),
    "adjustment_reason_bad_character": N_(
        "The reason has a character that cannot be shown (an invisible or control character)."
    ),
    "adjustments_too_many": N_("A round holds at most %(max)s adjustments."),
    "no_such_adjustment": N_("This round has no such adjustment."),
    # the games of the family (core/family, docs/game-family.md)
    "game_unknown": N_('There is no game "%(name)s" (known: %(known)s).'),
    "game_player_count": N_("%(game)s is played by %(low)s to %(high)s players, not %(players)s."),
    "setting_unknown": N_('There is no setting "%(name)s" (known: %(known)s).'),
    "setting_not_option": N_("The setting %(name)s is one of %(options)s, not %(given)s."),
    "bids_all_in": N_("Everyone bids at once: every player needs a bid from 0 to %(hand)s."),
    "bid_total_forbidden_hook": N_(
        "Bids would add up to %(hand)s, the number of tricks in this round — "
        "the hook forbids the dealer that bid."
    ),
    # Oh Hell
    "max_hand_too_large": N_(
        "With %(players)s players a hand has at most %(top)s cards of the 52, not %(given)s."
    ),
    "max_hand_too_small": N_("The largest hand is at least 1 card."),
    "custom_numbers_out_of_range": N_(
        "Custom scoring takes whole numbers: a bonus of 0 to %(bonus)s, 0 to %(per_trick)s per "
        "trick and a penalty of 0 to %(penalty)s per trick off."
    ),
    "custom_numbers_without_custom": N_(
        "The numbers of custom scoring apply only to custom scoring: choose it, or leave them."
    ),
    "trump_suit_only": N_("Only a suit card is turned up in this game: enter its suit."),
    "extras_not_in_game": N_(
        "This game has no bonuses, destroyed tricks or pirate powers to enter with a round."
    ),
    # Skull King
    "destroyed_out_of_range": N_(
        "At most %(most)s tricks of this round can be destroyed (the Kraken and the White Whale)."
    ),
    "tricks_sum_destroyed": N_(
        "Tricks add up to %(taken)s with %(destroyed)s destroyed, but %(num)s were played: "
        "every other trick has exactly one winner."
    ),
    "tricks_sum_ghost": N_(
        "Tricks add up to %(taken)s with %(destroyed)s destroyed, more than the %(num)s played."
    ),
    "needs_advanced_cards": N_(
        "The Loot, the Kraken and the White Whale are advanced cards: turn them on for this game."
    ),
    "needs_pirate_powers": N_(
        "Harry the Giant and Rascal of Roatan are pirate powers: turn them on for this game."
    ),
    "cannonball_needs_rascal": N_("The Cannonball is part of Rascal's scoring only."),
    "cannonball_count": N_("The Cannonball is declared by seat: one true or false per player."),
    "bonus_unknown": N_('There is no bonus "%(kind)s" (known: %(known)s).'),
    "bonus_without_trick": N_(
        "Player %(seat)s took no trick, so they captured nothing for a bonus."
    ),
    "bonus_too_many": N_(
        "There are not that many cards for the bonus %(kind)s (at most %(most)s)."
    ),
    "skull_king_once": N_(
        "There is one Skull King: it captures Pirates in one trick, for one player, or is "
        "captured by a Mermaid, not both."
    ),
    "loot_needs_ally": N_("Loot is shared with another player: choose who played the Loot."),
    "loot_ally_self": N_("Loot is shared between two different players."),
    "ally_only_for_loot": N_("Only Loot is shared with another player."),
    "harry_change": N_(
        "Harry the Giant changes a bid by 1 up or down, to a bid from 0 to %(hand)s."
    ),
    "harry_without_trick": N_(
        "Player %(seat)s took no trick, so they did not win one with Harry the Giant."
    ),
    "roatan_wager": N_("Rascal of Roatan wagers 0, 10 or 20."),
    "roatan_without_trick": N_(
        "Player %(seat)s took no trick, so they did not win one with Rascal of Roatan."
    ),
    "rage_cards_count": N_(
        "The Bonus Rage and Mad Rage cards taken are counted by seat: a number from 0 up for "
        "each player."
    ),
    "rage_cards_too_many": N_("There are only %(most)s %(card)s cards in the deck."),
    "rage_card_without_trick": N_("Player %(seat)s took no trick, so they took no %(card)s card."),
    # the game record (import and API)
    "in_round": N_("Round %(number)s: %(reason)s"),
    "record_format": N_('This is not a game record of this app: "format" must be "%(format)s".'),
    "record_not_object": N_("%(what)s must be a JSON object {...}, not %(kind)s."),
    "record_unknown_field": N_(
        '%(what)s has a field this app does not know: "%(field)s" (known fields: %(known)s).'
    ),
    "record_missing_field": N_('%(what)s is missing the field "%(field)s".'),
    "record_players_not_list": N_('"players" must be a list of names in seat order, not %(kind)s.'),
    "record_rounds_not_list": N_('"rounds" must be a list of rounds, not %(kind)s.'),
    "record_history": N_(
        '"history" does not end in the game this file holds, so nothing was imported. Take '
        '"history" out of the file to import the game with a new history.'
    ),
    "record_rounds_too_many": N_(
        '"rounds" holds more rounds than this game has: it has %(rounds)s at most.'
    ),
    "record_bids_missing": N_('"bids" is missing: one bid per player, in seat order.'),
    "record_trump_missing": N_('"trump" is missing: say which card was turned up after the deal.'),
    "record_by_seat": N_(
        '"%(what)s" must be a list of %(players)s numbers, one per player in seat order.'
    ),
    "record_not_whole": N_("%(what)s must be a whole number, not %(kind)s."),
    "record_adjustments_not_list": N_(
        '"adjustments" must be a list of {"seat": ..., "points": ..., "reason": ...}, not %(kind)s.'
    ),
    "record_not_text": N_("%(what)s must be text, not %(kind)s."),
    "record_not_flag": N_("%(what)s must be true or false, not %(kind)s."),
    "record_not_option": N_("%(what)s must be one of %(options)s, not %(given)s."),
    "record_corrected_from": N_(
        'In "corrected_from" (the round before its correction): %(reason)s'
    ),
    "record_not_list": N_("%(what)s must be a list [...], not %(kind)s."),
    "import_too_large": N_("The file is too large for a game record."),
    "import_no_file": N_("Choose a game record file (.json) to import."),
    "import_not_json": N_("This is not a game record: the file is not valid JSON."),
    "broken_text": N_(
        "Some text holds half a character (a lone \\ud800-style escape): send whole characters."
    ),
    # what a JSON value is called in the sentences above
    "kind_null": N_("null"),
    "kind_bool": N_("true or false"),
    "kind_number": N_("a number"),
    "kind_decimal": N_("a decimal number"),
    "kind_text": N_("text"),
    "kind_list": N_("a list"),
    "kind_object": N_("an object"),
    # what a part of the record is called
    "what_record": N_("The game record"),
    "what_round": N_("A round"),
    "what_bid": N_("%(name)s's bid"),
    "what_tricks": N_("%(name)s's tricks"),
    "what_adjustment": N_("An adjustment"),
    "what_bonus": N_("A bonus"),
}
MESSAGES.update(CLUB_MESSAGES)

# The refusals that name a seat, as a page says them: there the players have names (the API's
# programs count seats).
NAMED: dict[str, Message] = {
    "bonus_without_trick": N_("%(name)s took no trick, so they captured nothing for a bonus."),
    "harry_without_trick": N_(
        "%(name)s took no trick, so they did not win one with Harry the Giant."
    ),
    "roatan_without_trick": N_(
        "%(name)s took no trick, so they did not win one with Rascal of Roatan."
    ),
    "harry_change": N_("Harry the Giant cannot take %(name)s's bid below 0 or above %(hand)s."),
    "cloud_without_trick": N_(
        "%(name)s took no trick, so they did not win the Cloud's trick (a Cloud in the Bomb's "
        "trick goes to nobody: enter no Cloud)."
    ),
}


class Reason(str):
    """A refusal: the English sentence (this string), its ``code`` and its ``params``.

    A parameter may itself be a :class:`Reason` (a round's refusal inside an import's), which is
    said in the same language as the sentence around it.
    """

    code: str
    params: Mapping[str, Any]
    setting: str | None

    def __new__(cls, code: str, setting: str | None = None, **params: Any) -> Reason:
        self = super().__new__(cls, say(code, params))
        self.code = code
        self.params = params
        self.setting = setting
        return self

    @property
    def root(self) -> Reason:
        """The innermost reason: the round's own refusal inside "Round 3: …"."""
        inner = self.params.get("reason")
        return inner.root if isinstance(inner, Reason) else self

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.code, self.setting, dict(self.params))


def _rebuild(code: str, setting: str | None, params: dict[str, Any]) -> Reason:
    return Reason(code, setting, **params)


Translate = Callable[[Message, dict[str, Any]], str]


def english(message: Message, values: dict[str, Any]) -> str:
    """The English sentence of a message with its values."""
    if isinstance(message, tuple):
        message = message[0] if values["num"] == 1 else message[1]
    return message % values


def say(code: str, params: Mapping[str, Any], translate: Translate = english) -> str:
    """The sentence of ``code`` with ``params`` through ``translate``; nested reasons are said
    the same way."""
    values = {
        key: say(value.code, value.params, translate) if isinstance(value, Reason) else value
        for key, value in params.items()
    }
    return translate(MESSAGES[code], values)


class RuleError(ValueError):
    """A move or setting the rules do not allow; ``str(error)`` is the English sentence.

    ``reason`` carries the stable code and parameters for the sentence in the player's language;
    ``setting`` names the variant a refusal is about, if any, so a form can show the reason next
    to the right field.
    """

    more: tuple[Reason, ...] = ()
    """The move's other refusals, where the rules judge several things at once (a Skull King
    round's tricks and bonuses): a page says them together, not one per try."""

    def __init__(self, code: str, setting: str | None = None, **params: Any) -> None:
        self.reason = Reason(code, setting, **params)
        super().__init__(self.reason)

    @classmethod
    def because(cls, reason: Reason) -> RuleError:
        """The error for a reason already made."""
        return cls(reason.code, reason.setting, **reason.params)

    @classmethod
    def all_of(cls, reasons: Sequence[Reason]) -> RuleError:
        """The error of the first of ``reasons``, the others in :attr:`more`."""
        error = cls.because(reasons[0])
        error.more = tuple(reasons[1:])
        return error

    @property
    def code(self) -> str:
        """The stable code of the refusal."""
        return self.reason.code

    @property
    def setting(self) -> str | None:
        """The variant the refusal is about, if any."""
        return self.reason.setting
