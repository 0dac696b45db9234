"""The goals of ``make bench`` in one table: each target, its goal, this run's figure, met or not.

Issue 22 ("Light on the table's Wi-Fi") set the bytes per round, the first visit's weight, the
connection a version check keeps, the phones watching and the start; issue 20 a big group's
answers beside the round page and a new visitor beside trickling connections; the others came
before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from benchmarks import stranger_bench

Results = dict[str, Any]
# Each goal: its name, the goal as written, and from the results the figure (as text) and
# whether it is met, or None where the section did not run.
Check = Callable[[Results], tuple[str, bool] | None]


def kb(value: float) -> str:
    """Bytes in KB, one decimal."""
    return f"{value / 1000:.1f} KB"


def _round_bytes(players: int) -> Check:
    def check(results: Results) -> tuple[str, bool] | None:
        for row in results.get("taps", {}).get("bytes_rows", []):
            if row["players"] == players:
                worst = max(row["bytes"])
                rounds = " and ".join(kb(value) for value in row["bytes"])
                return f"{rounds} (rounds of {' and '.join(map(str, row['hands']))} cards)", (
                    worst <= row["goal"]
                )
        return None

    return check


def _tap_to_screen(results: Results) -> tuple[str, bool] | None:
    taps = results.get("taps", {})
    if not taps.get("tap_to_screen_count"):
        return None
    ms = taps["tap_to_screen_ms"]
    return f"{ms:.1f} ms", ms <= 60


def _family_taps(game: str) -> Check:
    """A round of ``game`` where all but one player made the bid: at most the taps its screen
    promises (players + 2 for Skull King, players + 3 for Oh Hell), at every table size."""

    def check(results: Results) -> tuple[str, bool] | None:
        rows = results.get("taps", {}).get("family", [])
        mine = [row for row in rows if isinstance(row, dict) and row.get("game") == game]
        if not mine:
            return None
        extra = sorted({hand["taps"] - row["players"] for row in mine for hand in row["hands"]})
        figure = " or ".join(f"players + {n}" for n in extra)
        return figure, all(hand["taps"] <= row["promised"] for row in mine for hand in row["hands"])

    return check


def _first_visit(key: str, over_key: str) -> Check:
    def check(results: Results) -> tuple[str, bool] | None:
        weight = results.get("weight", {})
        if key not in weight:
            return None
        largest = weight[key]
        figure = largest["total" if key == "largest" else "total_gz"]
        return f"{kb(figure)} ({largest['page']})", not weight[over_key]

    return check


def _watchers(results: Results) -> tuple[str, bool] | None:
    watching = results.get("watchers", {})
    if "p99_ratio" not in watching:
        return None
    ratio = watching["p99_ratio"]
    return f"{ratio:.2f}x with {watching['watchers']:,} streams", (
        ratio <= 1.5 and watching["watchers"] >= 2000 and not watching["errors"]
    )


def _wave(results: Results) -> tuple[str, bool] | None:
    watching = results.get("watchers", {})
    if "wave_p99_ratio" not in watching:
        return None
    slowest = watching["all_told_slowest_s"]
    every = watching["changes_to_all"] == watching["changes"] and slowest is not None
    ratio = watching["wave_p99_ratio"]
    shown = f"{slowest:.2f} s at the slowest" if slowest is not None else "not all told"
    return f"{shown}; other table's p99 {ratio:.2f}x", (
        every and slowest <= 1 and ratio <= 1.5 and watching["wave"] >= 1000
    )


def _live(results: Results) -> tuple[str, bool] | None:
    section = results.get("live", {})
    if "watcher" not in section:
        return None
    pages = [section["watcher"], section["display"]]
    if any(page["median_ms"] is None for page in pages):
        return "a change not shown", False
    shown = ", ".join(f"{page['median_ms']:.0f} / {page['p95_ms']:.0f} ms" for page in pages)
    met = all(page["median_ms"] <= 150 and page["p95_ms"] <= 400 for page in pages)
    return f"{shown} (phone, display)", met and all(
        page["shown"] == section["changes"] for page in pages
    )


def _crash(results: Results) -> tuple[str, bool] | None:
    section = results.get("crash", {})
    if "lost" not in section:
        return None
    slowest = section["caught_up_slowest_s"]
    every = section["caught_up"] == section["streams"] and slowest is not None
    caught = f"{section['caught_up']} of {section['streams']} phones caught up"
    if every:
        caught = f"every phone caught up in {slowest:.2f} s"
    shown = f"{section['lost']} lost; {caught}"
    return shown, every and not section["lost"] and section["streams"] >= 1000


def _one_address(results: Results) -> tuple[str, bool] | None:
    section = results.get("slow", {}).get("one_address", {})
    if "slowest_s" not in section:
        return None
    return f"{section['slowest_s']:.2f} s at the slowest", (
        section["slowest_s"] <= section["goal_s"] and not section["not_served"]
    )


def _start(results: Results) -> tuple[str, bool] | None:
    start = results.get("start", {})
    if "ratio" not in start:
        return None
    return f"{start['ratio']:.1f}x ({start['make_run_s']:.2f} s)", start["ratio"] <= 2.5


def _beside(name: str, most: float) -> Check:
    """The round page's median beside heavy requests (``benchmarks/beside.py``) against ``most``."""

    def check(results: Results) -> tuple[str, bool] | None:
        section = results.get(name, {})
        if "ratio" not in section:
            return None
        return f"{section['ratio']:.2f}x", section["ratio"] <= most

    return check


