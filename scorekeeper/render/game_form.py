"""What the new-game form shows of a game's schedules beyond their words, for any game that
declares it (``Declaration.shows_hands``, ``Declaration.one_card_only``): the hands of each
schedule by table size, its rounds at a table, and the schedules with no one-card hand.

Worked out from the game's own rules (``Declaration.schedules``: a schedule the game refuses at
a table is not played there), once per game: the numbers are the same in every language, only
the words around them are said in the reader's.
"""

from __future__ import annotations

from functools import cache

from scorekeeper.core import family
from scorekeeper.core.family.declared_parts import Plain
from scorekeeper.render import labels

Hands = tuple[int, ...] | None
"""The hands of a schedule at a table, round by round; ``None``: not played there."""


@cache
def _hands(game_key: str) -> dict[str, tuple[tuple[int, Hands], ...]]:
    """Each schedule of a game (by its value as a form posts it) with its hands at every table
    size the game is played by."""
    declared = family.game(game_key)
    tables = range(declared.min_players, declared.max_players + 1)
    offered = {players: declared.schedules(players) for players in tables}
    choices = next(s.choices for s in declared.settings if s.key == declared.schedule_setting)
    return {
        str(choice): tuple((players, offered[players].get(choice)) for players in tables)
        for choice in choices
    }


def schedule_hands(game_key: str, value: object) -> list[tuple[str, Hands]]:
    """The hands of one schedule as the new-game form lists them: tables that play the same
    hands share one line (3 to 8 players: "1, 2, … 5"), so the form says it once."""
    lines: list[tuple[list[int], Hands]] = []
    for players, hands in _hands(game_key)[str(value)]:
        if lines and lines[-1][1] == hands:
            lines[-1][0].append(players)
        else:
            lines.append(([players], hands))
    return [
        (str(tables[0]) if len(tables) == 1 else f"{tables[0]}\u2013{tables[-1]}", hands)
        for tables, hands in lines
    ]


def _rounds(game_key: str, value: object) -> dict[int, str]:
    """How many rounds a schedule has at every table it is played at ("15 rounds")."""
    return {
        players: labels.ngettext("%(num)s round", "%(num)s rounds", len(hands))
        for players, hands in _hands(game_key)[str(value)]
        if hands
    }


def _hand_rounds(game_key: str, value: object, hand: int) -> str:
    """A schedule's rounds with the largest hand chosen (``Declaration.hand_setting``), at the
    smallest table (a chosen hand makes them the same at every table that may deal it)."""
    declared = family.game(game_key)
    chosen = declared.from_plain({declared.schedule_setting: value, declared.hand_setting: hand})
    hands = declared.schedule(declared.min_players, chosen)
    return labels.ngettext("%(num)s round", "%(num)s rounds", len(hands))


def _hands_chosen(game_key: str) -> tuple[int, ...]:
    """The largest hands a table may choose (none but the default: 0), for a game that has
    that setting."""
    declared = family.game(game_key)
    return tuple(
        choice
        for setting in declared.settings
        if setting.key == declared.hand_setting
        for choice in setting.choices
        if isinstance(choice, int) and choice > 0
    )


def schedule_rounds(game_key: str, value: object) -> str:
    """A schedule's rounds at every table, for an attribute the page's script reads:
    ``3:20 rounds|4:15 rounds|…``, then with each largest hand a table may choose where the
    game has that setting: ``h5:9 rounds|…`` (Oh Hell; issue 49's walk: its length fold said
    no rounds). Not JSON: its quotes cost six bytes each in the attribute, and the page has one
    per schedule."""
    pairs = [f"{players}:{said}" for players, said in _rounds(game_key, value).items()]
    pairs += [f"h{hand}:{_hand_rounds(game_key, value, hand)}" for hand in _hands_chosen(game_key)]
    return "|".join(pairs)


def rounds_at(game_key: str, value: object, players: int, hand: object = 0) -> str:
    """A schedule's rounds at a table of ``players`` ("15 rounds"), with the largest hand
    ``hand`` where the table chose one; empty for a table the game or the schedule is not
    played by."""
    if hand and hand in _hands_chosen(game_key):
        return _hand_rounds(game_key, value, int(str(hand)))
    return _rounds(game_key, value).get(players, "")


def without_one_card(game_key: str) -> list[tuple[Plain, list[int]]]:
    """The schedules with no one-card hand at some table sizes, with those table sizes (a
    setting of one-card hands only plays no part there)."""
    missing: list[tuple[Plain, list[int]]] = []
    for value, tables in _hands(game_key).items():
        players = [count for count, hands in tables if hands is not None and 1 not in hands]
        if players:
            missing.append((value, players))
    return missing


TEMPLATE_GLOBALS = {
    function.__name__: function
    for function in (schedule_hands, schedule_rounds, rounds_at, without_one_card)
}
"""The functions every template may call by these names."""
