"""``docs/benchmarks.md`` from the figures of one ``make bench`` run."""

from __future__ import annotations

import math
from typing import Any

from benchmarks import family_taps, goals, postgres_bench
from benchmarks.common import ratio
from benchmarks.goals import kb as _kb
from benchmarks.goals import markdown_table as _table
from benchmarks.growth import CASES, POST_GAMES_PER_CLIENT
from benchmarks.server import CLIENTS

POST_GAMES = POST_GAMES_PER_CLIENT * CLIENTS

Results = dict[str, Any]


def _n(value: Any, digits: int = 0) -> str:
    if isinstance(value, float) and math.isnan(value):
        return "n/a"
    if isinstance(value, int | float):
        return f"{value:,.{digits}f}"
    return str(value)


def _failed(section: Any) -> list[str]:
    if isinstance(section, dict) and "error" in section:
        return ["**Not measured in this run:**", "", "```", section["error"], "```"]
    if isinstance(section, dict) and "skipped" in section:
        return [f"Not measured in this run: {section['skipped']}."]
    return []


def machine(results: Results) -> list[str]:
    rows = [[key, value] for key, value in results["machine"].items()]
    return ["## The machine", "", *_table(["", ""], rows)]


def headline(results: Results) -> list[str]:
    lines = ["## Headline", ""]
    taps, weight = results.get("taps", {}), results.get("weight", {})
    if "rows" in taps:
        three, six = taps["rows"][0], taps["rows"][-1]
        lines.append(
            f"- A round where all but one player made the bid takes {three['taps_1']} taps with "
            f"3 players and {six['taps_1']} with 6 "
            f"(the paper pad: {three['paper']} and {six['paper']} handwritten numbers)."
        )
        if taps.get("tap_to_screen_count"):
            lines.append(
                f"- A tap is on the screen {_n(taps['tap_to_screen_ms'], 1)} ms later (median, "
                "the page updated in place; goal 60 ms)."
            )
    if "largest" in weight:
        largest = weight["largest"]
        verdict = "under" if not weight["over_limit"] else "**OVER**"
        lines.append(
            f"- Largest page: {largest['page']}, {_kb(largest['total'])} with its CSS and JS "
            f"({_kb(largest['total_gz'])} on the wire), {verdict} the {_kb(weight['limit'])} "
            "limit."
        )
    if sizes := _sizes(results):
        s, _, big_games, growth = sizes
        lines.append(
            f"- The server serves the round page at {_n(s['round']['rps'])} requests/s "
            f"(p50 {_n(s['round']['p50_ms'], 1)} ms, {_n(s['round']['cost_x'], 1)}x the cost of "
            f"a constant Flask page), the 6 x 10 score sheet at {_n(s['sheet6']['rps'])}/s, and "
            f"takes {_n(s['post']['rps'])} submitted rounds/s, with 8 clients at once."
        )
        low = min(figure["median"] for figure in growth.values())
        high = max(figure["median"] for figure in growth.values())
        lines.append(
            f"- With {big_games} games stored instead of 10, each figure costs between "
            f"{_n(low, 2)}x and {_n(high, 2)}x as much (1.00: the same)."
        )
    pdf, start = results.get("pdf", {}), results.get("start", {})
    if "sheet_ms" in pdf:
        lines.append(
            f"- The 6 x 20 PDF renders in {_n(pdf['sheet_ms'])} ms ({_n(pdf['ratio'], 1)}x a bare "
            f"table); a repeated download takes {_n(pdf['cached_download_ms'], 1)} ms."
        )
    if "make_run_s" in start:
        lines.append(
            f"- `make run` answers its first page {_n(start['make_run_s'], 1)} s after it is typed "
            f"({_n(start['ratio'], 1)}x a minimal Flask app; goal 2.5x)."
        )
    watching = results.get("watchers", {})
    if "p99_ratio" in watching:
        lines.append(
            f"- With {_n(watching['watchers'])} phones following the game on their streams, the "
            f"round page's p99 is {_n(watching['p99_ratio'], 2)}x what it is with none "
            "(goal 1.5x)."
        )
    trickle = results.get("slow", {})
    if "slowest_s" in trickle:
        lines.append(
            f"- Beside {_n(trickle['trickling'])} trickling connections a new visitor is served "
            f"in {_n(trickle['slowest_s'], 2)} s at the slowest (goal 1 s)."
        )
    return lines


def taps(results: Results) -> list[str]:
    section = results.get("taps", {})
    lines = ["## 1. Taps per round at the table", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        "Entering a complete round in Chromium at phone size (390 x 844): the trump (a Wizard "
        "and its suit count as one tap on the suit button), every bid, the tricks of a round "
        "where all but one player made the bid (every stepper starts at the bid, so the one "
        "miss takes one tap), and *Confirm round*: players + 3 taps. Counted by "
        "`tests/browser/flows.py`. The paper pad needs three handwritten numbers per player and "
        "round: the bid, the score and the new total. Requests are everything the browser asked "
        "the server for during the round: each tap that sends a form is one POST whose answer "
        "(the page it is redirected to, fetched by the script) updates the page in place "
        "(the pages in brackets; a tricks stepper sends nothing); the "
        "stylesheet, script and icon are named by their content and kept for a year, so after "
        "the first page the phone takes them from its cache without asking.",
        "",
    ]
    rows = [
        [
            str(row["players"]),
            str(row["taps_1"]),
            str(row["taps_10"]),
            str(row["paper"]),
            f"{row['requests_1']} ({row['html_1']} pages)",
            f"{row['requests_10']} ({row['html_10']} pages)",
        ]
        for row in section["rows"]
    ]
    head = ["Players", "Taps, 1 card", "Taps, 10 cards", "Paper: numbers written"]
    head += ["Requests, 1 card", "Requests, 10 cards"]
    lines += _table(head, rows)
    lines += [
        "",
        "10 cards with 6 players deal the whole deck, so no trump is entered: one tap less.",
        *family_taps.report(section.get("family")),
        *goals.round_bytes(section),
    ]
    if section.get("tap_to_screen_count"):
        lines += [
            "",
            f"Tap to screen: a tap that sends a form is drawn updated in place after "
            f"{_n(section['tap_to_screen_ms'], 1)} ms (median; 90 % within "
            f"{_n(section['tap_to_screen_p90_ms'], 1)} ms) over "
            f"{section['tap_to_screen_count']} taps, from the click to the frame drawn after the "
            "new page's content is swapped in (goal: a median of 60 ms or less on loopback).",
        ]
    return lines