def _slow_visitor(results: Results) -> tuple[str, bool] | None:
    section = results.get("slow", {})
    if "slowest_s" not in section:
        return None
    return f"{section['slowest_s']:.2f} s at the slowest", (
        section["slowest_s"] <= section["goal_s"] and not section["not_served"]
    )


def _strangers(results: Results) -> tuple[str, bool] | None:
    section = results.get("strangers", {})
    if "attacks" not in section:
        return None
    attacks = section["attacks"].values()
    page = max(figures["page_p99_s"] or 99 for figures in attacks)
    submitted = max(figures["round_slowest_s"] or 99 for figures in attacks)
    memory = max(
        figures["memory_added_mb"]
        for name, figures in section["attacks"].items()
        if "addresses" not in name
    )
    shown = f"page p99 {page:.2f} s, round {submitted:.2f} s, memory +{memory:.0f} MB"
    return shown, stranger_bench.met(section)


def _history_round(results: Results) -> tuple[str, bool] | None:
    section = results.get("history", {})
    if "round_ratio" not in section:
        return None
    return f"{section['round_ratio']:.2f}x", section["round_ratio"] <= section["round_goal"]


def _history_size(results: Results) -> tuple[str, bool] | None:
    section = results.get("history", {})
    if "size_ratio" not in section:
        return None
    return f"{section['size_ratio']:.2f}x", section["size_ratio"] <= section["size_goal"]


def _history_page(results: Results) -> tuple[str, bool] | None:
    section, weighed = results.get("history", {}), results.get("weight", {})
    if "page_bytes" not in section:
        return None
    shown = f"{kb(section['page_bytes'])} ({kb(section['page_wire_bytes'])} on the wire)"
    # the page alone: under the limits of a first visit with everything it loads
    limit, wire = weighed.get("limit", 50_000), weighed.get("wire_limit", 20_000)
    return shown, section["page_bytes"] <= limit and section["page_wire_bytes"] <= wire


def _growth(results: Results) -> tuple[str, bool] | None:
    section = results.get("server", {})
    if "growth" not in section:
        return None
    big = list(section["sizes"])[1]
    worst = max(figure["median"] for figure in section["growth"][big].values())
    return f"at most {worst:.2f}x", worst <= 1.1


