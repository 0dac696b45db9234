"""A game that is a table's game of a club night is the evening's record (issue 47): a table's
phone does not delete it (the page and any API endpoint deleting a game ask :func:`protecting`
first and say :func:`refusal_words`, the API with :data:`REFUSAL_CODE`); only the evening's
keepers take its table out of the sitting (:mod:`scorekeeper.web.evening_keeper`, and
``POST /api/evenings/<id>/sittings/<k>/tables/<t>/out``), which keeps the game.
"""

from __future__ import annotations

from flask_babel import gettext as _

from scorekeeper import storage
from scorekeeper.render import labels
from scorekeeper.storage import ClubTable

REFUSAL_CODE = "game_in_club_night"
"""The API's code for deleting a table's game of a club night (409)."""


def protecting(game_id: str) -> ClubTable | None:
    """The club night, sitting and table whose game this is, or ``None`` (a game of no evening,
    which its keepers may delete)."""
    return storage.table_of_game(storage.get_db(), game_id)


def refusal_words(club: ClubTable) -> str:
    """Why the game is not deleted, in words: whose table it is, and who can take it out."""
    group = storage.load_group(storage.get_db(), club.evening.group_id, trashed=True)
    words: str = _(
        "This game is table %(table)s of sitting %(sitting)s of %(group)s's club night of "
        "%(day)s. Only the club night's keepers can take a table out.",
        table=club.table,
        sitting=club.sitting,
        group=group.name if group is not None else "",
        day=labels.day(club.evening.created_at[:10]),
    )
    return words


def removal_words(club: ClubTable) -> str:
    """Why the game stays in its group: it is a club night's table, and what its keepers do
    instead (end it early, or take it out, on the club night's page)."""
    words: str = _(
        "This game is table %(table)s of sitting %(sitting)s of the club night of %(day)s, so "
        "it stays in the group. If a player left, end the table early on the club night's "
        "page; if its game went wrong, take the table out there.",
        table=club.table,
        sitting=club.sitting,
        day=labels.day(club.evening.created_at[:10]),
    )
    return words
