"""A game's history in words (issue 47): each entry as a sentence in the reader's language, and
what it changed from what to what, for the History page and the API.

Scores are the core's (:func:`scorekeeper.core.game.round_scores`), of the game as it stood
before and after the entry; nothing here counts a point.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from babel.dates import format_datetime, format_time
from flask_babel import get_locale

from scorekeeper.core.game import GameRecord, RoundInProgress, RoundRecord
from scorekeeper.core.game_record import round_scores
from scorekeeper.render import labels
from scorekeeper.render.labels import gettext as _
from scorekeeper.render.labels import ngettext
from scorekeeper.storage.game_rows import record_of
from scorekeeper.storage.history import Entry, Parts, applied

# Round parts' fields that hold JSON as text in storage: shown as JSON values.
_JSON_FIELDS = frozenset({"adjusted", "facts", "variants"})


@dataclass(frozen=True)
class Said:
    """One entry as the History page and the API show it."""

    entry: int
    at: str
    when: str
    """``at`` as the reader's language writes a time, in the server's time zone (the table's:
    the pad is served at the table or near it)."""
    phone: str
    change: dict[str, Any]
    words: str
    before: dict[str, Any]
    after: dict[str, Any]


def phone_said(number: int, name: str | None) -> str:
    """A phone as a history says it: the name its keeper gave it, else "phone n"."""
    return name or _("phone %(n)s", n=number)


Words = Callable[[dict[str, Any], Parts, Parts], str]
"""What says an entry in words: from its ``change`` and the state before and after it."""


def said(
    entries: list[Entry],
    phones: dict[int | None, str | None],
    numbers: dict[int | None, int],
    words_of: Words | None = None,
) -> list[Said]:
    """Every entry of a history in words, oldest first: a game's, unless ``words_of`` says
    another thing's entries (a club night's, a group's)."""
    found = []
    for entry, before, after in _steps(entries):
        phone = phone_said(numbers[entry.phone], phones.get(entry.phone))
        old, new = _changed(entry.parts, before, after)
        words = (words_of or _words)(entry.change, before, after)
        found.append(
            Said(entry.entry, entry.at, _when(entry.at), phone, entry.change, words, old, new)
        )
    return found


def _when(at: str) -> str:
    """The time of today's entries, the day and time of older ones."""
    moment = datetime.fromisoformat(at).astimezone()
    if moment.date() == datetime.now().astimezone().date():
        return format_time(moment, "short", locale=get_locale())
    return format_datetime(moment, "short", locale=get_locale())


def _steps(entries: list[Entry]) -> Iterator[tuple[Entry, Parts, Parts]]:
    state: Parts = {}
    for entry in entries:
        after = applied(state, entry.parts)
        yield entry, state, after
        state = after


def _changed(parts: Parts, before: Parts, after: Parts) -> tuple[dict[str, Any], dict[str, Any]]:
    """The fields an entry changed, as they were and as they became."""
    old: dict[str, Any] = {}
    new: dict[str, Any] = {}
    for name, value in parts.items():
        was, now = before.get(name), after.get(name)
        if isinstance(value, dict) and isinstance(was, dict) and isinstance(now, dict):
            old[name] = _readable({field: was.get(field) for field in value})
            new[name] = _readable({field: now.get(field) for field in value})
        else:
            old[name] = _readable(was) if isinstance(was, dict) else was
            new[name] = _readable(now) if isinstance(now, dict) else now
    return old, new


def _readable(part: dict[str, Any]) -> dict[str, Any]:
    return {
        field: json.loads(value) if field in _JSON_FIELDS and isinstance(value, str) else value
        for field, value in part.items()
    }


# --- sentences -------------------------------------------------------------------------------


def _words(change: dict[str, Any], before: Parts, after: Parts) -> str:
    code = change.get("code", "")
    simple = _SIMPLE.get(code)
    if simple is not None:
        return simple()
    if code == "restored_to":
        return _("Brought back to how it stood after entry %(n)s", n=change["entry"])
    if code == "players":
        return players_words(before.get("players", []), after.get("players", []))
    number = int(change.get("round", 0))
    if not number or code not in _ROUND_WORDS:
        return _("Changed")
    return _ROUND_WORDS[code](number, record_of(before), record_of(after))


_SIMPLE = {
    "started": lambda: _("Game started"),
    "rematch": lambda: _("Game started as a rematch"),
    "imported": lambda: _("Game imported from a file"),
    "kept": lambda: _("History recorded from here on"),
    "settings": lambda: _("Settings changed"),
    "deleted": lambda: _("Moved to the trash"),
    "restored": lambda: _("Brought back from the trash"),
    "game_changed": lambda: _("Changed"),
}


def players_words(before: list[str], after: list[str]) -> str:
    """Players renamed, seat by seat (a game's) or place by place (a club night's)."""
    renamed = [f"{old} → {new}" for old, new in zip(before, after, strict=False) if old != new]
    return _("Players renamed: %(names)s", names=", ".join(renamed))