def weight(results: Results) -> list[str]:
    section = results.get("weight", {})
    lines = ["## 2. Page weight", ""]
    if failed := _failed(section):
        return lines + failed
    limit = section["limit"]
    if section["over_limit"]:
        lines += [
            f"> **⚠ OVER THE LIMIT: {', '.join(section['over_limit'])} weigh more than "
            f"{_kb(limit)} uncompressed with their CSS and JS.**",
            "",
        ]
    lines += [
        "Bytes a phone downloads for each page on a first visit: the HTML and every file it "
        "links (stylesheet, script, icon), uncompressed and on the wire (compressed by the pad "
        "where the browser accepts it, as Chromium does; the stylesheet and scripts are served "
        f"minified). Goals: {_kb(limit)} uncompressed, "
        f"{_kb(section.get('wire_limit', 20_000))} on the wire. Later pages "
        "reuse the cached CSS and JS (after asking whether they changed: 304). Rendered by the "
        "app itself for the phone that keeps score.",
        "",
    ]
    rows = [
        [
            row["page"],
            _n(row["html"]),
            _n(row["html_gz"]),
            _n(row["css"]),
            _n(row["js"]),
            _n(row["other"]),
            f"**{_n(row['total'])}**" if row is section["largest"] else _n(row["total"]),
            _n(row["total_gz"]),
            str(row["requests"]),
        ]
        for row in section["pages"]
    ]
    head = ["Page", "HTML", "HTML wire", "CSS", "JS", "Icons", "Total", "Total wire", "Requests"]
    lines += _table(head, rows)
    largest = section["largest"]
    verdict = "under the limit" if not section["over_limit"] else "**over the limit**"
    lines += [
        "",
        f"Largest: {largest['page']}, {_n(largest['total'])} bytes of {_n(limit)} allowed "
        f"({verdict}).",
    ]
    pdf = section.get("pdf_text", {})
    if pdf.get("checked"):
        found = "holds every player's name" if pdf["names_found"] else "**misses a name**"
        lines.append(
            f"The PDF of the 3 x 20 game is {_n(pdf['bytes'])} bytes; read back with `pdftotext` "
            f"its text {found}."
        )
    return lines


def _speed_rows(summary: dict[str, Any]) -> list[list[str]]:
    rows = []
    for case, label in CASES.items():
        s = summary[case]
        rows.append(
            [
                label,
                _n(s["rps"]),
                _n(s["p50_ms"], 1),
                _n(s["p99_ms"], 1),
                f"{_n(s['cost_x'], 1)}x",
                f"{_n(s['p50_x'], 1)}x",
                _n(s.get("cpu_ms", math.nan), 2),
                f"{_n(s.get('cpu_x', math.nan), 1)}x",
                _n(s["errors"]),
            ]
        )
    for case, label in (
        ("floor_get", "Floor: constant Flask page, GET"),
        ("floor_post", "Floor: same, POST"),
    ):
        s = summary[case]
        rows.append(
            [
                label,
                _n(s["rps"]),
                _n(s["p50_ms"], 1),
                _n(s["p99_ms"], 1),
                "1x",
                "1x",
                _n(s.get("cpu_ms", math.nan), 2),
                "1x",
                _n(s["errors"]),
            ]
        )
    return rows


def _sizes(results: Results) -> tuple[dict[str, Any], str, str, dict[str, Any]] | None:
    """The small database's summary, the big size, its count in words, and the growth."""
    section = results.get("server", {})
    if "sizes" not in section:
        return None
    small, big = list(section["sizes"])[:2]
    games = _n(section["sizes"][big]["stored"]["games"])
    return section["sizes"][small]["summary"], big, games, section["growth"][big]


