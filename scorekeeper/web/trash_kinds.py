"""What the trash keeps, each kind declared once (issue 47): a game, a group and a club night.

A declaration says how to read one (in play or in the trash) as the trash's pages show it, which
of this phone's may be in the trash, the phone's memory of it, and its words. Everything else
(the pages, the API's answers, the home page's list) is :mod:`scorekeeper.web.trash`'s and
:mod:`scorekeeper.web.trash_pages`', the same for every kind.

Who may delete, restore or delete for good is whoever may change the thing: a game's keepers,
and for a group and its club nights the group's keepers (:mod:`scorekeeper.web.access`). The
phone lists a club night of its trash through the groups it keeps: the memory keeps groups, and
a club night is its group's.
"""

from __future__ import annotations

from flask import url_for
from flask_babel import gettext as _
from flask_babel import ngettext, pgettext

from scorekeeper import storage
from scorekeeper.core import sheet
from scorekeeper.render import game_words, labels
from scorekeeper.web import access, club_tables, trash
from scorekeeper.web.kinds import GAME as GAME_ACCESS
from scorekeeper.web.kinds import GROUP as GROUP_ACCESS
from scorekeeper.web.trash import Refused, Shown, Words

# --- a game --------------------------------------------------------------------------------


def _game(game_id: str) -> Shown | None:
    stored = storage.load(storage.get_db(), game_id, trashed=True)
    if stored is None:
        return None
    built = sheet.build(stored.record)
    about = (
        _("Finished")
        if built.finished
        else _("Round %(r)s of %(total)s", r=built.round_number, total=len(built.schedule))
    )
    return Shown(
        stored.id,
        stored.version,
        ", ".join(built.players),
        game_words.game_name(built.game),
        about,
        stored.deleted_at,
        access.keeps(GAME_ACCESS, stored),
        access.may_see(GAME_ACCESS, stored),
    )


def _remember_game(game_id: str) -> None:
    stored = storage.load(storage.get_db(), game_id)
    if stored is not None:
        access.remember(GAME_ACCESS, stored, keeper=True)


def _club_table(game_id: str) -> Refused | None:
    """A table's game of a club night is its record: only the evening's keepers take it out."""
    club = club_tables.protecting(game_id)
    if club is None:
        return None
    back = url_for("evenings.show", evening_id=club.evening.id)
    return Refused(club_tables.refusal_words(club), back, _("Back to the club night"))


GAME = trash.declare(
    trash.Kind(
        name="game",
        arg="game_id",
        rank=2,
        endpoints="views",
        page="game",
        stored=storage.GAME_TRASH,
        find=_game,
        mine=lambda: access.seen(GAME_ACCESS),
        remember=_remember_game,
        forget=lambda game_id: access.forget(GAME_ACCESS, game_id),
        keepers_only=GAME_ACCESS.keepers_only_words,
        protected=_club_table,
        words=Words(
            delete_title=lambda: _("Delete the game?"),
            cannot_delete_title=lambda: _("This game cannot be deleted"),
            goes=lambda days: ngettext(
                "The game goes to the trash: you can restore it from the home page for %(num)s "
                "day, then it is deleted for good.",
                "The game goes to the trash: you can restore it from the home page for %(num)s "
                "days, then it is deleted for good.",
                days,
            ),
            yes_delete=lambda: _("Yes, delete it"),
            no_keep=lambda: _("No, keep it"),
            moved=lambda: _("The game is in the trash: restore it from the home page."),
            trashed_title=lambda: _("This game is in the trash"),
            deleted_on=lambda day: _("It is deleted for good on %(day)s.", day=day),
            will_go=lambda day: _("will be deleted for good on %(day)s", day=day),
            keepers_only=lambda: _("Only the phones keeping score can bring it back."),
            restore_label=lambda shown: _("Restore the game of %(players)s", players=shown.name),
            restored=lambda: _("The game is back from the trash."),
            delete_for_good_title=lambda: _("Delete the game for good?"),
            lost=lambda: _(
                "Every round entered is lost for good. Export the game record first if you may "
                "want it back."
            ),
            yes_delete_for_good=lambda: _("Yes, delete it for good"),
            delete_for_good_label=lambda shown: _(
                "Delete for good: the game of %(players)s", players=shown.name
            ),
            deleted_for_good=lambda: _("The game was deleted for good."),
            gone_title=lambda: _("This game was deleted for good"),
            left=lambda day: _("It left the trash on %(day)s: it cannot be brought back.", day=day),
            in_trash=lambda until: _(
                "This game is in the trash: its keeper can restore it until %(until)s, "
                "then it is deleted for good.",
                until=until,
            ),
            gone=lambda gone: _(
                "This game was deleted for good from the trash on %(gone)s.", gone=gone
            ),
            not_in_trash=lambda: _("This game is not in the trash, so nothing was changed."),
            stale=lambda version: _(
                "This game has changed since the version you sent in If-Match (it is at version "
                "%(version)s now), so nothing was changed. Load it and retry.",
                version=version,
            ),
        ),
    )
)


