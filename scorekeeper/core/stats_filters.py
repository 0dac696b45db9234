"""Which of a group's finished games its figures count (:class:`Filters`): one game of the
family, and for Wizard's one length or one variant (the filter of the group pages)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.core import family
from scorekeeper.core.game import GameRecord
from scorekeeper.core.rules import BidRestriction, BidVisibility, Length, Variants


class VariantFilter(StrEnum):
    """The variants a table can look at on their own (the filter of the group pages)."""

    PLAIN = "plain"
    """No bid restriction, open bids, neither Saboteur nor Jester bid."""
    PLUS_MINUS_ONE = "plus_minus_one"
    CANADIAN = "canadian"
    HIDDEN = "hidden"
    DELAYED = "delayed"
    SABOTEUR = "saboteur"
    JESTER_BID = "jester_bid"

    def matches(self, variants: Variants) -> bool:
        """True when a game played with ``variants`` belongs under this filter."""
        if self is VariantFilter.PLAIN:
            return (
                variants.bid_restriction is BidRestriction.NONE
                and variants.bid_visibility is BidVisibility.OPEN
                and not variants.saboteur
                and not variants.jester_bid
            )
        if self in (VariantFilter.PLUS_MINUS_ONE, VariantFilter.CANADIAN):
            return variants.bid_restriction.value == self.value
        if self in (VariantFilter.HIDDEN, VariantFilter.DELAYED):
            return variants.bid_visibility.value == self.value
        return bool(getattr(variants, self.value))


VARIANTS_GAME = next(key for key, declared in family.GAMES.items() if declared.variant_filters)
"""The game whose games a length or a variant narrows (Wizard's variants)."""


@dataclass(frozen=True)
class Filters:
    """Which finished games to count: one game length, one variant, or all (``None``), of one
    game of the family (``game``; ``None``: see :meth:`chosen`)."""

    length: Length | None = None
    variant: VariantFilter | None = None
    game: str | None = None
    """The game counted (a key of :data:`scorekeeper.core.family.GAMES`)."""

    def matches(self, variants: Variants) -> bool:
        """True when a game played with ``variants`` is counted."""
        if self.length is not None and variants.length is not self.length:
            return False
        return self.variant is None or self.variant.matches(variants)

    def counts(self, record: GameRecord, game: str) -> bool:
        """True when ``record`` is a game of ``game`` that the filters keep; the length and
        variant are Wizard's, so they judge Wizard's games only."""
        if record.game != game:
            return False
        return not record.declaration.variant_filters or self.matches(record.settings)

    def chosen(self, latest: str | None) -> str:
        """The game counted: the one asked for; Wizard for Wizard's length or variant; else the
        ``latest`` finished game's, or Wizard before any."""
        if self.game is not None:
            return self.game
        if self.length is not None or self.variant is not None:
            return VARIANTS_GAME
        return latest or family.DEFAULT_GAME

    @property
    def active(self) -> bool:
        """True when some games may be left out."""
        return self.length is not None or self.variant is not None
