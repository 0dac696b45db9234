"""Every Flask-WTF form of the app (a group's in :mod:`.groups`). Validators ask the rules;
none re-implements them."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from typing import Any

from flask import request
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    Field,
    FieldList,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional
from wtforms.widgets import HiddenInput

from scorekeeper.core import rules
from scorekeeper.core.refusals import N_
from scorekeeper.core.rules import (
    EVERY_CARD,
    RuleError,
    Suit,
    Turned,
    TurnedCard,
    turned_card,
)
from scorekeeper.render import labels

MAX_NAME = rules.MAX_NAME_LENGTH
# Large enough for any real value; keeps absurd numbers out before the rules see them.
MAX_NUMBER = 1000


# WTForms' own sentences that our fields can give, marked so they are in our catalogues: WTForms
# ships no Croatian, and one catalogue keeps the game's words and tone in every refusal.
WTFORMS_MESSAGES = (
    N_("Not a valid integer value."),
    N_("Not a valid choice."),
    N_("Invalid Choice: could not coerce."),
    N_("This field is required."),
    N_("Number must be between %(min)s and %(max)s."),
    N_("Number must be at least %(min)s."),
    N_("Number must be at most %(max)s."),
)


class _Messages:
    """WTForms' messages through the request's catalogue (WTForms formats them itself)."""

    def gettext(self, string: str) -> str:
        return labels.gettext(string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text: str = labels.catalogue().ungettext(singular, plural, n)
        return text


class Form(FlaskForm):
    """A form whose every message, WTForms' own included, is in the reader's language."""

    class Meta:
        def get_translations(self, form: Any) -> _Messages:
            return _Messages()

        def wrap_formdata(self, form: Any, formdata: Any) -> Any:
            # The pad's forms are HTML forms: a JSON body, whatever its shape, is no form data.
            # Flask-WTF reads one as form data, and one that is not an object was a 500.
            if request.is_json and not request.form and not request.files:
                return None
            return FlaskForm.Meta.wrap_formdata(self, form, formdata)


class Within(NumberRange):
    """WTForms' NumberRange for whole numbers of any length: NumberRange first asks whether the
    number is NaN as a float, which raises for a number of a few hundred digits (a 500)."""

    def __call__(self, form: Any, field: Field) -> None:
        data = field.data
        if isinstance(data, int) and not self.min <= data <= self.max:
            message = field.gettext("Number must be between %(min)s and %(max)s.")
            raise ValidationError(message % {"min": self.min, "max": self.max})
        super().__call__(form, field)


def first_error(form: FlaskForm) -> str:
    """The first reason a form was refused (field lists nest their errors)."""
    pending: list[object] = list(form.errors.values())
    while pending:
        item = pending.pop(0)
        if isinstance(item, str):
            return item
        if isinstance(item, list | tuple):
            pending[:0] = list(item)
    return str(_l("Something in that entry was not understood. Please try again."))


class SeatList(FieldList):
    """A FieldList that skips a field whose index is not a small plain number.

    WTForms turns any index that ``str.isdigit()`` accepts into an ``int``: a posted field named
    ``players-²`` or ``bids-`` followed by 5000 digits would raise instead of being ignored.
    """

    def _extract_indices(self, prefix: str, formdata: Any) -> Iterator[int]:
        offset = len(prefix) + 1
        for key in formdata:
            if key.startswith(prefix):
                index = key[offset:].split(self._field_separator, 1)[0]
                if index.isascii() and index.isdigit() and len(index) <= 3:
                    yield int(index)


class OnceForm(Form):
    """A form that makes a game: one key per form shown, stored with the game, so that the same
    form sent twice (a double tap, a retry) makes one game."""

    once = HiddenField(default=lambda: secrets.token_urlsafe(16))

    def once_key(self) -> str | None:
        """The form's one-time key, if it looks like one this app made."""
        key = self.once.data or ""
        return key if re.fullmatch("[A-Za-z0-9_-]{16,64}", key) else None


class ImportForm(OnceForm):
    """Upload a game record (the JSON that export produces)."""

    record = FileField(_l("Game record file (.json)"), validators=[FileRequired()])