def server(results: Results) -> list[str]:
    section = results.get("server", {})
    lines = ["## 3. Server speed", ""]
    if (failed := _failed(section)) or not (sizes := _sizes(results)):
        return lines + (failed or ["Not measured."])
    summary = sizes[0]
    tool = summary["floor_get"]["tool"]
    lines += [
        "`python -m scorekeeper.serve` (Uvicorn with a2wsgi, 8 threads for Flask) on 127.0.0.1 "
        "with 10 games stored; "
        f"{'wrk (one thread' if tool == 'wrk' else 'the Python client (8 threads'}, 8 keep-alive "
        f"connections) for the GETs and a Python client with 8 threads for the POSTs, each for "
        f"{_n(section['seconds'])} s, median of {section['repeats']} repeats. The floor is one "
        f"Flask route returning a constant page (`benchmarks/floor_app.py`), served the same way "
        f"with the same 8 threads and measured by the same client at the start of each repeat. "
        f"*Cost x floor* is floor requests/s / requests/s in the same repeat: how many constant "
        f"pages one of ours costs. *CPU ms* is the server process's CPU time per request (user + "
        f"system, from `/proc`), and *CPU x floor* its ratio to the floor's in the same repeat: "
        f"the same cost read off the process rather than the clock, which other programs on the "
        f"machine hardly move. The submitted rounds go to 6-player games made for the purpose "
        f"(at most {POST_GAMES} at a time, deleted after each repeat); the phone's session cookie "
        f"makes every page the scorekeeper's view, and is the one a phone holds after its first "
        f"page (its CSRF token, the game as its latest), so no request writes a new cookie.",
        "",
    ]
    head = ["Request", "Requests/s", "p50 ms", "p99 ms", "Cost x floor", "p50 x floor"]
    head += ["CPU ms", "CPU x floor", "Errors"]
    lines += _table(head, _speed_rows(summary))
    lines += ["", *_work_per_page(summary)]
    return lines


# Cost x floor before "half the work per page" (make bench of 2026-11-29), and the goal set then.
BEFORE = {"round": 15.9, "sheet6": 23.3, "post": 9.0}
GOALS = {"round": 8.0, "sheet6": 12.0, "post": 5.0}


def _work_per_page(summary: dict[str, Any]) -> list[str]:
    """The cost of a page against its goal, before and after the work per page was halved."""
    rows = []
    for case, goal in GOALS.items():
        now = summary[case]["cost_x"]
        verdict = "met" if now <= goal else "**missed**"
        cpu = summary[case].get("cpu_x", math.nan)
        rows.append(
            [
                CASES[case],
                f"{_n(BEFORE[case], 1)}x",
                f"{_n(now, 1)}x",
                f"{_n(cpu, 1)}x",
                f"<= {_n(goal)}x",
                verdict,
            ]
        )
    intro = [
        "**Work per page.** Before, a round page loaded the game twice, built 13 round setups, "
        "summed the totals 4 times and scored every cell again for each round; it opened a "
        "database connection per request (and closing the last one made SQLite checkpoint its "
        "log), and Flask-Babel looked the catalogue up for every string. Now each is done once "
        "per request or less: a kept connection per server thread and plain SQL; one read per "
        "request (the access check's read of the game is the view's); the game record kept "
        "between requests until its version changes (a save keeps the record it wrote), and its "
        "sheet built once per record; totals and scores cached on the record; correction flags "
        "checked only where shown and only for the Canadian rule; the catalogue and the locale "
        "found once per request; addresses made once per process; the signed CSRF token reused "
        "for a minute; the pieces every game page repeats (tabs, hidden fields, live "
        "attributes) rendered once per game version and language and kept, instead of a Jinja "
        "macro call on every page (each call built a template context), and the score sheet's "
        "rows too, in one render (a dozen lookups and escapes per cell). "
        "Cost x floor before (make bench of 2026-11-29) and now; the goal is judged on cost x "
        "floor, CPU x floor beside it. The floor is served by the app's own server (since "
        "2026-12-04 Uvicorn with a2wsgi, before that Waitress) and the pages with the cookie a "
        "phone holds after its first page.",
        "",
    ]
    head = ["Request", "Before", "Now", "CPU x floor now", "Goal", ""]
    return intro + _table(head, rows)


def growth(results: Results) -> list[str]:
    section = results.get("server", {})
    lines = ["## 4. Growth", ""]
    if (failed := _failed(section)) or not (sizes := _sizes(results)):
        return lines + (failed or ["Not measured."])
    small, big, count, ratios = sizes
    stored, large = section["sizes"][big]["stored"], section["sizes"][big]["summary"]
    lines += [
        f"The same figures with {count} games stored: {_n(stored['rows'])} rows "
        f"({_n(stored['hands'])} bids and tricks), {_n(stored['megabytes'])} MB, written in "
        f"{_n(stored['seconds'])} s in one transaction by copying what `storage.create_game` "
        f"writes for 48 games played by the rules (3 to 8 players, 70 % finished). Both databases "
        f"are served at once and each figure is measured on one right after the other (in "
        f"alternating order), so both meet the same load on the machine. *Growth* is "
        f"requests/s with 10 games / requests/s with {count} within each repeat: the median, "
        f"and in brackets the lowest and highest repeat, which show how noisy this machine is. "
        f"1.00 means the size of the database costs nothing, 2.00 that each request costs twice "
        f"as much.",
        "",
    ]
    rows = []
    for case, label in CASES.items():
        a, b = small[case], large[case]
        rows.append(
            [
                label,
                _n(a["rps"]),
                _n(b["rps"]),
                f"{_n(a['cost_x'], 1)}x",
                f"{_n(b['cost_x'], 1)}x",
                _n(b["p99_ms"], 1),
                f"**{_n(ratios[case]['median'], 2)}** "
                f"({_n(ratios[case]['low'], 2)} to {_n(ratios[case]['high'], 2)})",
            ]
        )
    head = ["Request", "Req/s, 10 games", f"Req/s, {count}", "Cost x floor, 10"]
    head += [f"Cost x floor, {count}", f"p99 ms, {count}", "Growth"]
    lines += _table(head, rows)
    eight, three, six = (small[case]["cost_x"] for case in ("sheet8", "sheet3", "sheet6"))
    lines += [
        "",
        f"Players against rounds, with 10 games stored: the 8-player sheet (7 rounds, 56 cells) "
        f"costs {_n(eight, 1)}x the floor, the 3-player sheet (20 rounds, 60 cells) "
        f"{_n(three, 1)}x, the 6 x 10 sheet (60 cells) {_n(six, 1)}x; the 8-player sheet costs "
        f"{_n(ratio(eight, three), 2)}x the 3-player one.",
    ]
    return lines


