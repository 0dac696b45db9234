"""The forms of a group's pages: naming a group, renaming a player, a new game from the roster,
adding games. Built on the game forms (:mod:`scorekeeper.web.forms`)."""

from __future__ import annotations

import secrets

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    FieldList,
    SelectField,
    SelectMultipleField,
    StringField,
    ValidationError,
)
from wtforms.fields.choices import SelectChoice
from wtforms.validators import DataRequired
from wtforms.widgets import HiddenInput

from scorekeeper.core import rules
from scorekeeper.core.players import player_key
from scorekeeper.core.refusals import Reason
from scorekeeper.core.rules import RuleError
from scorekeeper.render import labels
from scorekeeper.web.forms import MAX_NAME, Form, NewGameForm, OnceForm, SeatList

MAX_GROUP_NAME = 40
# Blank name fields on a group's new-game page, for players not on the roster yet.
# New-name fields a group's new game offers at least; a short roster gets enough for a full table.
NEW_PLAYERS = 3


def _trimmed(text: str | None) -> str | None:
    return text.strip() if text else text


class GroupForm(OnceForm):
    """A new group: its name."""

    name = StringField(
        _l("Name of the group"),
        filters=[_trimmed],
        validators=[DataRequired(_l("Give the group a name, like “Friday club”."))],
    )

    def validate_name(self, field: StringField) -> None:
        if len(field.data) > MAX_GROUP_NAME:
            raise ValidationError(_l("Keep the name to %(n)s characters.", n=MAX_GROUP_NAME))
        # The player names' rule: a NUL, a bidi override or a line break has no place in it.
        if rules.has_hidden_character(field.data):
            raise ValidationError(labels.refusal(Reason("group_name_bad_character")))
        field.data = rules.normalise_name(field.data)


class RenameForm(Form):
    """A player's new name; another player's name merges the two."""

    name = StringField(
        _l("New name"),
        filters=[_trimmed],
        validators=[DataRequired(_l("Type the new name."))],
    )

    def validate_name(self, field: StringField) -> None:
        if len(field.data) > MAX_NAME:
            raise ValidationError(_l("Keep each name to %(n)s characters.", n=MAX_NAME))
        if rules.has_hidden_character(field.data):
            raise ValidationError(
                _l("That name has an invisible or control character: type it again.")
            )
        field.data = rules.normalise_name(field.data)