class NewGameForm(OnceForm):
    """Players in seat order and the first dealer of a new game; the game's settings are added
    by :func:`scorekeeper.web.forms.games.form_for`, each named by its key."""

    game_key: str
    """The game the form is for (set by ``form_for``)."""

    players = SeatList(
        StringField(_l("Name"), filters=[lambda s: s.strip() if s else s]),
        min_entries=rules.MAX_PLAYERS,
        max_entries=rules.MAX_PLAYERS,
    )
    first_dealer = SelectField(
        _l("First dealer"),
        choices=[SelectChoice("random", _l("Draw at random"))]
        # Translators: a chair at the table, not a rank: a word unlike "Rank" and "Place".
        + [SelectChoice(str(seat), _l("Seat %(n)s", n=seat + 1)) for seat in range(8)],
        default="random",
    )
    # The seats shown before "more players": a table of four sees its names, first dealer and
    # Start on the first screen of a phone (issue 21).
    SEATS_SHOWN = 4

    def names(self) -> list[str]:
        """The names typed, in seat order, blanks left out."""
        return [rules.normalise_name(entry.data) for entry in self.players.entries if entry.data]

    def more_seats_open(self) -> bool:
        """Whether the seats past :attr:`SEATS_SHOWN` are shown unfolded: one has a name or
        a refusal."""
        return any(
            entry.data or seat in self.invalid_seats
            for seat, entry in enumerate(self.players.entries)
            if seat >= self.SEATS_SHOWN
        )

    def dealer_options(self, seats: int = rules.MAX_PLAYERS) -> list[tuple[str, str]]:
        """The first-dealer list as the page offers it, (value, label): a draw, then each seat
        that has a name, by that name. Before any name is typed every seat of the game's
        ``seats`` is offered by its number (the page's script narrows the list as names are
        typed; without it the server refuses an empty seat). A seat chosen but left empty
        stays, so the refusal under the list shows the choice it refuses."""
        offered = [
            (str(choice.value), str(choice.label))
            for choice in self.first_dealer.choices
            if choice.value == "random" or int(choice.value) < seats
        ]
        named = {
            str(seat): rules.normalise_name(entry.data)
            for seat, entry in enumerate(self.players.entries)
            if entry.data
        }
        if not named:
            return offered
        return [
            (value, named.get(value, label))
            for value, label in offered
            if value == "random" or value in named or value == self.first_dealer.data
        ]

    # The fields a refusal names (indices into ``players``): they are marked invalid.
    invalid_seats: frozenset[int] = frozenset()

    def validate_players(self, field: FieldList) -> None:
        names = self.names()
        if len(names) < rules.MIN_PLAYERS:
            raise ValidationError(_l("Enter the names of at least 3 players."))
        try:
            rules.check_player_names(names)
        except RuleError as error:
            # The rules count the names typed; a blank field between two is not a seat.
            filled = [n for n, entry in enumerate(self.players.entries) if entry.data]
            named = (error.reason.params.get(key) for key in ("seat", "first", "second"))
            self.invalid_seats = frozenset(
                filled[seat - 1] for seat in named if isinstance(seat, int)
            )
            raise ValidationError(labels.refusal(error.reason)) from error

    def validate_first_dealer(self, field: SelectField) -> None:
        # An unknown value ("²", 5000 digits) is already refused as "Not a valid choice".
        seats = [str(seat) for seat in range(rules.MAX_PLAYERS)]
        if field.data in seats and int(field.data) >= len(self.names()):
            raise ValidationError(_l("The first dealer must be one of the players."))

    def dealer(self) -> int:
        """The first dealer's seat; a random one when the table wants a draw."""
        if self.first_dealer.data == "random":
            return secrets.randbelow(len(self.names()))
        return int(self.first_dealer.data)

    def move(self, seat: int, step: int) -> None:
        """Swap a player with the neighbour before (-1) or after (+1) in the seating order."""
        entries = self.players.entries
        other = seat + step
        if 0 <= seat < len(entries) and 0 <= other < len(entries):
            entries[seat].data, entries[other].data = entries[other].data, entries[seat].data


class ActionForm(Form):
    """A change to a game, made against the version of the game the page showed."""

    version = IntegerField(widget=HiddenInput(), validators=[InputRequired()])