def _trump_words(number: int, _before: GameRecord, after: GameRecord) -> str:
    current = after.current
    trump = current.trump if current is not None else None
    label = labels.trump_label(trump, after.declaration.look(after.settings))
    return _("Round %(n)s, trump: %(trump)s", n=number, trump=label)


def _bids_words(number: int, before: GameRecord, after: GameRecord) -> str:
    """The bids this entry made (one, where each is tapped; all, where a program sent them)."""
    was = (_round(before, number) or RoundInProgress()).bids
    now = (after.current or RoundInProgress()).bids
    made = [
        f"{name} {bid}"
        for seat, (name, bid) in enumerate(zip(after.players, now, strict=False))
        if bid is not None and (seat >= len(was) or was[seat] != bid)
    ]
    return _("Round %(n)s: bids %(bids)s", n=number, bids=", ".join(made))


def _entered_words(number: int, _before: GameRecord, after: GameRecord) -> str:
    played = after.rounds[number - 1]
    scores = _scores(after, number)
    seats = [
        _("%(name)s bid %(bid)s, took %(tricks)s, %(score)s", **_seat(after, played, seat, scores))
        for seat in range(len(after.players))
    ]
    return _("Round %(n)s entered: %(seats)s", n=number, seats=" · ".join(seats))


def _corrected_words(number: int, before: GameRecord, after: GameRecord) -> str:
    old, new = before.rounds[number - 1], after.rounds[number - 1]
    was, now = _scores(before, number), _scores(after, number)
    changes = []
    for seat, name in enumerate(after.players):
        said = []
        if old.bids[seat] != new.bids[seat]:
            said.append(_("bid %(old)s → %(new)s", old=_bid(old, seat), new=_bid(new, seat)))
        if old.tricks[seat] != new.tricks[seat]:
            said.append(_("tricks %(old)s → %(new)s", old=old.tricks[seat], new=new.tricks[seat]))
        if was[seat] != now[seat]:
            said.append(
                _(
                    "score %(old)s → %(new)s",
                    old=labels.signed(was[seat]),
                    new=labels.signed(now[seat]),
                )
            )
        if said:
            changes.append(_("%(name)s (%(changes)s)", name=name, changes=", ".join(said)))
    if old.trump != new.trump:
        look = after.declaration.look(after.settings)
        changes.append(
            _(
                "trump %(old)s → %(new)s",
                old=labels.trump_label(old.trump, look),
                new=labels.trump_label(new.trump, look),
            )
        )
    if not changes:
        return _("Round %(n)s corrected", n=number)
    return _("Round %(n)s corrected: %(changes)s", n=number, changes=" · ".join(changes))


def _adjustment_words(number: int, _before: GameRecord, after: GameRecord) -> str:
    played = _round(after, number)
    given = played.adjustments if played is not None else ()
    if not given:
        return _("Round %(n)s: adjustments taken off", n=number)
    said = [
        f"{after.players[a.seat]} {labels.signed(a.points)}"
        + (f" ({a.reason})" if a.reason else "")
        for a in given
    ]
    return ngettext(
        "Round %(n)s: adjustment %(given)s",
        "Round %(n)s: adjustments %(given)s",
        len(given),
        n=number,
        given=", ".join(said),
    )


def _reopened_words(number: int, _before: GameRecord, _after: GameRecord) -> str:
    return _("Round %(n)s reopened (undo)", n=number)


def _undone_words(number: int, _before: GameRecord, _after: GameRecord) -> str:
    return _("Round %(n)s: a bid or the trump taken back (undo)", n=number)


_ROUND_WORDS = {
    "trump": _trump_words,
    "bids": _bids_words,
    "round_entered": _entered_words,
    "round_corrected": _corrected_words,
    "adjustment": _adjustment_words,
    "round_reopened": _reopened_words,
    "round_undone": _undone_words,
}


def _round(record: GameRecord, number: int) -> RoundRecord | RoundInProgress | None:
    if number <= len(record.rounds):
        return record.rounds[number - 1]
    return record.current


def _scores(record: GameRecord, number: int) -> tuple[int, ...]:
    """Round ``number``'s scores by seat, as the core counts them."""
    played = record.rounds[number - 1]
    hand = record.schedule[number - 1]
    return round_scores(record.game, record.settings, hand, record.dealer(number), played)


def _bid(played: RoundRecord, seat: int) -> str:
    bid = played.bids[seat]
    return "\u2014" if bid is None else str(bid)  # a saboteur makes no bid


def _seat(
    record: GameRecord, played: RoundRecord, seat: int, scores: tuple[int, ...]
) -> dict[str, str]:
    return {
        "name": record.players[seat],
        "bid": _bid(played, seat),
        "tricks": str(played.tricks[seat]),
        "score": labels.signed(scores[seat]),
    }