class GroupGameForm(NewGameForm):
    """A new game of a group: players tapped on the roster, new names typed once, the first
    dealer and the variants (which default to the group's last game).

    The roster's order is the seating order: ``order`` carries it between the page and the
    server, and the up and down buttons (``move``) change it without JavaScript.
    """

    players = None  # type: ignore[assignment]
    pick = SelectMultipleField(_l("Who plays?"), choices=[], validate_choice=False)
    order = SeatList(StringField(widget=HiddenInput()), max_entries=200)
    new_names = SeatList(
        StringField(_l("New player"), filters=[_trimmed]),
        min_entries=NEW_PLAYERS,
        max_entries=rules.MAX_PLAYERS,
    )
    first_dealer = SelectField(_l("First dealer"), choices=[], default="random")

    def seat(self, roster: dict[str, str], order: list[str]) -> None:
        """Tell the form the roster (key -> name) and the order to show it in."""
        self.roster = roster
        known = [key for key in (entry.data for entry in self.order.entries) if key in roster]
        keys = known + [key for key in order if key not in known]
        keys += [key for key in roster if key not in keys]
        while self.order.entries:
            self.order.pop_entry()
        # The posted order was cut to ``max_entries``; the roster shown is the whole roster,
        # however long the group's has grown.
        self.order.max_entries = None
        for key in keys:
            self.order.append_entry(key)
        self.pick.choices = [SelectChoice(key, roster[key]) for key in keys]
        # A first game (empty roster) needs a field for every player of a full table.
        while len(self.new_names.entries) < max(NEW_PLAYERS, rules.MAX_PLAYERS - len(roster)):
            self.new_names.append_entry()
        self.first_dealer.choices = (
            [SelectChoice("random", _l("Draw at random"))]
            + [SelectChoice(key, roster[key]) for key in keys]
            + [
                SelectChoice(f"new-{n}", _l("New player %(n)s", n=n + 1))
                for n in range(len(self.new_names.entries))
            ]
        )

    def keys(self) -> list[str]:
        """The roster in the order shown."""
        return [entry.data for entry in self.order.entries]

    def move(self, seat: int, step: int) -> None:
        """Swap a roster player with the one before (-1) or after (+1) in the seating order."""
        entries = self.order.entries
        other = seat + step
        if 0 <= seat < len(entries) and 0 <= other < len(entries):
            entries[seat].data, entries[other].data = entries[other].data, entries[seat].data

    def seat_keys(self) -> list[str]:
        """The dealer choice of each seat: roster keys, then ``new-N`` for typed names."""
        picked = set(self.pick.data or ())
        seats = [key for key in self.keys() if key in picked]
        return seats + [f"new-{n}" for n, entry in enumerate(self.new_names) if entry.data]

    def names(self) -> list[str]:
        """The players in seat order: the roster players picked, then the names typed."""
        picked = set(self.pick.data or ())
        names = [self.roster[key] for key in self.keys() if key in picked]
        return names + self.typed()

    def typed(self) -> list[str]:
        """The new names typed (they join the roster)."""
        return [rules.normalise_name(entry.data) for entry in self.new_names if entry.data]

    def validate_pick(self, field: SelectMultipleField) -> None:
        names = self.names()
        if len(names) < rules.MIN_PLAYERS:
            raise ValidationError(_l("Pick at least 3 players."))
        if len(names) > rules.MAX_PLAYERS:
            raise ValidationError(_l("Pick at most 8 players."))

    def validate_new_names(self, field: FieldList) -> None:
        keys = [player_key(name) for name in self.names()]
        if len(set(keys)) != len(keys):
            raise ValidationError(
                _l("That name is on the roster already: tap it in the list instead.")
            )
        if rules.MIN_PLAYERS <= len(keys) <= rules.MAX_PLAYERS:
            try:
                rules.check_player_names(self.names())
            except RuleError as error:
                raise ValidationError(labels.refusal(error.reason)) from error

    def validate_first_dealer(self, field: SelectField) -> None:
        if field.data != "random" and field.data not in self.seat_keys():
            raise ValidationError(_l("The first dealer must be one of the players."))

    def dealer(self) -> int:
        """The first dealer's seat; a random one when the table wants a draw."""
        if self.first_dealer.data == "random":
            return secrets.randbelow(len(self.names()))
        return self.seat_keys().index(self.first_dealer.data)


class AddGamesForm(Form):
    """Games of this phone to put into a group."""

    games = SelectMultipleField(_l("Games"), choices=[], validate_choice=False)


# The names one file's review lists at most (a BG Stats export of a large club): past that the
# form is refused, as a file with more names than a group holds players would be.
MAX_PAST_NAMES = 400


class PastForm(Form):
    """A file of a club's past to bring into the group: a BG Stats export or play file, or a
    CSV of totals (issue 51)."""

    file = FileField(_l("BG Stats file or CSV of totals"), validators=[FileRequired()])


class PastReviewForm(Form):
    """The keeper's review before a file is brought in: each name of the file (sent back as
    shown) and the group's player it stands for ("" for a new player)."""

    names = SeatList(StringField(widget=HiddenInput()), max_entries=MAX_PAST_NAMES)
    players = SeatList(SelectField(choices=[], validate_choice=False), max_entries=MAX_PAST_NAMES)

    def chosen(self) -> dict[str, str | None]:
        """The keeper's match of each name: a player's key, or ``None`` for a new player."""
        return {
            name: player or None
            for name, player in zip(self.names.data, self.players.data, strict=False)
            if isinstance(name, str)
        }