def _draw(results: Results) -> tuple[str, bool] | None:
    section = results.get("draw", {})
    cases = [case for name, case in section.items() if name != "plans" and "slowest_s" in case]
    if not cases:
        return None
    worst = max(case["slowest_s"] for case in cases)
    return f"at most {worst:.3f} s", worst <= 1


def _plan(results: Results) -> tuple[str, bool] | None:
    plans = results.get("draw", {}).get("plans", {})
    mine = [case for name, case in plans.items() if name.startswith("52 players")]
    if not mine:
        return None
    worst = max(case["slowest_s"] for case in mine)
    return f"at most {worst:.3f} s", worst <= 3


def _import(results: Results) -> tuple[str, bool] | None:
    section = results.get("import", {})
    cases = [case for case in section.values() if isinstance(case, dict) and "import_s" in case]
    if not cases:
        return None
    worst = max(case["slowest_import_s"] for case in cases)
    return f"at most {worst:.2f} s", worst <= section["goal_s"]


def _card(again: bool) -> Check:
    def check(results: Results) -> tuple[str, bool] | None:
        section = results.get("card", {})
        key = "slowest_again_s" if again else "slowest_drawn_s"
        cases = [case[key] for case in section.values() if isinstance(case, dict) and key in case]
        if not cases:
            return None
        goal = section["again_goal_s" if again else "goal_s"]
        return f"at most {max(cases):.3f} s", max(cases) <= goal

    return check


def _room(results: Results) -> tuple[str, bool] | None:
    section = results.get("room", {})
    if not section.get("shown"):
        return None
    figure = (
        f"p95 {section['p95_ms']:.0f} ms, slowest {section['slowest_ms']:.0f} ms; "
        f"{section['answers_per_change']:.2f} answers a change, at most "
        f"{kb(section['answer_bytes_max'])}; {section['loads']} load"
    )
    met = (
        section["slowest_ms"] <= 1000
        and section["answers"] <= section["rounds_saved"]
        and section["shown"] == section["rounds_saved"]
        and section["loads"] == 1
    )
    return figure, met


def _postgres_costs(results: Results) -> tuple[str, bool] | None:
    section = results.get("postgres", {})
    if "round_ratio" not in section:
        return None
    ratios = [section[f"{case}_ratio"] for case in ("round", "sheet6", "post")]
    shown = ", ".join(f"{ratio:.2f}x" for ratio in ratios)
    return f"round page, sheet, submit: {shown}", max(ratios) <= 2


def _postgres_servers(results: Results) -> tuple[str, bool] | None:
    two = results.get("postgres", {}).get("two_servers", {})
    if "p99_ratio" not in two:
        return None
    every = two["changes_to_all"] == two["changes"]
    slowest, median = two["all_told_slowest_s"], two["all_told_median_s"]
    shown = f"p99 {two['p99_ratio']:.2f}x; told in {median:.3f} s median, {slowest:.2f} s slowest"
    met = two["p99_ratio"] <= 1.5 and every and slowest <= 1 and median <= 0.15
    return shown, met and two["watchers"] >= 2000 and not two["errors"]


