"""What every template may use beyond Flask's own: labels for suits, trumps, variants, refusals."""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from functools import lru_cache
from typing import Any

from flask import Flask
from flask.templating import Environment as FlaskEnvironment
from flask_babel import get_locale
from jinja2 import FileSystemBytecodeCache, pass_context, pass_eval_context
from jinja2.nodes import EvalContext
from jinja2.runtime import Context
from markupsafe import Markup

from scorekeeper.core import decks, family, rulebook, rules
from scorekeeper.core.rules import Length, Suit, Trump, Variants
from scorekeeper.core.variants import Edition
from scorekeeper.render import corrections, game_facts, game_form, game_words, labels, languages


class Environment(FlaskEnvironment):
    """Flask's Jinja environment, whose templates take its globals as a dict of their own.

    Jinja chains a template's globals to the environment's (a ``ChainMap``) and copies them
    into every page's context: a ``ChainMap`` copies one key at a time in Python (64 of them
    here, each a lookup that fails in the template's own globals first). Every global is set
    while the app is made (the ``init_app`` functions), and Jinja asks for no change once a
    template is loaded, so a copy made when a template is loaded holds the same."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


def init_app(app: Flask) -> None:
    """Register the template globals; keep compiled templates between starts."""
    # Jinja's own cache in this user's temporary folder (its default, made private to the user),
    # keyed by each template's file and checked against its source: a start's first page then
    # loads its templates instead of compiling them.
    app.jinja_env.bytecode_cache = FileSystemBytecodeCache()
    # ``tojson`` in a page without the blanks after commas and colons (the new-game page's
    # refused choices are a tenth smaller), and its letters as they are: a Greek letter is two
    # bytes in the page, six as ``\u03b1`` (``<``, ``>``, ``&`` and ``'`` are still escaped).
    app.jinja_env.policies["json.dumps_kwargs"] = {
        "sort_keys": True,
        "separators": (",", ":"),
        "ensure_ascii": False,
    }
    app.jinja_env.globals.update(
        trump_label=_trump_label,
        suit_label=_suit_label,
        suit_name=_suit_name,
        suit_mark=_suit_mark,
        variant_lines=_variant_lines,
        variant_label=labels.variant_label,
        option_label=labels.option_label,
        length_values=[length.value for length in Length],
        deck_values=[deck.value for deck in decks.Deck],
        rule_anchor=rulebook.anchor,
        rule_paragraph=labels.rule_paragraph,
        card_paragraph=labels.card_paragraph,
        special_name=labels.special_name,
        special_cards=tuple(decks.Special),
        turned_gives=rules.TURNED_GIVES,
        turn_groups=labels.turn_groups,
        short_list=rulebook.short_list,
        reminder=labels.reminder,
        refusal=labels.refusal,
        get_locale=get_locale,
        Suit=Suit,
    )
    app.jinja_env.globals.update(
        game_words.TEMPLATE_GLOBALS,
        rules_games=family.with_rules,
        all_games=lambda: tuple(family.GAMES),
        table_sizes=family.table_sizes,
    )
    # What the new-game form shows of a game's schedules (hands, rounds), where it declares so.
    app.jinja_env.globals.update(game_form.TEMPLATE_GLOBALS)
    # What a sheet shows of its game (the page, the table display, the printed sheets).
    app.jinja_env.globals.update(
        setting_lines=game_facts.setting_lines,
        shows_trump=game_facts.shows_trump,
        marks_key=game_facts.marks_key,
        struck_bonus=game_facts.struck_bonus,
        claim_counted=game_facts.claim_counted,
        wager_said=game_facts.wager_said,
        missed_by=game_facts.missed_by,
        earned_on_a_miss=game_facts.earned_on_a_miss,
        scored_nothing_by=game_facts.scored_nothing_by,
        # A round corrected after it was entered: its mark and its key line.
        correction_mark=corrections.MARK,
        correction_key=corrections.key_line,
        corrected_seats=corrections.seats_in,
        corrected_in=corrections.marked_seats,
    )
    # Filters, not globals: Jinja calls a filter directly, a global through the context.
    app.jinja_env.filters.update(
        refusal=labels.refusal,
        signed=labels.signed,
        number=labels.number,
        day=labels.day,
        breakable=_breakable,
        hyphenated=_hyphenated,
    )
    # Flask-Babel's template callables look the catalogue up through the request context for
    # every string: these look it up once per request (templates imported without context
    # use them), and each page gets them bound to its catalogue (below).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda string: labels.catalogue().ugettext(string),
        ngettext=lambda s, p, n: labels.catalogue().ungettext(s, p, n),
        pgettext=lambda c, s: labels.catalogue().upgettext(c, s),
        newstyle=True,
    )
    app.context_processor(translations)


def _variant_lines(chosen: Variants) -> tuple[str, ...]:
    """:func:`labels.variant_lines`, worked out once per set of variants and language (the score
    sheet shows them on every page)."""
    return _lines(chosen, languages.current())


@lru_cache(maxsize=256)
def _lines(chosen: Variants, _language: str) -> tuple[str, ...]:
    return tuple(labels.variant_lines(chosen))


def _edition(context: Context) -> Edition:
    """The deck of the game a page shows (its sheet), classic where a page shows no game."""
    shown = context.get("sheet")
    edition = getattr(shown, "look", Edition.CLASSIC)
    return edition if isinstance(edition, Edition) else Edition.CLASSIC


@pass_context
def _suit_label(context: Context, suit: Suit) -> str:
    """A suit named as the game's deck names it."""
    return labels.suit_label(suit, _edition(context))


