"""An evening's plan of its sittings still to come (issue 48), kept once it was shown or printed
so that the next draws follow what the room holds on paper (docs/club-night.md, "The plan").

A plan is no fact of the evening: it is worked out from the evening's seed, the players present
and the sittings drawn, and kept only so that the draws after it follow it. So it is no part of
the evening's version, history or file; it goes with the evening (``ON DELETE CASCADE``).
"""

from __future__ import annotations

import json

from scorekeeper.core.evening import Plan, Sitting, Table
from scorekeeper.storage.database import Database, now, rows, writing


def load_plan(db: Database, evening_id: str) -> Plan | None:
    """The evening's plan as kept, or ``None``."""
    found = rows(db, "SELECT * FROM evening_plans WHERE evening_id = ?", evening_id)
    if not found:
        return None
    row = found[0]
    sittings = tuple(
        Sitting(
            tuple(Table(tuple(players), first) for players, first in sitting["tables"]),
            tuple(sitting["sitting_out"]),
        )
        for sitting in json.loads(row["sittings"])
    )
    return Plan(int(row["after"]), tuple(json.loads(row["present"])), int(row["seed"]), sittings)


def keep_plan(db: Database, evening_id: str, plan: Plan) -> None:
    """Keep ``plan`` as the evening's, in place of the one kept before."""
    sittings = [
        {
            "tables": [[list(table.players), table.first_dealer] for table in sitting.tables],
            "sitting_out": list(sitting.sitting_out),
        }
        for sitting in plan.sittings
    ]
    with writing(db):
        db.execute(
            "INSERT INTO evening_plans (evening_id, after, present, seed, sittings, made_at)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (evening_id) DO UPDATE SET"
            " after = excluded.after, present = excluded.present, seed = excluded.seed,"
            " sittings = excluded.sittings, made_at = excluded.made_at",
            [
                evening_id,
                plan.after,
                json.dumps(list(plan.present), ensure_ascii=False),
                plan.seed,
                json.dumps(sittings, ensure_ascii=False),
                now(),
            ],
        )
