"""What the table reads: names of suits, trumps and variants, in the player's language.

Pages, the PDF and the CSV export use these so a trump or a variant is always put the same way.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext, ngettext
from flask_babel import gettext as _

from scorekeeper import variants
from scorekeeper.refusals import Message, Reason, say
from scorekeeper.rules import Suit, Trump, Turned, Variants

SUIT_NAMES = {
    Suit.CLUBS: lazy_gettext("Clubs"),
    Suit.DIAMONDS: lazy_gettext("Diamonds"),
    Suit.HEARTS: lazy_gettext("Hearts"),
    Suit.SPADES: lazy_gettext("Spades"),
}

REMINDERS = {
    "foresight": lazy_gettext("Foresight: hold your card facing out, don't look at it."),
    "gizzard_fester": lazy_gettext(
        'Say "Gizzard!" when you play a Wizard and "Fester!" for a Jester.'
    ),
    "pull_one": lazy_gettext("Pull one: each player may now draw a card from the right neighbour."),
}


SECTION_TITLES = {
    variants.Section.LENGTH: lazy_gettext("Game length"),
    variants.Section.BIDS: lazy_gettext("Bidding"),
    variants.Section.SPECIAL: lazy_gettext("Special rules"),
    variants.Section.REMINDER: lazy_gettext("Table reminders (no effect on scores)"),
}


def section_title(section: variants.Section) -> str:
    """The heading of a section of the new-game form."""
    return str(SECTION_TITLES[section])


def signed(value: int) -> str:
    """A round score with its sign, as pages and the PDF show it: +50, 0, and a real minus."""
    if value > 0:
        return f"+{value}"
    return number(value)


def number(value: int) -> str:
    """An integer with a real minus sign (U+2212) when negative, as pages and the PDF show it."""
    return f"\u2212{-value}" if value < 0 else str(value)


def refusal(reason: Reason) -> str:
    """A refusal of the rules or of a game record, in the reader's language."""
    return say(reason.code, reason.params, _translate)


def _translate(message: Message, values: dict[str, Any]) -> str:
    if isinstance(message, tuple):
        others = {key: value for key, value in values.items() if key != "num"}
        return str(ngettext(message[0], message[1], values["num"], **others))
    return str(gettext(message, **values))


def variant_label(key: str) -> str:
    """The name of a variant ("Game length", "Wizard Saboteur")."""
    return str(gettext(variants.BY_KEY[key].words.label))


def variant_help(key: str) -> str:
    """The one-line help of an on/off variant."""
    return str(gettext(variants.BY_KEY[key].words.help))


def option_label(key: str, value: str) -> str:
    """The name of one value of a variant ("Quick play")."""
    return str(gettext(variants.BY_KEY[key].options[value].label))


def option_help(key: str, value: str) -> str:
    """The one-line help of one value of a variant."""
    return str(gettext(variants.BY_KEY[key].options[value].help))


def suit_label(suit: Suit) -> str:
    """A suit with its symbol and name, e.g. "♥ Hearts"."""
    return f"{suit.symbol} {SUIT_NAMES[suit]}"


def trump_label(trump: Trump | None) -> str:
    """The trump of a round in words, saying what was turned."""
    if trump is None:
        return str(_("not entered yet"))
    if trump.suit is None:
        if trump.turned is Turned.JESTER:
            return str(_("No trump (Jester turned)"))
        return str(_("No trump"))
    suit = suit_label(trump.suit)
    if trump.turned is Turned.WIZARD:
        return str(_("%(suit)s (Wizard turned, dealer's choice)", suit=suit))
    return suit


def variant_lines(chosen: Variants) -> list[str]:
    """The variants of a game in words, one line each, for headers and printed sheets: every
    choice with its value, then the on/off variants that are on."""
    lines = []
    for spec in variants.REGISTRY:
        value = spec.plain(getattr(chosen, spec.key))
        if not spec.is_flag:
            lines.append(f"{variant_label(spec.key)}: {option_label(spec.key, str(value))}")
        elif value:
            lines.append(variant_label(spec.key))
    return lines
