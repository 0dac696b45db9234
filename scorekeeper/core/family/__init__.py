"""The bid-and-tricks family: Wizard, Skull King and Oh Hell, each declared once
(docs/game-family.md). Pure Python, like the rest of the core."""

from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import Bidding, Played, TrumpSource
from scorekeeper.core.family.games import (
    DEFAULT_GAME,
    GAMES,
    OH_HELL,
    SKULL_KING,
    added,
    game,
    load,
    register,
    table_sizes,
    unregister,
    with_rules,
)
from scorekeeper.core.family.wizard import WIZARD

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "OH_HELL",
    "SKULL_KING",
    "WIZARD",
    "Bidding",
    "Declaration",
    "Played",
    "TrumpSource",
    "added",
    "game",
    "load",
    "register",
    "table_sizes",
    "unregister",
    "with_rules",
]
