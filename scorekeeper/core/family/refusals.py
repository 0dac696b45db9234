"""The refusals of the family's games that Wizard's rules have no code for.

Each is a stable code, as in :mod:`scorekeeper.core.refusals`, raised as a
:class:`~scorekeeper.core.refusals.RuleError` so callers catch one kind of error. The sentences
are plain English here, not yet marked for translation: when the games are wired into the app
they move into ``core/refusals.py`` (marked with ``N_``), get their labels in every catalogue,
and :func:`refuse` raises them like every other code (docs/game-family.md, "Integration").
"""

from __future__ import annotations

from typing import Any

from scorekeeper.core.refusals import MESSAGES as CORE_MESSAGES
from scorekeeper.core.refusals import Message, Reason, RuleError, english

MESSAGES: dict[str, Message] = {
    # any game of the family
    "game_unknown": 'There is no game "%(name)s" (known: %(known)s).',
    "game_player_count": "%(game)s is played by %(low)s to %(high)s players, not %(players)s.",
    "setting_unknown": 'There is no setting "%(name)s" (known: %(known)s).',
    "setting_not_option": "The setting %(name)s is one of %(options)s, not %(given)s.",
    "bids_all_in": "Everyone bids at once: every player needs a bid from 0 to %(hand)s.",
    "bid_total_forbidden_hook": (
        "Bids would add up to %(hand)s, the number of tricks in this round — "
        "the hook forbids the dealer that bid."
    ),
    # Oh Hell
    "max_hand_too_large": (
        "With %(players)s players a hand has at most %(top)s cards of the 52, not %(given)s."
    ),
    "max_hand_too_small": "The largest hand is at least 1 card.",
    "custom_numbers_out_of_range": (
        "Custom scoring takes whole numbers: a bonus of 0 to %(bonus)s, 0 to %(per_trick)s per "
        "trick and a penalty of 0 to %(penalty)s per trick off."
    ),
    "custom_numbers_without_custom": (
        "The numbers of custom scoring apply only to custom scoring: choose it, or leave them."
    ),
    "extras_not_in_game": (
        "This game has no bonuses, destroyed tricks or pirate powers to enter with a round."
    ),
    "trump_suit_only": "Only a suit card is turned up in this game: enter its suit.",
    # Skull King
    "destroyed_out_of_range": (
        "At most %(most)s tricks of this round can be destroyed (the Kraken and the White Whale)."
    ),
    "tricks_sum_destroyed": (
        "Tricks add up to %(taken)s with %(destroyed)s destroyed, but %(num)s were played: "
        "every other trick has exactly one winner."
    ),
    "tricks_sum_ghost": (
        "Tricks add up to %(taken)s with %(destroyed)s destroyed, more than the %(num)s played."
    ),
    "needs_advanced_cards": (
        "The Loot, the Kraken and the White Whale are advanced cards: turn them on for this game."
    ),
    "needs_pirate_powers": (
        "Harry the Giant and Rascal of Roatan are pirate powers: turn them on for this game."
    ),
    "cannonball_needs_rascal": "The Cannonball is part of Rascal's scoring only.",
    "cannonball_count": "The Cannonball is declared by seat: one true or false per player.",
    "bonus_unknown": 'There is no bonus "%(kind)s" (known: %(known)s).',
    "bonus_without_trick": ("Player %(seat)s took no trick, so they captured nothing for a bonus."),
    "bonus_too_many": "There are not that many cards for the bonus %(kind)s (at most %(most)s).",
    "skull_king_once": (
        "There is one Skull King: it captures Pirates in one trick, for one player, or is "
        "captured by a Mermaid, not both."
    ),
    "loot_needs_ally": "Loot is shared with another player: say who.",
    "loot_ally_self": "Loot is shared between two different players.",
    "ally_only_for_loot": "Only Loot is shared with another player.",
    "harry_change": "Harry the Giant changes a bid by 1 up or down, to a bid from 0 to %(hand)s.",
    "harry_without_trick": (
        "Player %(seat)s took no trick, so they did not win one with Harry the Giant."
    ),
    "roatan_wager": "Rascal of Roatan wagers 0, 10 or 20.",
    "roatan_without_trick": (
        "Player %(seat)s took no trick, so they did not win one with Rascal of Roatan."
    ),
}
"""The new codes and their English sentences (to join ``core/refusals.py`` at integration)."""


class FamilyReason(Reason):
    """A :class:`Reason` whose code is one of :data:`MESSAGES` (not yet in the app's own)."""

    def __new__(cls, code: str, setting: str | None = None, **params: Any) -> FamilyReason:
        self = str.__new__(cls, english(MESSAGES[code], dict(params)))
        self.code = code
        self.params = params
        self.setting = setting
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return _rebuild, (self.code, self.setting, dict(self.params))


def _rebuild(code: str, setting: str | None, params: dict[str, Any]) -> FamilyReason:
    return FamilyReason(code, setting, **params)


class FamilyRuleError(RuleError):
    """A :class:`RuleError` with a code of :data:`MESSAGES`."""

    def __init__(self, code: str, setting: str | None = None, **params: Any) -> None:
        self.reason = FamilyReason(code, setting, **params)
        ValueError.__init__(self, self.reason)


def refuse(code: str, setting: str | None = None, **params: Any) -> RuleError:
    """The error for ``code``: the app's own code where it has one, else the family's."""
    if code in CORE_MESSAGES:
        return RuleError(code, setting, **params)
    return FamilyRuleError(code, setting, **params)