def pdf(results: Results) -> list[str]:
    section = results.get("pdf", {})
    lines = ["## 5. PDF", ""]
    if failed := _failed(section):
        return lines + failed
    rows = [
        ["Render, 6 x 20 sheet (wall)", _n(section["sheet_ms"], 1), _n(section["ratio"], 2) + "x"],
        [
            "Render, 6 x 20 sheet (CPU)",
            _n(section["sheet_cpu_ms"], 1),
            _n(section["ratio_cpu"], 2) + "x",
        ],
        ["Floor: bare HTML table, same words", _n(section["floor_ms"], 1), "1x"],
        ["First download, 3 x 20 game", _n(section["first_download_ms"], 1), ""],
        ["Second download (cache)", _n(section["cached_download_ms"], 2), ""],
        ["Revalidation (304)", _n(section["revalidate_304_ms"], 2), ""],
    ]
    lines += [
        f"`benchmarks/pdf_bench.py`: {section['case']}; median of {section['repeat']} renders, in "
        f"turns with the floor (WeasyPrint printing the same words as a bare HTML table). The "
        f"file: {_n(section['bytes'])} bytes, {section['pages']} page(s).",
        "",
        *_table(["", "ms", "x floor"], rows),
    ]
    return [*lines, "", *pdf_load(results), "", *group_load(results)]


def pdf_load(results: Results) -> list[str]:
    """The round page while other phones print: renders are queued, pages are not."""
    section = results.get("pdf_load", {})
    lines = ["### Printing while others play", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        f"`benchmarks/pdf_bench.py` (`under_load`): the round page's median over "
        f"{_n(section['seconds'])} s on the real server, alone and while {section['clients']} "
        "clients fetch blank pads that are never cached (names of their own each time). One "
        "sheet renders at a time, in the worker process, and four wait; the rest are told to "
        "retry (503). Goal: at most 1.5x.",
        "",
        *_table(
            ["", "ms"],
            [
                ["Round page p50, alone", _n(section["round_p50_ms_alone"], 1)],
                ["Round page p50, while printing", _n(section["round_p50_ms_loaded"], 1)],
                ["Round page p99, while printing", _n(section["round_p99_ms_loaded"], 1)],
            ],
        ),
        "",
        f"Ratio: **{_n(section['ratio'], 2)}x**. Sheets printed meanwhile: "
        f"{_n(section['answered'])}; told to retry: {_n(section['told_to_retry'])}; "
        f"failed: {_n(section['failed'])}; round page errors: "
        f"{_n(section['round_errors'])}.",
    ]
    return lines


def group_load(results: Results) -> list[str]:
    """The round page while strangers ask a big group for its heaviest answers."""
    section = results.get("group_load", {})
    lines = ["### A big group's answers while others play", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        f"`benchmarks/group_bench.py`: the round page's median over {_n(section['seconds'])} s "
        f"on the real server, alone and while {section['clients']} clients fetch a "
        f"{_n(section['games'])}-game group's file, season PDF, statistics and page under "
        "changing filters (web/heavy.py counts in the worker process, one at a time, one "
        "waiting; the rest are told to retry). Goal: at most 2x.",
        "",
        *_table(
            ["", "ms"],
            [
                ["Round page p50, alone", _n(section["round_p50_ms_alone"], 1)],
                ["Round page p50, big group asked", _n(section["round_p50_ms_loaded"], 1)],
                ["Round page p99, big group asked", _n(section["round_p99_ms_loaded"], 1)],
            ],
        ),
        "",
        f"Ratio: **{_n(section['ratio'], 2)}x**. Answered meanwhile: "
        f"{_n(section['answered'])}; told to retry: {_n(section['told_to_retry'])}; failed: "
        f"{_n(section['failed'])}; round page errors: {_n(section['round_errors'])}.",
    ]
    return lines


def start(results: Results) -> list[str]:
    section = results.get("start", {})
    lines = ["## 6. Start", ""]
    if failed := _failed(section):
        return lines + failed
    runs = ", ".join(f"{s} s" for s in section["runs_s"])
    lines += [
        f"From spawning `make run HOST=127.0.0.1 PORT=…` on this installed checkout to the first "
        f"200 from `/`: median {_n(section['make_run_s'], 2)} s ({runs}). The floor, the minimal "
        f"Flask app served by the same server straight from Python, answers after "
        f"{_n(section['floor_s'], 2)} s: `make run` takes {_n(section['ratio'], 1)}x as long. "
        f"Importing WeasyPrint alone takes {_n(section['weasyprint_import_s'], 2)} s in a fresh "
        f"Python: the app imports it on the first PDF, not at start (goal: 2.5x the floor). "
        "`make run` starts no second Python for the catalogues (the app compiles a changed one "
        "itself) and writes the pad's bytecode ahead only when a source changed; the first "
        "run after a change includes that (`runs`).",
    ]
    return lines


