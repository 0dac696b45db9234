"""The printed sheets as HTML (``templates/print/``): a game's pad, a blank pad to fill in by
hand, and a group's season report; :mod:`scorekeeper.render.printing` prints them to PDF.

Every number comes from :class:`~scorekeeper.core.sheet.Sheet`; words for trumps and variants from
:mod:`scorekeeper.render.labels`. Only completed rounds are printed: the round in progress, and with
it any bid still sealed, never is. Column widths follow the words and numbers printed
(:mod:`scorekeeper.render.paper`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import render_template
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from scorekeeper.core import family
from scorekeeper.core.family import Bidding, TrumpSource
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.core.stats import GroupStats
from scorekeeper.render import chart, game_facts, game_words, labels
from scorekeeper.render.fontmetrics import text_em
from scorekeeper.render.pad_columns import (
    abbreviations,
    header_widths,
    pad_headers,
    page_css,
    player_columns,
    round_columns,
    trump_cell,
    trump_width,
    widest_word,
)
from scorekeeper.render.paper import PT_PER_MM, dealer_em, fit, name_room_em

# The results list's cells have 6 pt of padding on the right, in its 9 pt font (print.css).
STANDINGS_PT = 9
STANDINGS_PADDING_EM = 6 / STANDINGS_PT


def game_html(built: Sheet, *, day: str, paper: str) -> str:
    """The HTML that :func:`game_pdf` prints (``day`` is the game's date, YYYY-MM-DD)."""
    scores = [score for row in built.rounds for score in row.scores]
    totals = [total for row in built.rounds for total in row.totals]
    shown = game_facts.shows_trump(built.game, built.settings)
    bonus = game_facts.has_bonuses(built.game)
    headers = pad_headers(trump=shown, bonus=bonus)
    needs = header_widths(headers)
    if shown:
        trumps = [trump_cell(row.trump, built.look) for row in built.rounds]
        needs["trump"] = max(needs["trump"], trump_width(trumps))
    dealers = {built.players[row.dealer] for row in built.rounds}
    needs["dealer"] = max([needs["dealer"], *(dealer_em(widest_word(name)) for name in dealers)])
    page = fit(
        paper,
        len(built.players),
        scores or [0],
        totals or [0],
        needs,
        trump=shown,
        bonus=bonus,
        pencil=bool(built.corrected),
    )
    svg = ""
    if built.rounds:
        # About as many units as printed points, so the chart's text prints at about 8 pt.
        svg = chart.running_totals_svg(
            built,
            width=720 if page.landscape else 700,
            height=250 if page.landscape else 280,
            title=_("Running totals by round"),
            x_label=_("Round"),
            y_label=_("Total"),
            font_family="DejaVu Sans, sans-serif",
        )
    played = len(built.rounds)
    standings_em = _standings_em(built)
    room = name_room_em(page)
    # Beside the chart (landscape) the results list takes 27% of the width (print.css).
    list_pt = page.content_mm[0] * PT_PER_MM * (0.27 if page.landscape else 1)
    room["standings"] = (list_pt / STANDINGS_PT) - sum(map(float, standings_em.values()))
    room["standings"] -= STANDINGS_PADDING_EM
    context: dict[str, Any] = {
        "sheet": built,
        "lang": str(get_locale()),
        "day": labels.day(day),
        **_game_words(built.game, built.settings),
        "variants": game_facts.setting_lines(built.game, built.settings),
        "winner_names": [built.players[seat] for seat in built.winners],
        "layout": page,
        "headers": headers,
        "round_columns": round_columns(headers),
        "player_columns": player_columns(headers),
        "abbreviations": abbreviations(headers),
        "marks_key": game_facts.marks_key(built.game, built.rounds),
        "bonus_marks": game_facts.has_bonuses(built.game),
        "own_marks": game_facts.own_marks,
        "bonus_cell": _bonus_cell,
        "changed_bid": game_facts.changed_bid,
        "changed_mark": game_facts.CHANGED_MARK,
        "destroyed_mark": game_facts.DESTROYED_MARK,
        "page_css": page_css(page),
        # The chart escapes every name itself, so it goes into the page as it is.
        "chart": Markup(svg),
        "trump_cell": lambda trump: trump_cell(trump, built.look),
        "standings": built.standings,
        "standings_em": standings_em,
        "room": room,
        "status": _("Finished")
        if built.finished
        else _("Unfinished: %(n)s of %(total)s rounds played", n=played, total=len(built.schedule)),
    }
    return render_template("print/game.html", **context)


def _standings_em(built: Sheet) -> dict[str, str]:
    """The widths of the rank and total columns of the results list, in ems: as wide as their
    header or widest figure (bold), so the names take the rest and the list never runs into the
    chart beside it."""
    ranks = [f"{rank}." for rank, _seat in built.standings]
    totals = [labels.number(total) for total in built.totals]
    room = STANDINGS_PADDING_EM + 0.2
    return {
        column: f"{max(text_em(text, bold=True) for text in texts) + room:.2f}"
        for column, texts in (("rank", [_("Rank"), *ranks]), ("total", [_("Total"), *totals]))
    }


def blank_html(
    names: tuple[str, ...],
    *,
    paper: str,
    game: str = family.DEFAULT_GAME,
    settings: Any = None,
) -> str:
    """The HTML that :func:`blank_pdf` prints: the pad of ``game`` with its ``settings`` (its
    settings object; ``None``: its defaults), a row per round of its schedule for this table,
    the trump where it is fixed, a bonus column where the game has bonuses."""
    players = len(names)
    declared = family.game(game)
    chosen = declared.from_plain({}) if settings is None else settings
    shown = game_facts.shows_trump(game, chosen)
    bonus = game_facts.has_bonuses(game)
    headers = pad_headers(trump=shown, bonus=bonus)
    hands = declared.schedule(players, chosen)
    rotation = declared.trump_source(chosen) is TrumpSource.ROTATION
    fixed = {}
    for number, hand in enumerate(hands, start=1):
        trump = declared.fixed_trump(number, hand, players, chosen)
        if trump is not None and shown:
            if trump.suit is not None:
                fixed[number] = labels.suit_label(trump.suit)
            elif rotation:
                fixed[number] = _("No trump")
            else:
                fixed[number] = _("No trump: no card left")
    needs = header_widths(headers)
    if shown:
        # A fixed order's suit prints full size (print.css), the notes of a turned card small.
        cells = [(note, "") if rotation else ("", note) for note in fixed.values()]
        needs["trump"] = max(needs["trump"], trump_width(cells))
    page = fit(paper, players, needs=needs, trump=shown, bonus=bonus)
    # Rows as tall as the page allows (for handwriting), between 7 and 12 mm.
    row_mm = min(12.0, max(7.0, (page.content_mm[1] - 78) / (len(hands) + 1)))
    chosen_schedule = declared.schedule_chosen(chosen)
    schedule = (
        ""
        if chosen_schedule is None
        else game_words.choice_label(game, declared.schedule_setting, chosen_schedule)
    )
    context: dict[str, Any] = {
        "names": names,
        "lang": str(get_locale()),
        **_game_words(game, chosen),
        "hands": hands,
        "fixed": fixed,
        "rotation": rotation,
        "length": schedule,
        "variants": game_facts.setting_lines(game, chosen) if declared.pad_lists_settings else [],
        "layout": page,
        "headers": headers,
        "round_columns": round_columns(headers),
        "player_columns": player_columns(headers),
        "abbreviations": abbreviations(headers),
        "marks_key": game_facts.marks_key(game),
        "bonus_marks": game_facts.has_bonuses(game),
        "reminders": [_(line) for line in declared.pad_reminders] or _reminders(declared, chosen),
        "page_css": page_css(page, row_mm=row_mm),
        "room": name_room_em(page),
    }
    return render_template("print/blank.html", **context)


def _reminders(declared: family.Declaration[Any, Any], chosen: Any) -> list[str]:
    """The rules a blank pad reminds the table of, from the game's declaration: how the bids
    are made, where the trump comes from, the scoring, and when bonuses count."""
    bids = {
        Bidding.AT_ONCE: _(
            "The deal passes one seat to the left each round. "
            "Everyone bids at once: any bid from 0 to the cards dealt."
        ),
        Bidding.HOOK: _(
            "The deal passes one seat to the left each round. Bidding starts left of the "
            "dealer; the dealer bids last and may not make the bids add up to the cards dealt."
        ),
    }
    trumps = {
        TrumpSource.TURNED: _(
            "Turn the top card of the rest: its suit is trump. No card left: no trump."
        ),
        TrumpSource.ROTATION: _("The trump of each round is printed in its row."),
        TrumpSource.SAME_SUIT: _("The black suit (Jolly Roger) is always trump."),
    }
    in_turn = _(
        "The deal passes one seat to the left each round. Bidding starts left of the dealer; "
        "the dealer bids last."
    )
    lines = [
        bids.get(declared.bidding(chosen), in_turn),
        trumps.get(declared.trump_source(chosen), ""),
        _scoring_words(declared.key, chosen),
    ]
    if declared.bonuses:
        when = declared.to_plain(chosen).get("bonuses_when_missed")
        lines.append(
            _(
                "Bonuses count whether the bid is met or not; "
                "write their points in the bonus column."
            )
            if when
            else _(
                "Bonuses count only with the bid met exactly; "
                "write their points in the bonus column."
            )
        )
    return [line for line in lines if line]


def _game_words(game: str, chosen: Any) -> dict[str, Any]:
    """What a printed pad says of its game: its name, the title of its score sheet and of its
    blank pad, the heading of its settings and its scoring in words."""
    declared = family.game(game)
    name = game_words.game_name(game)
    return {
        "game": game,
        "game_name": name,
        "sheet_title": _(declared.sheet_title)
        if declared.sheet_title
        else _("%(game)s score sheet", game=name),
        "pad_title": _(declared.pad_title)
        if declared.pad_title
        else _("%(game)s score pad", game=name),
        "settings_title": _(declared.settings_title),
        "score_key": [game_words.say(words, declared) for words in declared.score_key],
        "scoring": _scoring_words(game, chosen),
    }


def _scoring_words(game: str, chosen: Any) -> str:
    """The game's scoring as chosen, in words, for the key under a pad."""
    plain = family.game(game).to_plain(chosen)
    if "scoring" not in plain:
        return ""
    label = game_words.setting_label(game, "scoring")
    return f"{label}: {game_words.choice_label(game, 'scoring', plain['scoring'])}"


def _bonus_cell(row: RoundRow, seat: int) -> tuple[int, tuple[game_facts.Mark, ...]]:
    """A seat's bonus points in a round (with the wager) and its marks, for the bonus column."""
    return game_facts.bonus_points(row)[seat], game_facts.seat_marks(row, seat)


def season_html(
    name: str,
    figures: GroupStats,
    *,
    chart: str,
    decimal: Callable[[float | None], str],
    percent: Callable[[float | None], str],
) -> str:
    """A group's season report, as HTML for :func:`write_pdf`: standings, every player's
    figures and the totals chart.

    ``decimal`` and ``percent`` format numbers for the reader's language; ``chart`` is the SVG
    of the final totals game by game.
    """
    first = labels.day(figures.games[0].played_at[:10]) if figures.games else ""
    last = labels.day(figures.games[-1].played_at[:10]) if figures.games else ""
    context: dict[str, Any] = {
        "name": name,
        # The game counted, named once the group has played another than the default game.
        "game": game_words.game_name(figures.game) if figures.others_played else "",
        "figures": figures,
        "lang": str(get_locale()),
        "first": first,
        "last": last,
        "variants": labels.variant_lines,
        # The chart escapes every name itself, so it goes into the page as it is.
        "chart": Markup(chart),
        "number": labels.number,
        "decimal": decimal,
        "percent": percent,
        "page_css": page_css(fit("a4", 3)),
    }
    return render_template("print/season.html", **context)
