"""No shared file names a game (issue 50): a new game is declared, never written into the pages,
outputs, storage or server. The app's shared files are searched for each declared game's key;
the files that may name one are listed with why, each checked to still need it.
"""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper.core import family

ROOT = Path(__file__).resolve().parents[1]
SHARED: tuple[str, ...] = ("scorekeeper/render", "scorekeeper/web", "scorekeeper/storage")
SHARED += ("scorekeeper/server", "templates", "static")
SUFFIXES = {".py", ".html", ".css", ".js", ".txt", ".xml", ".svg", ".json"}

# A file that names a game's key, and why it may. Each must still name one (a file set right is
# taken off the list).
MAY_NAME = {
    # The game's own page parts and templates, which its declaration names (RoundFacts.page):
    # a game's entry is a declaration of its own, kept beside the shared ones.
    "scorekeeper/web/forms/extras_entered.py": "Skull King's own facts part, importing its checks",
    # "wizard" the card, not the game: a turned card's value (rules.Turned.WIZARD).
    "static/round.css": "the Wizard card's buttons on the trump step",
    "templates/round/trump.html": "the Wizard card turned up",
    "templates/sheet/edit_round.html": "the Wizard card turned up, on the correction page",
    # Names as data, not as the code's knowledge of a game.
    "scorekeeper/render/filenames.py": "examples in its doctests",
    "scorekeeper/web/addresses.py": "an example address in a refusal's words",
    "scorekeeper/storage/migrations_first.py": "a migration's default: games stored before others",
    "scorekeeper/storage/postgres_schema.py": "the same default on PostgreSQL",
    # Not yet declared (issue 50): the blank pad's length and deck, Wizard's, on the home page.
    "templates/home/index.html": "the blank pad's Wizard-only settings",
    "static/style.css": "the blank pad's Wizard-only settings",
}


def _files() -> list[Path]:
    found = []
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts:
                found.append(path)
    return found


def test_no_shared_file_names_a_game() -> None:
    keys = re.compile(r"\b(" + "|".join(map(re.escape, family.GAMES)) + r")\b")
    naming = {
        str(path.relative_to(ROOT)): sorted(set(keys.findall(path.read_text(encoding="utf-8"))))
        for path in _files()
    }
    naming = {path: games for path, games in naming.items() if games}
    unexplained = {path: games for path, games in naming.items() if path not in MAY_NAME}
    assert unexplained == {}, "a shared file names a game: declare it in the game instead"
    stale = sorted(set(MAY_NAME) - set(naming))
    assert stale == [], "names no game any more: take it off MAY_NAME"