class TrumpForm(ActionForm):
    """The card turned up, and the suit (a suit card, or the dealer's pick after a Wizard)."""

    # Checked below rather than by WTForms, whose "Not a valid choice" a player would read when
    # a special card's trump was tapped before the card was chosen.
    turned = SelectField(
        _l("Turned card"),
        choices=[SelectChoice(t.value) for t in EVERY_CARD if t is not Turned.NONE],
        validate_choice=False,
    )
    suit = SelectField(
        _l("Trump suit"),
        choices=[SelectChoice("", "-")] + [SelectChoice(s.value) for s in Suit],
        default="",
    )

    def validate_turned(self, field: SelectField) -> None:
        if field.data not in {t.value for t in EVERY_CARD if t is not Turned.NONE}:
            raise ValidationError(str(_l("Choose the card that was turned up, then its trump.")))

    def trump(self) -> tuple[TurnedCard, Suit | None]:
        """What was turned and the suit entered."""
        return turned_card(self.turned.data), Suit(self.suit.data) if self.suit.data else None


class BidForm(ActionForm):
    """One player's bid."""

    seat = IntegerField(widget=HiddenInput(), validators=[InputRequired()])
    bid = IntegerField(
        _l("Bid"),
        validators=[InputRequired(_l("Tap a number to bid.")), Within(0, MAX_NUMBER)],
    )


class TricksForm(ActionForm):
    """Everyone's tricks at the end of a round; one left blank is filled in from the rest."""

    def by_seat(self, players: int) -> list[int | None]:
        """The tricks entered for each seat, ``None`` where left blank."""
        return [self[f"tricks_{seat}"].data for seat in range(players)]


# One field per seat, named tricks-0 … tricks-7: a blank seat must not shift the others.
for _seat in range(rules.MAX_PLAYERS):
    setattr(
        TricksForm,
        f"tricks_{_seat}",
        IntegerField(
            _l("Tricks"),
            name=f"tricks-{_seat}",
            validators=[Optional(), Within(0, MAX_NUMBER)],
        ),
    )


def tricks_step(text: str, players: int) -> tuple[int, int] | None:
    """A stepper tap sent without JavaScript: ``"2:+1"`` is seat 2, one trick more."""
    seat, _sep, change = text.partition(":")
    if not (seat.isascii() and seat.isdigit() and len(seat) <= 1) or int(seat) >= players:
        return None
    if change not in ("+1", "-1"):
        return None
    return int(seat), int(change)


def draft_text(number: int, tricks: list[int | None]) -> str:
    """The tricks tapped so far in round ``number`` as the page address carries them:
    ``"3:1.0.2.3"`` is round 3, by seat."""
    return f"{number}:" + ".".join("" if value is None else str(value) for value in tricks)


def tricks_draft(text: str, number: int, players: int, hand_size: int) -> tuple[int, ...] | None:
    """The tricks of :func:`draft_text` read back, each kept within the hand; ``None`` when the
    text is not a draft of this round at this table (anything odd is ignored, never refused)."""
    head, _sep, values = text.partition(":")
    values = values.partition(":")[0]  # the game's own facts follow (forms/parts.py)
    parts = values.split(".") if values else []
    if head != str(number) or len(parts) != players:
        return None
    if not all(part.isascii() and part.isdigit() and len(part) <= 3 for part in parts):
        return None
    return tuple(min(int(part), hand_size) for part in parts)


class EditRoundForm(ActionForm):
    """A completed round corrected: trump, every bid and every player's tricks."""

    turned = SelectField(_l("Turned card"), choices=[SelectChoice(t.value) for t in EVERY_CARD])
    suit = SelectField(
        _l("Trump suit"),
        choices=[SelectChoice("", "-")] + [SelectChoice(s.value) for s in Suit],
        default="",
    )
    bids = SeatList(
        IntegerField(_l("Bid"), validators=[Optional(), Within(0, MAX_NUMBER)]),
        min_entries=rules.MIN_PLAYERS,
        max_entries=rules.MAX_PLAYERS,
    )
    tricks = SeatList(
        IntegerField(_l("Tricks"), validators=[InputRequired(), Within(0, MAX_NUMBER)]),
        min_entries=rules.MIN_PLAYERS,
        max_entries=rules.MAX_PLAYERS,
    )


class JoinForm(Form):
    """Yes, keep score for this game on this phone (a form, for its CSRF token)."""


class ConfirmForm(ActionForm):
    """A yes to something that cannot be taken back (delete a game, new edit link)."""