GOALS: list[tuple[str, str, Check]] = [
    ("Bytes on the wire per round, 4 players", "at most 10 KB", _round_bytes(4)),
    ("Bytes on the wire per round, 8 players", "at most 16 KB", _round_bytes(8)),
    ("A tap on the screen (median)", "within 60 ms", _tap_to_screen),
    ("Taps of a Skull King round, one bid missed", "players + 2", _family_taps("skull_king")),
    ("Taps of an Oh Hell round, one bid missed", "players + 3", _family_taps("oh_hell")),
    (
        "First visit of the largest page, uncompressed",
        "at most 50 KB",
        _first_visit("largest", "over_limit"),
    ),
    (
        "First visit of the heaviest page, on the wire",
        "at most 20 KB",
        _first_visit("largest_wire", "over_wire_limit"),
    ),
    ("A saved change on a phone and the display", "median 150 ms, p95 400 ms", _live),
    ("2,000 phones watching: round page p99", "at most 1.5x alone", _watchers),
    (
        "A change to a game 1,000 phones watch",
        "all within 1 s; another table's p99 at most 1.5x",
        _wave,
    ),
    ("PostgreSQL: a round page, the 6 x 10 sheet, a submit", "at most 2x SQLite", _postgres_costs),
    (
        "Two servers on one PostgreSQL, 2,000 phones watching",
        "round page p99 at most 1.5x alone; a change on the other's phones in 150 ms median, 1 s",
        _postgres_servers,
    ),
    ("One address with 2,000 connections: a visitor from another", "within 1 s", _one_address),
    ("kill -9 with 1,000 open streams", "no round lost; the phones catch up", _crash),
    ("`make run` to its first page", "at most 2.5x a minimal Flask app", _start),
    ("8 phones printing: round page median", "at most 1.5x alone", _beside("pdf_load", 1.5)),
    (
        "A 1,000-game group asked by 8 strangers: round page median",
        "at most 2x alone",
        _beside("group_load", 2),
    ),
    ("A new visitor beside 1,000 trickling connections", "within 1 s", _slow_visitor),
    (
        "Slow bodies, 8,100 idle connections, 40 large heads or 100 chunked bodies from one "
        "address: another table",
        "page p99 and round within 1 s; memory +64 MB at most",
        _strangers,
    ),
    ("100,000 games stored: each request", "at most 1.1x", _growth),
    (
        "A submitted round with its history entry, 100,000 games stored",
        "at most 1.1x without",
        _history_round,
    ),
    ("The history of 100,000 played games", "at most 2x the rest of the database", _history_size),
    ("A 20-round game's History page", "within the page weight limits", _history_page),
    ("A club evening's balanced draw, each sitting", "within 1 s", _draw),
    ("A club evening's whole plan, 52 players", "within 3 s", _plan),
    ("A club's past brought in: 5,000 plays", "within 10 s", _import),
    ("A result card, 8 players or 25 rounds", "within 1 s", _card(again=False)),
    ("The same result card asked again", "within 0.05 s", _card(again=True)),
    (
        "The room screen while 13 tables save a round every 20 s",
        "each change within 1 s; at most one small answer a change, no reload",
        _room,
    ),
]


def round_bytes(section: dict[str, Any]) -> list[str]:
    """Bytes on the wire per round against the goal (4 and 8 players)."""
    rows = [
        [
            str(row["players"]),
            *(
                f"{_number(value)} (round of {hand})"
                for value, hand in zip(row["bytes"], row["hands"], strict=True)
            ),
            f"<= {_number(row['goal'])}",
        ]
        for row in section.get("bytes_rows", [])
    ]
    if not rows:
        return []
    return [
        "",
        "Bytes on the wire per round (the request and response bodies as Chromium received "
        "them, compressed where the pad compresses; the stylesheet and scripts come from the "
        "cache): each tap that sends a form gets only the part of the round page the script "
        "swaps in.",
        "",
        *markdown_table(["Players", "Bytes, first round", "Bytes, later round", "Goal"], rows),
    ]


def _number(value: float) -> str:
    return f"{value:,.0f}"


def markdown_table(head: list[str], rows: list[list[str]]) -> list[str]:
    """A Markdown table of ``rows`` under ``head``."""
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def table(results: Results) -> list[str]:
    """The goals section of docs/benchmarks.md."""
    rows = []
    for name, goal, check in GOALS:
        found = check(results)
        if found is None:
            rows.append([name, goal, "not measured", ""])
        else:
            figure, met = found
            rows.append([name, goal, figure, "met" if met else "**missed**"])
    return ["## Goals", "", *markdown_table(["Target", "Goal", "This run", ""], rows)]