def room(results: Results) -> list[str]:
    """The room screen while the tables play (issue 48)."""
    section = results.get("room", {})
    lines = ["## Club night: the room screen while 13 tables play", ""]
    if failed := _failed(section):
        return lines + failed
    if "shown" not in section:
        return [*lines, "Not measured in this run."]
    return [
        *lines,
        "The room screen of a 52-player evening at 13 tables of 4 (`benchmarks/room_bench.py`), "
        "in Chromium at 1920 x 1080 on the real server, while each table saves a round through "
        f"the API every {_n(section['every_s'], 0)} s (the tables a 13th of that apart), for "
        f"{_n(section['seconds'], 0)} s: from sending a round to the screen showing that "
        "table's next round (the page notes its card's change), and every request the screen "
        "made. Goal: each change within 1 s, at most one small answer a change, no reload.",
        "",
        *_table(
            ["Rounds saved", "Shown", "Median ms", "p95 ms", "Slowest ms"],
            [
                [
                    str(section["rounds_saved"]),
                    str(section["shown"]),
                    _n(section["median_ms"], 0),
                    _n(section["p95_ms"], 0),
                    _n(section["slowest_ms"], 0),
                ]
            ],
        ),
        "",
        f"Answers to `room.json`: {section['answers']} for {section['rounds_saved']} rounds "
        f"({_n(section['answers_per_change'], 2)} a change), "
        f"{_n(section['answer_bytes_median'], 0)} bytes median, "
        f"{_n(section['answer_bytes_max'], 0)} at most, {_n(section['answer_bytes_total'], 0)} "
        f"in all; the screen loaded {section['loads']} time(s). A reload of the page at every "
        f"save, as before, was {_n(section['page_bytes'], 0)} bytes of HTML each.",
    ]


def draw(results: Results) -> list[str]:
    section = results.get("draw", {})
    lines = ["## Club night: the draw", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        "A club evening drawn sitting by sitting (`benchmarks/draw_bench.py`: the first sitting "
        "by lots, the others balanced, which plans the sittings still to come together), "
        "pure Python; medians over seeds. Goal: each sitting drawn within 1 s.",
        "",
        "| evening | slowest sitting | whole evening | pairs at one table twice |",
        "|---|---|---|---|",
    ]
    for name, case in section.items():
        if name == "plans":
            continue
        lines.append(
            f"| {name} | {_n(case['slowest_s'], 3)} s | {_n(case['evening_s'], 3)} s "
            f"| {case['repeated_pairs']} |"
        )
    plans = section.get("plans", {})
    if plans:
        lines += [
            "",
            "The plan of every sitting still to come (`evening.plan`, the evening's plan PDF "
            "and `GET /api/evenings/<id>/plan`), made in one go: 52 players at 13 tables of 4 "
            "follow bridge's Rainbow movement (no pair at one table twice), laid onto a first "
            "sitting by lots where one was drawn; 37 at tables of 4 and 5 is all search. Goal: "
            "52 players within 3 s.",
            "",
            "| evening planned | median | slowest | pairs at one table again |",
            "|---|---|---|---|",
        ]
        for name, case in plans.items():
            lines.append(
                f"| {name} | {_n(case['median_s'], 3)} s | {_n(case['slowest_s'], 3)} s "
                f"| {case['repeated_pairs']} |"
            )
    return lines


def club_import(results: Results) -> list[str]:
    section = results.get("import", {})
    lines = ["## A club's past brought in", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        f"`POST /api/groups/<id>/imports` of a club's {section['plays']:,} plays of four "
        "(`benchmarks/import_bench.py`: 16 players, 12 of them on the roster under other "
        "spellings), in process over a database file of its own; medians over fresh groups. "
        f"Goal: the import within {_n(section['goal_s'], 0)} s.",
        "",
        "| file | size | review (dry run) | import | the same file again | leaderboard then |",
        "|---|---|---|---|---|---|",
    ]
    for name, case in section.items():
        if not isinstance(case, dict):
            continue
        lines.append(
            f"| {name} | {_n(case['bytes'] / 1e6, 1)} MB | {_n(case['review_s'], 2)} s "
            f"| {_n(case['import_s'], 2)} s (slowest {_n(case['slowest_import_s'], 2)} s) "
            f"| {_n(case['again_s'], 2)} s | {_n(case['board_s'], 2)} s |"
        )
    return lines


def result_card(results: Results) -> list[str]:
    section = results.get("card", {})
    lines = ["## The result card", ""]
    if failed := _failed(section):
        return lines + failed
    lines += [
        "`GET /games/<id>/card.png` of a finished game (`benchmarks/card_bench.py`), in process "
        "over a database file of its own, in Greek: drawn the first time, kept after; medians "
        "over fresh databases (the first of them loads the fonts too). No game of the family "
        "has 25 rounds at a table of eight: the most names and the most rounds are measured. "
        f"Goal: drawn within {_n(section['goal_s'], 0)} s, within "
        f"{_n(section['again_goal_s'], 2)} s again.",
        "",
        "| game | drawn | asked again | size |",
        "|---|---|---|---|",
    ]
    for name, case in section.items():
        if not isinstance(case, dict):
            continue
        lines.append(
            f"| {name} | {_n(case['drawn_s'], 3)} s (slowest {_n(case['slowest_drawn_s'], 3)} s) "
            f"| {_n(case['again_s'], 4)} s (slowest {_n(case['slowest_again_s'], 4)} s) "
            f"| {_n(case['bytes'] / 1000, 1)} KB |"
        )
    return lines


