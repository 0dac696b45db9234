"""The page part that enters a game's own facts of a round, on the tricks step and on the
correction page, picked by the name its declaration gives (``RoundFacts.page``), never by the
game: a seat for each fact the declaration lists (``"seats"``, any game), the anniversary decks'
Bomb and Cloud (``"bomb_and_cloud"``), Skull King's bonuses (``"bonuses"``).

A part keeps what was tapped so far in a value of its own (``T``): read from a posted step, kept
in the page address after the tricks (so a stepper's tap without a script keeps it), and made
into the round's facts when the round is confirmed or corrected. Anything odd is read as nothing
tapped, never refused: the rules judge the round. A part's templates take that value as
``tapped``, beside what :meth:`FactsPart.offered` adds. Each builds on
:class:`scorekeeper.web.forms.facts.Part`, which does nothing where a part has nothing to do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper.core.family import Declaration
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.web.forms import cards, extras, facts

T = TypeVar("T")


class FactsPart(Protocol[T]):
    """What the round pages ask of a game's facts part."""

    before: str
    """The template shown before the tricks steppers ("": none): facts that change the tricks
    to give out or a bid scored, entered first."""
    after: str
    """The template shown after the steppers ("": none)."""
    correction: str
    """The template of the correction page ("": none)."""
    result: str
    """The template that says the facts of the round just played, under its result ("":
    none)."""
    styles: str
    """A stylesheet the part needs beside the round page's ("": none)."""

    def offered(self, built: Sheet) -> Mapping[str, object]:
        """What the part's templates show beside ``tapped``, as the game's settings allow."""
        ...

    def started(self, built: Sheet, draft: str | None) -> T:
        """What the tricks step of the round at the table starts with: as the draft of this
        round keeps it (``None``: no draft of this round), else as the round undo reopened had
        it."""
        ...

    def posted(self, record: GameRecord, form: MultiDict[str, str]) -> T:
        """What a posted tricks step or correction page sends, with the tap it was sent by."""
        ...

    def tapped(self, form: MultiDict[str, str]) -> bool:
        """Whether the form was sent by one of the part's own taps: the page comes back with it,
        nothing stored."""
        ...

    def said(self, record: GameRecord, tapped: T, number: int | None) -> T:
        """What the last tap could not do, said at once (flashed); ``tapped`` without it.
        ``number``: the round at the table (``None``: the correction page)."""
        ...

    def text(self, record: GameRecord, tapped: T) -> str:
        """The parts the page address keeps after the tricks."""
        ...

    def when_short(self, record: GameRecord, tapped: T) -> T:
        """``tapped`` for a round refused as short of its hand (the part may open where the
        tricks nobody won are entered)."""
        ...

    def facts(self, record: GameRecord, tapped: T, bids: Sequence[int | None]) -> Facts:
        """The round's facts as the rules take them (or a refusal, a ``RuleError``)."""
        ...

    def lost(self, tapped: T) -> int:
        """Tricks of the hand tapped as won by nobody: the steppers give out that many fewer."""
        ...

    def changed_bid(self, tapped: T, seat: int, bid: int) -> int | None:
        """The bid ``seat`` is scored against as tapped, where a card changed it."""
        ...

    def live_change(self, built: Sheet) -> bool:
        """Whether the page's script shows a changed bid as it is picked (each stepper keeps a
        place for it, and its bid as made); otherwise a change comes with the page."""
        ...

    def note(self, tapped: T, target: int) -> Markup:
        """A line above Confirm about the tricks to give out (empty: none)."""
        ...

    def corrected(self, record: GameRecord, row: RoundRow, form: MultiDict[str, str] | None) -> T:
        """What the correction page shows: the round's facts, or as posted (``form``)."""
        ...

    def facts_corrected(self, record: GameRecord, tapped: T, bids: Sequence[int | None]) -> Facts:
        """The round's facts as corrected (or a refusal, a ``RuleError``)."""
        ...

    def errors(self, tapped: T) -> list[str]:
        """Why the posted correction cannot be read (shown in the part); empty when it can."""
        ...

    def refused(self, tapped: T, code: str, said: str) -> bool:
        """Take the rules' refusal ``code`` of a correction to show beside the part's own fields
        (``said``: its sentence), if it is about them; ``False``: the page shows it on top."""
        ...

    def beside(self, code: str, said: str) -> bool:
        """Say the rules' refusal ``code`` of the tricks step beside the part's entries (flashed
        there), if it is about them; ``False``: the page says it on top."""
        ...

    def explained(self, record: GameRecord, tapped: T, reason: Reason, said: str) -> str:
        """The tricks step's refusal as the page says it: the rules' sentence ``said`` (a stable
        API message), where the part's own facts explain it, with what to tap."""
        ...


PARTS: dict[str, FactsPart[Any]] = {
    "seats": facts.PART,
    "bomb_and_cloud": cards.PART,
    "bonuses": extras.PART,
}
"""Every facts part by the name a declaration gives (a game declared outside the app that
brings its own adds it here)."""


def part_of(declared: Declaration[Any, Any]) -> FactsPart[Any]:
    """The facts part of a game."""
    return PARTS[declared.facts.page]
