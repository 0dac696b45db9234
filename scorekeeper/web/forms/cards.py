"""The anniversary decks' Bomb and Cloud as the tricks step sends them, and as the page address
keeps them beside the tricks tapped (``"3:1.0.2:b:c1u"``: round 3, the Bomb played, the Cloud won
by seat 1, whose bid goes one up). Anything odd is read as nothing played, never refused: the
rules judge the round when it is confirmed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core import specials
from scorekeeper.core.refusals import RuleError
from scorekeeper.core.rules import Suit, Turned
from scorekeeper.core.sheet import Sheet
from scorekeeper.web.forms.facts import seat_of

_CHANGES = {"u": 1, "d": -1}


@dataclass(frozen=True)
class Played:
    """The Bomb and the Cloud as tapped on the tricks step so far."""

    bomb: bool = False
    cloud_seat: int | None = None
    """The seat that won the Cloud's trick, ``None``: no Cloud."""
    cloud_change: int | None = None
    """+1 or -1; ``None`` while no direction is chosen."""

    @property
    def cloud(self) -> tuple[int, int] | None:
        """The Cloud as the rules take it (seat, change), once both are chosen."""
        if self.cloud_seat is None or self.cloud_change is None:
            return None
        return self.cloud_seat, self.cloud_change

    @property
    def undecided(self) -> bool:
        """A Cloud's winner chosen without the direction of the change."""
        return self.cloud_seat is not None and self.cloud_change is None

    def specials(self, bids: Sequence[int | None]) -> specials.Specials:
        """The Bomb and the Cloud as the rules keep them: the Cloud's changed bid from the bids
        made (never shown on the page: they may be sealed), or a refusal."""
        if self.undecided:
            raise RuleError("cloud_direction_missing")
        cloud = None if self.cloud is None else specials.changed_bid(bids, *self.cloud)
        return specials.Specials(self.bomb, cloud)

    def text(self) -> str:
        """The parts the page address adds after the tricks (``":b:c1u"``)."""
        parts = ["b"] if self.bomb else []
        if self.cloud_seat is not None:
            way = {1: "u", -1: "d"}.get(self.cloud_change or 0, "")
            parts.append(f"c{self.cloud_seat}{way}")
        return "".join(f":{part}" for part in parts)


NOTHING = Played()


def reopened(facts: object, direction: tuple[int, int] | None) -> Played:
    """The Bomb and the Cloud of a round undo reopened (its facts, the Cloud's direction)."""
    seat, change = direction or (None, None)
    bomb = isinstance(facts, specials.Specials) and facts.bomb
    return Played(bomb, seat, change)


def posted(form: Mapping[str, str], players: int) -> Played:
    """The Bomb and the Cloud of a posted tricks step (``bomb``, ``cloud-seat``,
    ``cloud-change``); a tap on the Bomb button (``special=bomb``) turns it over."""
    bomb = form.get("bomb", "") == "1"
    if form.get("special", "") == "bomb":
        bomb = not bomb
    seat = seat_of(form.get("cloud-seat", ""), players)
    change = {"+1": 1, "-1": -1}.get(form.get("cloud-change", ""))
    return Played(bomb, seat, change if seat is not None else None)


def from_draft(text: str, players: int) -> Played:
    """The Bomb and the Cloud kept in a draft (:meth:`Played.text` after the tricks)."""
    parts = text.split(":")[2:]
    bomb = "b" in parts
    seat = change = None
    for part in parts:
        if part.startswith("c") and 2 <= len(part) <= 3:
            seat = seat_of(part[1], players)
            change = _CHANGES.get(part[2:]) if seat is not None else None
    return Played(bomb, seat, change)


def turnable(built: Sheet) -> frozenset[str]:
    """The cards the trump step offers besides a suit card: Wizard's Jester and Wizard, where
    the game's rules take them in the round to enter (Oh Hell's deck has neither: only its
    suits are offered, as its rules take only a suit)."""
    now = built.current
    if now is None:
        return frozenset()
    offered = set()
    for card, suit in ((Turned.JESTER, None), (Turned.WIZARD, Suit.HEARTS)):
        try:
            built.declaration.trump(
                card, suit, now.number, now.hand_size, len(built.players), built.settings
            )
        except RuleError:
            continue
        offered.add(card.value)
    return frozenset(offered)