def watchers(results: Results) -> list[str]:
    section = results.get("watchers", {})
    lines = ["## 7. Phones following the game", ""]
    if failed := _failed(section):
        return lines + failed
    statuses = ", ".join(f"{n} x {status}" for status, n in section["wave_statuses"].items())
    lines += [
        "Every open page of a game holds one stream (`/games/<id>/events`): the server pushes the "
        "game's new version on it as a change is saved, and a word every 10 s "
        "(`benchmarks/watchers.py`, as `static/live.js`). One scorekeeper's phone asks for the "
        f"round page (6 players, round 10) again and again for {_n(section['seconds'])} s, first "
        f"alone, then with {_n(section['watchers'])} streams open on its game (all open within "
        f"{_n(section['streams_opened_s'], 1)} s). Then {_n(section['wave'])} streams follow "
        f"another game, to which {section['changes']} rounds are posted 1 to 2 s apart, while the "
        "scorekeeper keeps asking for its own round page. The watchers run in another process, "
        f"from 127.0.0.2 and up. Streams answered: {statuses}; errors: {section['errors']}.",
        "",
        *_table(
            ["", "Requests", "p50 ms", "p99 ms"],
            [
                [
                    "Round page, nobody watching",
                    str(section["alone_requests"]),
                    _n(section["alone_p50_ms"], 1),
                    _n(section["alone_p99_ms"], 1),
                ],
                [
                    f"Round page, {_n(section['watchers'])} streams open on its game",
                    str(section["watched_requests"]),
                    _n(section["watched_p50_ms"], 1),
                    _n(section["watched_p99_ms"], 1),
                ],
                [
                    f"Round page, while another game's {_n(section['wave'])} watchers are told",
                    str(section["wave_requests"]),
                    "",
                    _n(section["wave_p99_ms"], 1),
                ],
            ],
        ),
        "",
        f"p99 with streams open / p99 alone: **{_n(section['p99_ratio'], 2)}x** (goal 1.5x); "
        f"during the changes: **{_n(section['wave_p99_ratio'], 2)}x** (goal 1.5x). Each change "
        f"reached all {_n(section['wave'])} watchers within "
        f"{_n(section['all_told_median_s'], 3)} s (median over the changes), "
        f"{_n(section['all_told_slowest_s'], 3)} s at the slowest (goal 1 s; "
        f"{section['changes_to_all']} of {section['changes']} changes reached all).",
    ]
    live = results.get("live", {})
    if "watcher" in live:
        lines += [
            "",
            "**A saved change on the screen** (`benchmarks/live_latency.py`): a game's round page "
            "on a phone (390 x 844) and its table display (1280 x 800) in Chromium; a round "
            f"posted through the API every 1 to 5 s, {live['changes']} in all; from sending it "
            "to the page standing with it (the page notes its version at its first frame).",
            "",
            *_table(
                ["Page", "Shown", "Median ms", "p95 ms", "Slowest ms"],
                [
                    [
                        name,
                        f"{live[key]['shown']} of {live['changes']}",
                        _n(live[key]["median_ms"], 0),
                        _n(live[key]["p95_ms"], 0),
                        _n(live[key]["slowest_ms"], 0),
                    ]
                    for key, name in (("watcher", "Watching phone"), ("display", "Table display"))
                ],
            ),
            "",
            "Goal: 150 ms median, 400 ms p95.",
        ]
    crash = results.get("crash", {})
    if "lost" in crash:
        lines += [
            "",
            f"**kill -9 with {_n(crash['streams'])} streams open** (`watchers.crash`): "
            f"{_n(crash['streams'])} phones follow {crash['games']} games (their streams open "
            "again a second after they drop, as a browser's do) while 8 clients post rounds to "
            "those games; the server is killed with SIGKILL after about 120 acknowledged rounds "
            f"and started again on the same port. Acknowledged: {_n(crash['acknowledged'])}; "
            f"lost: **{crash['lost']}**. Phones with their game's version again: "
            f"{_n(crash['caught_up'])} of {_n(crash['streams'])}, "
            f"{_n(crash['caught_up_median_s'], 2)} s after the restart (median), "
            f"{_n(crash['caught_up_slowest_s'], 2)} s at the slowest.",
        ]
    return lines


def slow(results: Results) -> list[str]:
    """A new visitor beside a thousand connections that trickle their requests in."""
    section = results.get("slow", {})
    lines = ["## 8. Slow connections", ""]
    if failed := _failed(section):
        return lines + failed
    verdict = "within" if section["slowest_s"] <= section["goal_s"] else "**OVER**"
    lines += [
        f"`benchmarks/slow_bench.py`: {_n(section['trickling'])} connections to the real server "
        "each send a request line and a header, then a header line now and then, and never "
        f"finish; once all are open, {section['visitors']} new visitors open the home page, "
        "each on a connection of its own (connecting included) right after every trickling "
        "connection sent a line.",
        "",
        *_table(
            ["", "s"],
            [
                ["New visitor, alone (median)", _n(section["alone_median_s"], 3)],
                ["New visitor, beside them (median)", _n(section["median_s"], 3)],
                ["New visitor, beside them (slowest)", _n(section["slowest_s"], 3)],
            ],
        ),
        "",
        f"The slowest visitor: {verdict} the goal of {_n(section['goal_s'], 0)} s; not served: "
        f"{section['not_served']}.",
    ]
    one = section.get("one_address", {})
    if "slowest_s" in one:
        statuses = ", ".join(f"{n} x {status}" for status, n in one["statuses"].items())
        lines += [
            "",
            f"**One address, {_n(one['connections'])} connections** (`slow_bench.one_address`): "
            "127.0.0.1 opens them one after the other, each asking for a game's stream "
            f"(answered: {statuses}; those refused are opened again and left idle); then "
            f"{one['visitors']} visitors from 127.0.0.2 open the home page. Alone: "
            f"{_n(one['alone_median_s'], 3)} s (median); beside them: "
            f"{_n(one['median_s'], 3)} s, {_n(one['slowest_s'], 3)} s at the slowest (goal "
            f"{_n(one['goal_s'], 0)} s); not served: {one['not_served']}.",
        ]
    again = section.get("reopening", {})
    if "slowest_s" in again:
        statuses = ", ".join(f"{n} x {status}" for status, n in again["statuses"].items())
        lines += [
            "",
            f"**One address reopening refused streams** (`slow_bench.reopening`): 127.0.0.2 keeps "
            f"{_n(again['connections'])} connections asking for an unknown game's stream for "
            f"{_n(again['seconds'], 0)} s, each asking again as soon as it is answered "
            f"({statuses}); meanwhile {again['visitors']} visitors from 127.0.0.1 open a game's "
            f"page. Alone: {_n(again['alone_median_s'], 3)} s (median); beside them: "
            f"{_n(again['median_s'], 3)} s, {_n(again['slowest_s'], 3)} s at the slowest (goal "
            f"{_n(again['goal_s'], 0)} s); not served: {again['not_served']}.",
        ]
    return lines


