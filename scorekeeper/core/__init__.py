"""The game core: Wizard's rules, a game's facts and moves, the score sheet, the variants and
refusals, a group's statistics and the record formats. Pure Python: no Flask, no database, no
page library, and nothing of the rest of the app (the import contracts in pyproject.toml)."""
