"""A group's history (issue 47, docs/api.md "Groups"): every change of the group (players
renamed or merged, games added or taken out, a club night's draws, links renewed), newest first
in words on its History page, and oldest first in the API. Whoever may see the group may read
it; a group has no restore (its games and club nights have theirs)."""

from __future__ import annotations

from flask import Response, render_template

from scorekeeper.render.group_history_words import group_words
from scorekeeper.render.history_words import Said
from scorekeeper.storage.group_rows import GROUPS
from scorekeeper.web import access, groups_api, history_api
from scorekeeper.web.groups import bp as pages
from scorekeeper.web.groups_api import bp as api_bp
from scorekeeper.web.kinds import GROUP


def said_entries(group_id: str) -> list[Said]:
    """The group's history in words, oldest first."""
    return history_api.said_history(GROUPS, group_id, group_words)


@api_bp.get("/<group_id>/history")
def group_history_answer(group_id: str) -> Response:
    """The group's history, oldest entry first, with an ``ETag`` of its content."""
    stored = groups_api.stored_group(group_id)
    return history_api.history_answer(said_entries(stored.id))


@pages.get("/<group_id>/history")
def history_page(group_id: str) -> str:
    """Every change of the group, newest first."""
    stored = access.load_or_404(GROUP, group_id)
    return render_template(
        "groups/history.html", group=stored, lines=list(reversed(said_entries(stored.id)))
    )