def strangers(results: Results) -> list[str]:
    """A stranger on the table's Wi-Fi beside a table (issue 46)."""
    section = results.get("strangers", {})
    lines = ["### Strangers on the table's Wi-Fi", ""]
    if failed := _failed(section):
        return lines + failed
    rows = [
        [
            name,
            _n(figures["page_median_s"], 3),
            _n(figures["page_p99_s"], 3),
            _n(figures["round_slowest_s"], 3),
            str(figures["not_served"]),
            f"{_n(figures['memory_before_mb'], 1)} + {_n(figures['memory_added_mb'], 1)}",
        ]
        for name, figures in {"none (alone)": section["alone"], **section["attacks"]}.items()
    ]
    lines += [
        "`benchmarks/stranger_bench.py`: each attack on a server of its own (`make run`'s, 8 "
        "threads), from 127.0.0.2 (one address) or 127.0.0.2 to .21 (20 addresses): 16 round "
        "submissions whose bodies never finish; 8,100 connections that send nothing; 40 "
        "requests at once with a 25 MB head; 100 chunked uploads of 8.5 MB never finished. "
        "Meanwhile the table's phone (127.0.0.1) opens its round page 20 times and submits 10 "
        "rounds; the server's memory is its resident set (the heavy worker's included), sampled "
        "every 50 ms and at its peak.",
        "",
        *_table(
            ["Attack", "Page median s", "Page p99 s", "Round, slowest s", "Not served", "MB"],
            rows,
        ),
        "",
        f"Goals: the page's p99 and every round within {_n(section['goal_s'], 0)} s, and from "
        f"one address at most {_n(section['memory_goal_mb'], 0)} MB more memory "
        '(docs/hosting.md, "Limits that hold with many phones").',
    ]
    return lines


def history(results: Results) -> list[str]:
    """What the history of every change costs (issue 47)."""
    section = results.get("history", {})
    lines = ["### The history of every change", ""]
    if failed := _failed(section):
        return lines + failed
    ratios = ", ".join(_n(ratio, 2) for ratio in section["round_ratios"])
    lines += [
        f"`benchmarks/history_bench.py`: a database of {section['games']:,} games, each a copy "
        "of one of 48 games tapped as a phone enters them (the trump, each bid, the tricks: an "
        f"entry each), {section['entries']:,} entries in all. Rounds submitted through the whole "
        "app in one process (`POST /api/games/<id>/rounds`, 6 players) with their entries, and "
        "the same without them (the history's writer standing aside), in alternating turns.",
        "",
        *_table(
            ["Figure", "This run", "Goal"],
            [
                [
                    "A submitted round, with its entry / without (CPU)",
                    f"{_n(section['round_ms_with'], 2)} ms / "
                    f"{_n(section['round_ms_without'], 2)} ms: {_n(section['round_ratio'], 2)}x "
                    f"(turns: {ratios}; wall clock {_n(section['round_wall_ratio'], 2)}x)",
                    f"at most {_n(section['round_goal'], 1)}x",
                ],
                [
                    "The history's bytes / the rest of the database",
                    f"{_n(section['history_mb'], 1)} MB / {_n(section['rest_mb'], 1)} MB: "
                    f"{_n(section['size_ratio'], 2)}x",
                    f"at most {_n(section['size_goal'], 0)}x",
                ],
                [
                    f"History page of a 20-round game of three ({section['page_entries']} entries)",
                    f"{section['page_bytes']:,} bytes, {section['page_wire_bytes']:,} on the wire",
                    "within the page weight limits",
                ],
            ],
        ),
    ]
    return lines


def replica(results: Results) -> list[str]:
    """What a lost machine costs with the continuous copy (docs/hosting.md)."""
    section = results.get("replica", {})
    lines = ["## 9. A lost machine, restored from its copy", ""]
    if failed := _failed(section):
        return lines + failed
    rows = [
        [str(number), _n(run["acknowledged"]), _n(run["lost"]), _n(run["window_s"], 2)]
        for number, run in enumerate(section["runs"], 1)
    ]
    lines += [
        "`benchmarks/replica_bench.py`: the real server takes rounds from 4 client threads as "
        f"fast as it answers them (about {_n(section['rounds_per_s'])} rounds/s) while "
        "`make replicate` copies the database to a folder; at a random moment both are killed "
        "with SIGKILL, the database is deleted and `make restore` brings it back. Lost: rounds "
        "acknowledged but missing after the restore; window: from the oldest lost round's "
        "answer to the kill.",
        "",
        *_table(["Kill", "Rounds acknowledged", "Lost", "Window (s)"], rows),
        "",
        f"Loss window: median {_n(section['window_median_s'], 2)} s, at most "
        f"{_n(section['window_max_s'], 2)} s, with a sync interval of "
        f"{_n(section['sync_interval_s'], 0)} s.",
    ]
    return lines


