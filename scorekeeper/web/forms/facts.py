"""A game's declared round facts as the tricks step and the correction page send them (a seat
each, ``fact-<field>``), and as the page address keeps them after the tricks (``":f01"``: the
first fact the game asks for, seat 1). Anything odd is read as nobody, never refused: the rules
judge the round when it is confirmed. The one reader of a posted seat for every round form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar

from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper.core.family import Declaration
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.render import game_words
from scorekeeper.render.labels import ngettext

T = TypeVar("T")


def seat_of(text: str, players: int) -> int | None:
    """A seat as a form or an address sends it (one digit), ``None`` for anything else."""
    if text.isascii() and text.isdigit() and len(text) == 1 and int(text) < players:
        return int(text)
    return None


def tricks_over_said(reason: Reason) -> str | None:
    """The rules' ``tricks_sum`` sentence for too many tricks, in a game where a card may take a
    trick from every player: "every trick has exactly one winner" is not so there (issue 33's
    walk); ``None`` for too few, which each part says with its own card. The API keeps the rules'
    stable sentence."""
    taken, played = reason.params["taken"], reason.params["num"]
    if taken <= played:
        return None
    return ngettext(
        "Tricks add up to %(taken)s, but %(num)s was played this round: no trick has two winners.",
        "Tricks add up to %(taken)s, but %(num)s were played this round: no trick has two winners.",
        played,
        taken=taken,
    )


def posted(
    declared: Declaration[Any, Any], form: Mapping[str, str], players: int
) -> dict[str, int]:
    """The seat posted for each fact the game's declaration asks for (none: nobody)."""
    seats = {}
    for entry in declared.facts.entry:
        seat = seat_of(form.get(f"fact-{entry.field}", ""), players)
        if seat is not None:
            seats[entry.field] = seat
    return seats


def text(declared: Declaration[Any, Any], seats: Mapping[str, int]) -> str:
    """The seats picked, as the page address keeps them after the tricks, so a stepper's tap
    without a script keeps them."""
    entries = declared.facts.entry
    return "".join(
        f":f{index}{seats[entry.field]}"
        for index, entry in enumerate(entries)
        if entry.field in seats
    )


def from_draft(declared: Declaration[Any, Any], draft: str, players: int) -> dict[str, int]:
    """The seats a draft keeps (:func:`text` after the tricks), by fact."""
    entries = declared.facts.entry
    kept = {}
    for part in draft.split(":")[2:]:
        if part[:1] == "f" and len(part) == 3 and part[1].isdigit() and int(part[1]) < len(entries):
            seat = seat_of(part[2], players)
            if seat is not None:
                kept[entries[int(part[1])].field] = seat
    return kept


class Part(Generic[T]):
    """What a facts part does where it has nothing of its own to do (the defaults of
    :class:`scorekeeper.web.forms.parts.FactsPart`): no templates, no tap of its own, nothing
    said at a tap, no trick to nobody, no bid changed, nothing above Confirm, a correction read
    like a tricks step and every refusal said on top of the page."""

    before = ""
    after = ""
    correction = ""
    result = ""
    styles = ""

    def offered(self, built: Sheet) -> Mapping[str, object]:
        """Nothing beside what was tapped."""
        return {}

    def tapped(self, form: MultiDict[str, str]) -> bool:
        """No tap of its own."""
        return False

    def said(self, record: GameRecord, tapped: T, number: int | None) -> T:
        """Nothing to say: every tap is taken."""
        return tapped

    def when_short(self, record: GameRecord, tapped: T) -> T:
        """A round short of its hand: nothing to open."""
        return tapped

    def facts(self, record: GameRecord, tapped: T, bids: Sequence[int | None]) -> Facts:
        """The round's facts as the rules take them."""
        raise NotImplementedError

    def facts_corrected(self, record: GameRecord, tapped: T, bids: Sequence[int | None]) -> Facts:
        """The round's facts as corrected: as from a tricks step."""
        return self.facts(record, tapped, bids)

    def lost(self, tapped: T) -> int:
        """No trick goes to nobody."""
        return 0

    def changed_bid(self, tapped: T, seat: int, bid: int) -> int | None:
        """No bid is changed."""
        return None

    def live_change(self, built: Sheet) -> bool:
        """No bid is changed as it is picked."""
        return False

    def note(self, tapped: T, target: int) -> Markup:
        """Nothing above Confirm."""
        return Markup("")

    def errors(self, tapped: T) -> list[str]:
        """Anything odd is read as nothing, never refused: the rules judge."""
        return []

    def refused(self, tapped: T, code: str, said: str) -> bool:
        """Every refusal is said on top of the page, with the round's."""
        return False

    def beside(self, code: str, said: str) -> bool:
        """Every refusal of the tricks step is said on top of the page."""
        return False

    def explained(self, record: GameRecord, tapped: T, reason: Reason, said: str) -> str:
        """The rules' sentence as it is."""
        return said


class Seats(Part[dict[str, int]]):
    """The facts part of a game whose facts are a seat each (``RoundFacts.entry``): a list of
    names for each under the steppers, and on the correction page."""

    after = "round/facts_seats.html"
    correction = "sheet/facts_seats.html"

    def offered(self, built: Sheet) -> Mapping[str, object]:
        """Each fact asked for: its field and its label in the page's language."""
        declared = built.declaration
        entries = [
            (entry.field, game_words.say(entry.label, declared)) for entry in declared.facts.entry
        ]
        return {"fact_entries": entries}

    def started(self, built: Sheet, draft: str | None) -> dict[str, int]:
        """The seats a draft of this round keeps, else those of the round undo reopened."""
        declared, now = built.declaration, built.current
        assert now is not None
        if draft is not None:
            return from_draft(declared, draft, len(now.order))
        return kept(declared, now.reopened_facts)

    def posted(self, record: GameRecord, form: MultiDict[str, str]) -> dict[str, int]:
        """The seats posted."""
        return posted(record.declaration, form, len(record.players))

    def text(self, record: GameRecord, tapped: dict[str, int]) -> str:
        """The seats picked (:func:`text`)."""
        return text(record.declaration, tapped)

    def facts(
        self, record: GameRecord, tapped: dict[str, int], bids: Sequence[int | None]
    ) -> Facts:
        """The facts the declaration reads from the seats."""
        read: Facts = record.declaration.facts.read(tapped)
        return read

    def corrected(
        self, record: GameRecord, row: RoundRow, form: MultiDict[str, str] | None
    ) -> dict[str, int]:
        """The round's seats, or as posted."""
        if form is not None:
            return self.posted(record, form)
        return kept(record.declaration, row.facts)


def kept(declared: Declaration[Any, Any], facts: object) -> dict[str, int]:
    """The seats of a round's facts, by field (none of another game's facts)."""
    if not isinstance(facts, type(declared.facts.blank)):
        return {}
    written = declared.facts.write(facts)
    return {field: seat for field, seat in written.items() if isinstance(seat, int)}


PART = Seats()
