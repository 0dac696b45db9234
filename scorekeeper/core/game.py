"""A game as the facts written on the pad, and the moves that add to it, for every game of the
family (Wizard, Skull King, Oh Hell: :mod:`scorekeeper.core.family`).

The record is :mod:`scorekeeper.core.game_record`, the moves :mod:`scorekeeper.core.moves`; this
module starts a game and names them all, so callers import one module. Every move is a pure
function that returns a new record or raises :class:`~scorekeeper.core.rules.RuleError`; the
game's declaration decides, the record only keeps the facts in order. Scores are never stored:
the score sheet (``sheet.py``) derives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.core import family, rules
from scorekeeper.core.family import WIZARD
from scorekeeper.core.game_record import (
    GameRecord,
    RoundInProgress,
    RoundRecord,
    check_trump,
    current_round,
    current_setup,
    fixed_trump,
    hand_size,
    original_round,
    setup,
    totals_after,
)
from scorekeeper.core.moves import (
    UndoStep,
    add_round,
    adjust_round,
    bids_shown,
    check_original,
    check_round,
    drop_adjustment,
    drop_last_round,
    finish_round,
    last_bidder,
    place_bid,
    replace_round,
    round_flags,
    set_trump,
    undo,
    undo_step,
)
from scorekeeper.core.rules import RuleError, Variants

__all__ = [
    "GameRecord",
    "RoundInProgress",
    "RoundRecord",
    "UndoStep",
    "add_round",
    "adjust_round",
    "bids_shown",
    "check_original",
    "check_round",
    "check_trump",
    "current_round",
    "current_setup",
    "drop_adjustment",
    "drop_last_round",
    "finish_round",
    "fixed_trump",
    "hand_size",
    "last_bidder",
    "new_game",
    "original_round",
    "place_bid",
    "rematch",
    "replace_round",
    "round_flags",
    "set_trump",
    "setup",
    "start",
    "totals_after",
    "undo",
    "undo_step",
]


def new_game(players: Sequence[str], first_dealer: int, variants: Variants) -> GameRecord:
    """Start a game of Wizard, refusing a table or variants the rules do not allow.

    The names are taken as given: the form and the game record check them first with
    :func:`rules.check_player_names`.
    """
    return begin(WIZARD.key, players, first_dealer, variants)


def start(
    key: str, players: Sequence[str], first_dealer: int, plain: Mapping[str, object]
) -> GameRecord:
    """Start a game of any game of the family from its settings' plain values by key (Wizard's
    are its variants), refusing an unknown game, setting or choice, a table the game is not
    played by, or a combination of settings it refuses."""
    declared = family.game(key)
    return begin(declared.key, players, first_dealer, declared.from_plain(plain))


def begin(key: str, players: Sequence[str], first_dealer: int, chosen: object) -> GameRecord:
    """Start game ``key`` with its settings object (Wizard's :class:`Variants`)."""
    declared = family.game(key)
    declared.check_settings(len(players), chosen)
    _check_dealer(players, first_dealer)
    return GameRecord(tuple(players), first_dealer, chosen, game=key)


def _check_dealer(players: Sequence[str], first_dealer: int) -> None:
    if not 0 <= first_dealer < len(players):
        raise RuleError("first_dealer_not_a_player", setting="first_dealer")


def rematch(record: GameRecord) -> GameRecord:
    """A new game with the same game, players and settings; the first deal moves one seat on."""
    return begin(
        record.game,
        record.players,
        rules.next_first_dealer(record.first_dealer, len(record.players)),
        record.settings,
    )