# --- a group ---------------------------------------------------------------------------------


def _group(group_id: str) -> Shown | None:
    stored = storage.load_group(storage.get_db(), group_id, trashed=True)
    if stored is None:
        return None
    return Shown(
        stored.id,
        stored.version,
        stored.name,
        _("Group"),
        ngettext("%(num)s player", "%(num)s players", len(stored.roster)),
        stored.deleted_at,
        access.keeps(GROUP_ACCESS, stored),
        access.may_see(GROUP_ACCESS, stored),
    )


def _remember_group(group_id: str) -> None:
    stored = storage.load_group(storage.get_db(), group_id)
    if stored is not None:
        access.remember(GROUP_ACCESS, stored, keeper=True)


GROUP = trash.declare(
    trash.Kind(
        name="group",
        arg="group_id",
        rank=0,
        endpoints="groups",
        page="show",
        stored=storage.GROUP_TRASH,
        find=_group,
        mine=lambda: access.seen(GROUP_ACCESS),
        remember=_remember_group,
        forget=lambda group_id: access.forget(GROUP_ACCESS, group_id),
        keepers_only=GROUP_ACCESS.keepers_only_words,
        words=Words(
            delete_title=lambda: _("Delete the group?"),
            goes=lambda days: ngettext(
                "The group and its club nights go to the trash: you can restore them from the "
                "home page for %(num)s day, then they are deleted for good. Its games are not "
                "deleted: they stay on the phones that kept score.",
                "The group and its club nights go to the trash: you can restore them from the "
                "home page for %(num)s days, then they are deleted for good. Its games are not "
                "deleted: they stay on the phones that kept score.",
                days,
            ),
            yes_delete=lambda: _("Yes, delete the group"),
            no_keep=lambda: _("No, keep the group"),
            moved=lambda: _(
                "The group is in the trash with its club nights: restore it from the home page."
            ),
            trashed_title=lambda: _("This group is in the trash"),
            deleted_on=lambda day: pgettext("group", "It is deleted for good on %(day)s.", day=day),
            will_go=lambda day: pgettext("group", "will be deleted for good on %(day)s", day=day),
            keepers_only=lambda: _("Only the phones that keep the group can bring it back."),
            restore_label=lambda shown: _("Restore the group %(name)s", name=shown.name),
            restored=lambda: _("The group is back from the trash, with its club nights."),
            delete_for_good_title=lambda: _("Delete the group for good?"),
            lost=lambda: _(
                "Its roster, its leaderboard and its club nights are lost for good. Its games "
                "are not deleted: they stay on the phones that kept score, in no group."
            ),
            yes_delete_for_good=lambda: _("Yes, delete the group for good"),
            delete_for_good_label=lambda shown: _(
                "Delete for good: the group %(name)s", name=shown.name
            ),
            deleted_for_good=lambda: _("The group was deleted for good; its games were kept."),
            gone_title=lambda: _("This group was deleted for good"),
            left=lambda day: pgettext(
                "group", "It left the trash on %(day)s: it cannot be brought back.", day=day
            ),
            in_trash=lambda until: _(
                "This group is in the trash with its club nights: its keepers can restore it "
                "until %(until)s, then it is deleted for good.",
                until=until,
            ),
            gone=lambda gone: _(
                "This group was deleted for good from the trash on %(gone)s.", gone=gone
            ),
            not_in_trash=lambda: _("This group is not in the trash, so nothing was changed."),
            stale=lambda version: _(
                "This group has changed since the version you sent in If-Match (it is at "
                "version %(version)s now), so nothing was changed. Load it and retry.",
                version=version,
            ),
        ),
    )
)