@pass_context
def _suit_mark(context: Context, suit: Suit) -> str:
    """A suit's card mark (symbol, or the race's initial), as the game's deck marks it."""
    return labels.suit_mark(suit, _edition(context))


@pass_context
def _suit_name(context: Context, suit: Suit) -> str:
    """A suit's name alone, as the game's deck names it."""
    return labels.suit_name(suit, _edition(context))


@pass_context
def _trump_label(context: Context, trump: Trump | None) -> str:
    """A round's trump with the suit named as the game's deck names it."""
    return labels.trump_label(trump, _edition(context))


def translations() -> dict[str, Any]:
    """``_``, ``gettext``, ``ngettext`` and ``pgettext`` bound to this request's catalogue once
    per page; they behave as Jinja's "newstyle" gettext: escaped, then formatted with the
    keywords. ``pgettext`` tells apart one English word used in two senses ("Wizard": the card,
    the app's name). Every page's context; a piece of a page rendered on its own
    (``page_parts.render_part``) is given them where it says words of its own."""
    catalogue = labels.catalogue()
    gettext = _newstyle_gettext(catalogue.ugettext)
    return {
        "_": gettext,
        "gettext": gettext,
        "ngettext": _newstyle_ngettext(catalogue.ungettext),
        "lang": languages.current(),
        "pgettext": _newstyle_pgettext(catalogue.upgettext),
    }


def _newstyle_gettext(lookup: Callable[[str], str]) -> Callable[..., str]:
    @pass_eval_context
    def gettext(eval_ctx: EvalContext, string: str, **variables: Any) -> str:
        text = lookup(string)
        if eval_ctx.autoescape:
            text = Markup(text)
        # Formatting is the costly part, and a text without "%" comes out of it unchanged.
        return text % variables if variables or "%" in text else text

    return gettext


def _newstyle_pgettext(lookup: Callable[[str, str], str]) -> Callable[..., str]:
    @pass_eval_context
    def pgettext(eval_ctx: EvalContext, context: str, string: str, **variables: Any) -> str:
        text = lookup(context, string)
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables if variables or "%" in text else text

    return pgettext


def _newstyle_ngettext(lookup: Callable[[str, str, int], str]) -> Callable[..., str]:
    @pass_eval_context
    def ngettext(
        eval_ctx: EvalContext, singular: str, plural: str, num: int, **variables: Any
    ) -> str:
        variables.setdefault("num", num)
        text = lookup(singular, plural, num)
        if eval_ctx.autoescape:
            text = Markup(text)
        return text % variables

    return ngettext


def _breakable(name: str, room_em: float, bold: bool = False) -> str:
    """A name whose words too wide for ``room_em`` may break with a hyphen (printed sheets)."""
    from scorekeeper.render import hyphens  # Pyphen's dictionaries: printing only, not at start

    return hyphens.breakable(name, str(get_locale()), room_em, bold=bold)


def _hyphenated(name: str, room_em: float, bold: bool = False) -> Markup:
    """A name whose words too wide for ``room_em`` WeasyPrint hyphenates (printed sheets)."""
    from scorekeeper.render import hyphens  # Pyphen's dictionaries: printing only, not at start

    return hyphens.hyphenated(name, str(get_locale()), room_em, bold=bold)
