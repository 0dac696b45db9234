"""The anniversary decks' Bomb and Cloud as the tricks step sends them, and as the page address
keeps them beside the tricks tapped (``"3:1.0.2:b:c1u"``: round 3, the Bomb played, the Cloud won
by seat 1, whose bid goes one up). Anything odd is read as nothing played, never refused: the
rules judge the round when it is confirmed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, RadioField, SelectField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import Optional

from scorekeeper.core import rules, specials
from scorekeeper.core.decks import Special
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason, RuleError
from scorekeeper.core.rules import Suit, Turned
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.render import labels
from scorekeeper.web.forms import Form
from scorekeeper.web.forms.facts import Part, seat_of, tricks_over_said

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


class Correction(Form):
    """The Bomb and the Cloud of a round corrected: the Cloud's winner and one more or one less,
    as on the tricks step (a list of every number read as if any bid could be picked)."""

    class Meta:
        csrf = False  # a part of the correction form, whose own token is checked

    bomb = BooleanField(_l("The Bomb was played"))
    cloud_seat = SelectField(
        _l("The Cloud's trick went to"),
        choices=[SelectChoice("", "-")] + [SelectChoice(str(s)) for s in range(rules.MAX_PLAYERS)],
        default="",
    )
    cloud_change = RadioField(
        _l("The Cloud changes the bid"),
        choices=[SelectChoice("+1", _l("bid one more")), SelectChoice("-1", _l("bid one less"))],
        validators=[Optional()],
    )

    def cloud(self, bids: Sequence[int | None]) -> specials.Cloud | None:
        """The Cloud entered, its changed bid from the bids as corrected (or a refusal)."""
        if not self.cloud_seat.data:
            return None
        if not self.cloud_change.data:
            raise RuleError("cloud_direction_missing")
        return specials.changed_bid(bids, int(self.cloud_seat.data), int(self.cloud_change.data))


class BombAndCloud(Part[Played]):
    """The facts part of the anniversary decks' Bomb and Cloud: entered before the tricks (they
    change the tricks to give out and the bid the Cloud's winner is scored against), shown only
    where the game's deck has them."""

    before = "round/bomb_and_cloud.html"
    correction = "sheet/bomb_and_cloud.html"

    def started(self, built: Sheet, draft: str | None) -> Played:
        """As tapped, else as the round undo reopened had them."""
        now = built.current
        assert now is not None
        if draft is not None:
            return from_draft(draft, len(now.order))
        return reopened(now.reopened_facts, now.reopened_cloud)

    def posted(self, record: GameRecord, form: MultiDict[str, str]) -> Played:
        """The Bomb and the Cloud of a posted tricks step."""
        return posted(form, len(record.players))

    def tapped(self, form: MultiDict[str, str]) -> bool:
        """The Bomb's button turns the Bomb over, with or without the page's script."""
        return form.get("special", "") == "bomb"

    def text(self, record: GameRecord, tapped: Played) -> str:
        """The Bomb and the Cloud after the tricks (:meth:`Played.text`)."""
        return tapped.text()

    def facts(self, record: GameRecord, tapped: Played, bids: Sequence[int | None]) -> Facts:
        """The Bomb and the Cloud as the rules keep them."""
        return tapped.specials(bids)

    def lost(self, tapped: Played) -> int:
        """The Bomb's trick goes to nobody."""
        return 1 if tapped.bomb else 0

    def changed_bid(self, tapped: Played, seat: int, bid: int) -> int | None:
        """The Cloud's winner's bid, one up or down (never below 0)."""
        if tapped.cloud_seat != seat or not tapped.cloud_change:
            return None
        return max(0, bid + tapped.cloud_change)

    def live_change(self, built: Sheet) -> bool:
        """The Cloud's change shows as it is picked, where the deck has the Cloud."""
        return "cloud" in built.special_cards

    def note(self, tapped: Played, target: int) -> Markup:
        """The tricks to give out once the Bomb took one."""
        if not tapped.bomb:
            return Markup("")
        if target == 0:
            # said once: the bar below says that no trick is left to give out
            return Markup(_("The Bomb took the only trick of this round."))
        # What the Bomb did, not what is left to give out: the bar under it counts that down,
        # and "1 trick to give out" above "The trick is given out" said both (issue 49's walk).
        # As a template's ngettext gives it: the translation is markup, the number put in.
        hand = target + 1
        said = labels.catalogue().ungettext(
            "The Bomb took one of the %(num)s trick: it goes to nobody",
            "The Bomb took one of the %(num)s tricks: it goes to nobody",
            hand,
        )
        return Markup(said) % {"num": hand}

    def corrected(
        self, record: GameRecord, row: RoundRow, form: MultiDict[str, str] | None
    ) -> Correction:
        """The round's Bomb and Cloud, or as posted."""
        if form is not None:
            return Correction(formdata=form)
        cloud, change = row.cloud, None
        if cloud is not None:
            made = row.bids[cloud.seat]
            change = "+1" if made is None or cloud.bid > made else "-1"
        return Correction(
            data={
                "bomb": row.bomb,
                "cloud_seat": "" if cloud is None else str(cloud.seat),
                "cloud_change": change,
            }
        )

    def facts_corrected(self, record: GameRecord, tapped: Any, bids: Sequence[int | None]) -> Facts:
        """The Bomb and the Cloud as corrected (the Cloud's change from the bids as corrected)."""
        return specials.Specials(bool(tapped.bomb.data), tapped.cloud(bids))

    def errors(self, tapped: Any) -> list[str]:
        """Why the Bomb and the Cloud posted cannot be read."""
        if tapped.validate():
            return []
        return [str(error) for field in tapped for error in field.errors]

    def refused(self, tapped: Any, code: str, said: str) -> bool:
        """The Cloud's refusals beside its lists (issue 33's third walk: on top, they were a
        scroll away from what they are about)."""
        if not code.startswith("cloud_"):
            return False
        tapped.cloud_change.errors = [*tapped.cloud_change.errors, said]
        return True

    def explained(self, record: GameRecord, tapped: Played, reason: Reason, said: str) -> str:
        """Where the deck has a Bomb, the tricks' sum is said with it (a trick may go to nobody),
        and where one is missing, the Bomb's button is pointed at; the Bomb's trick given to a
        player in a one-card round is said plainly, not "from 0 to 0 tricks" (issue 33)."""
        if tapped.bomb and reason.code == "tricks_out_of_range" and reason.params["hand"] == 0:
            return str(_("The Bomb took the only trick of this round: nobody takes a trick."))
        has_bomb = Special.BOMB in record.declaration.special_cards(record.settings)
        if not has_bomb or reason.code != "tricks_sum":
            return said
        over = tricks_over_said(reason)
        if over is not None:
            return over
        taken, played = reason.params["taken"], reason.params["num"]
        said = labels.ngettext(
            "Tricks add up to %(taken)s, but %(num)s was played this round: only the Bomb's "
            "trick goes to nobody.",
            "Tricks add up to %(taken)s, but %(num)s were played this round: only the Bomb's "
            "trick goes to nobody.",
            played,
            taken=taken,
        )
        if taken == played - 1:
            hint = _("If the Bomb was played, tap \u201cThe Bomb was played\u201d.")
            return f"{said} {hint}"
        return said


PART = BombAndCloud()