def load(results: Results) -> list[str]:
    section = results.get("load")
    lines = ["## Load test (`benchmarks/load.py`)", ""]
    if section is None or (failed := _failed(section)):
        return lines + (failed if section is not None else ["Not run."])
    rows = [
        [str(key), _n(value, 1) if isinstance(value, float) else str(value)]
        for key, value in section.items()
    ]
    lines += [
        "Written by another part of the project: many tables at once, each creating games and "
        "submitting rounds through the API, for a bounded time (one run).",
        "",
        *_table(["Figure", "Value"], rows),
    ]
    sizes = _sizes(results)
    floor = sizes[0]["floor_post"]["rps"] if sizes else None
    if floor and section.get("requests_per_second"):
        lines += [
            "",
            f"Against the POST floor of section 3 (a constant Flask page, same server and thread "
            f"count): {_n(ratio(floor, section['requests_per_second']), 1)}x its cost per request.",
        ]
    return lines


def hotspots(results: Results) -> list[str]:
    section = results.get("hotspots", {})
    lines = ["## Where the time goes", ""]
    if failed := _failed(section):
        return lines + failed
    names = {"round": "Round page", "sheet6": "Score sheet 6 x 10", "post": "Submit a round"}
    parts = sorted({part for shares in section.values() for part in shares})
    rows = [[part] + [_n(section[c].get(part, 0.0), 1) + " %" for c in names] for part in parts]
    lines += [
        "cProfile over 100 requests of each through Flask's test client (indicative: the "
        "profiler slows Python code more than C code).",
        "",
        *_table(["Part", *names.values()], rows),
    ]
    return lines


CHANGES = """## What changed after profiling

- **`scorekeeper/core/rules.py`: `RoundSetup.order` and `RoundSetup.bidders` are cached**
  (`functools.cached_property` instead of `property`). They built a new tuple at every call,
  and the rules ask for them for every seat of every bid: building the score sheet re-checks
  every completed round (to flag rounds a correction broke), about 500 calls for the round page
  of a 6-player game. The setup is a frozen dataclass, so the cache cannot go stale. Measured
  when the change was made, on this machine: `sheet.build` in process (median of 7 x 100)
  went from 3.4 to 0.9 ms for a 6-player game in round 10, 3.3 to 0.8 ms for a finished 6 x 10
  game and 3.6 to 1.8 ms for a 3 x 20 game; under Waitress, in back-to-back runs of 2 repeats
  of 4 s, the round page went from 18.9x to 14.9x the floor, the 6 x 10 sheet from 26.4x to
  21.9x and submitting a round from 8.5x to 8.0x. On this shared machine such ratios move by
  up to about 20 % from one run to the next (see the spreads in section 4).
- **`scorekeeper/core/sheet.py` and `game.py`: the score sheet keeps running totals.** Each
  round's totals were summed again from round 1 (`game.setup` called `game.totals_after`), so
  the cost of a sheet grew with the square of the rounds played and the 3 x 20 sheet was the
  dearest page. `sheet.build` now passes each round's totals to the next.
- **`scorekeeper/web/static_files.py`: static files are named by their content** (`?v=` a hash of
  the file) and sent with a year's max-age. Before, they went out with `Cache-Control:
  no-cache`, so the phone asked for the stylesheet, script and icon again (304) after every
  page: about 5 requests per tap instead of 2, each a round trip over the table's Wi-Fi before
  the page could be drawn. The taps table counts only requests that reach the server.
- **`scorekeeper/storage/database.py`: writers queue on one lock per database file.** With 8
  clients submitting at once, the server threads waited for SQLite's write lock in its busy
  handler, which sleeps and retries in growing steps: a long p99 tail. They now queue on the
  storage's lock first (SQLite's own lock still guards against other processes).

Found, not changed (not small, or not ours):

- Most of a page's cost is Jinja rendering with Flask-Babel (every translated string looks up
  the request's translations through Flask's context), then Flask itself and opening the
  SQLite file for each request.
- Start-up was dominated by importing WeasyPrint: it is now imported on the first PDF
  (`scorekeeper/render/printing.py`), which moved that time there.
"""


def render(results: Results) -> str:
    """The whole document."""
    minutes = results.get("minutes", 0)
    parts = [
        [
            "# Benchmarks",
            "",
            f"Written by `make bench` ({_n(minutes, 1)} minutes) on the machine described below. "
            "Machines like this are noisy, so every speed figure is a median over repeated runs "
            "and is also given as a ratio to a floor measured in the same run, which is the "
            "figure to compare between machines. Benchmarks only report: `make test` has no "
            "timing assertion. Everything ran on 127.0.0.1. A load average above the number of "
            "cores means other work shared the machine: expect wider spreads then.",
        ],
        machine(results),
        headline(results),
        goals.table(results),
        taps(results),
        weight(results),
        server(results),
        growth(results),
        pdf(results),
        start(results),
        draw(results),
        club_import(results),
        result_card(results),
        room(results),
        watchers(results),
        postgres_bench.report(results),
        slow(results),
        strangers(results),
        history(results),
        replica(results),
        load(results),
        hotspots(results),
        [CHANGES.rstrip()],
    ]
    return "\n\n".join("\n".join(part) for part in parts) + "\n"