# --- a club night ----------------------------------------------------------------------------


def _evening(evening_id: str) -> Shown | None:
    db = storage.get_db()
    stored = storage.load_evening(db, evening_id, trashed=True)
    group = None if stored is None else storage.load_group(db, stored.group_id, trashed=True)
    if stored is None or group is None:
        return None
    return Shown(
        stored.id,
        stored.version,
        group.name,
        _("Club night"),
        labels.day(stored.created_at[:10]),
        # its own time first: on its own in the trash before its group, it goes first
        stored.deleted_at or group.deleted_at,
        access.keeps(GROUP_ACCESS, group),
        access.may_see(GROUP_ACCESS, group),
        within=group.id if group.deleted_at is not None else None,
    )


def _no_memory(_evening_id: str) -> None:
    """A club night is remembered through its group."""


EVENING = trash.declare(
    trash.Kind(
        name="evening",
        arg="evening_id",
        rank=1,
        endpoints="evenings",
        page="show",
        stored=storage.EVENING_TRASH,
        find=_evening,
        mine=lambda: storage.evening_ids(storage.get_db(), access.seen(GROUP_ACCESS)),
        within=GROUP,
        remember=_no_memory,
        forget=_no_memory,
        keepers_only=GROUP_ACCESS.keepers_only_words,
        words=Words(
            delete_title=lambda: _("Delete the club night?"),
            goes=lambda days: ngettext(
                "The club night goes to the trash: you can restore it from the home page for "
                "%(num)s day, then it is deleted for good. Its tables' games are not deleted: "
                "they stay in the group.",
                "The club night goes to the trash: you can restore it from the home page for "
                "%(num)s days, then it is deleted for good. Its tables' games are not deleted: "
                "they stay in the group.",
                days,
            ),
            yes_delete=lambda: _("Yes, delete the club night"),
            no_keep=lambda: _("No, keep the club night"),
            moved=lambda: _("The club night is in the trash: restore it from the home page."),
            trashed_title=lambda: _("This club night is in the trash"),
            deleted_on=lambda day: pgettext(
                "club night", "It is deleted for good on %(day)s.", day=day
            ),
            will_go=lambda day: pgettext(
                "club night", "will be deleted for good on %(day)s", day=day
            ),
            keepers_only=lambda: _("Only the phones that keep its group can bring it back."),
            restore_label=lambda shown: _("Restore the club night of %(day)s", day=shown.about),
            restored=lambda: _("The club night is back from the trash."),
            delete_for_good_title=lambda: _("Delete the club night for good?"),
            lost=lambda: _(
                "Its sittings, tables and standings are lost for good. Its tables' games are not "
                "deleted: they stay in the group."
            ),
            yes_delete_for_good=lambda: _("Yes, delete the club night for good"),
            delete_for_good_label=lambda shown: _(
                "Delete for good: the club night of %(day)s", day=shown.about
            ),
            deleted_for_good=lambda: _("The club night was deleted for good; its games were kept."),
            gone_title=lambda: _("This club night was deleted for good"),
            left=lambda day: pgettext(
                "club night", "It left the trash on %(day)s: it cannot be brought back.", day=day
            ),
            in_trash=lambda until: _(
                "This club night is in the trash: its group's keepers can restore it until "
                "%(until)s, then it is deleted for good.",
                until=until,
            ),
            gone=lambda gone: _(
                "This club night was deleted for good from the trash on %(gone)s.", gone=gone
            ),
            not_in_trash=lambda: _("This club night is not in the trash, so nothing was changed."),
            stale=lambda version: _(
                "This club night has changed since the version you sent in If-Match (it is at "
                "version %(version)s now), so nothing was changed. Load it and retry.",
                version=version,
            ),
            in_trash_with=lambda: _(
                "It went to the trash with its group: restoring the group brings it back."
            ),
        ),
    )
)
