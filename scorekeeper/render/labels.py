"""What the table reads: suits, trumps, variants and refusals, in the reader's language.

Pages, the PDF and the CSV export use these so a trump or a variant is always put the same way.
The words are message ids (marked with ``N_``), translated here with the request's catalogue.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import date
from typing import Any

from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.support import NullTranslations
from flask import g
from flask_babel import get_locale

from scorekeeper.core import decks, rulebook, rules, variants
from scorekeeper.core.decks import Gives, Special
from scorekeeper.core.family import GAMES
from scorekeeper.core.refusals import N_, NAMED, P_, Message, Reason, say
from scorekeeper.core.rules import Suit, Trump, Turned, TurnedCard, Variants
from scorekeeper.core.variants import Edition
from scorekeeper.render import languages

SUIT_NAMES = {
    Suit.CLUBS: N_("Clubs"),
    Suit.DIAMONDS: N_("Diamonds"),
    Suit.HEARTS: N_("Hearts"),
    Suit.SPADES: N_("Spades"),
}
# The fantasy edition's races, with their colour in words: never a colour alone.
RACE_NAMES = {
    Suit.CLUBS: N_("Humans (blue)"),
    Suit.DIAMONDS: N_("Elves (green)"),
    Suit.HEARTS: N_("Dwarves (red)"),
    Suit.SPADES: N_("Giants (yellow)"),
}

REMINDERS = {
    "foresight": N_("Foresight: hold your one card facing out, don't look at it."),
    "gizzard_fester": N_('Say "Gizzard!" when you play a Wizard and "Fester!" for a Jester.'),
    "pull_one": N_("Pull one: each player may now draw a card from the right neighbour."),
}


def catalogue() -> NullTranslations:
    """The request's translations, looked up once per request (Flask-Babel's own ``gettext``
    looks them up through the request context for every string)."""
    found: NullTranslations | None = g.get("_catalogue")
    if found is None:
        found = g._catalogue = languages.catalogue(languages.current())
    return found


def gettext(message: str, **values: Any) -> str:
    """``message`` in the reader's language, with ``values`` filled in."""
    text: str = catalogue().ugettext(message)
    return text % values if values else text


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """The singular or plural of a message for ``num``, in the reader's language."""
    text: str = catalogue().ungettext(singular, plural, num)
    return text % {"num": num, **values}


def refusal(reason: Reason, players: Sequence[str] = ()) -> str:
    """A refusal of the rules or of a game record, in the reader's language; given the game's
    ``players``, one about a seat names its player."""
    seat = reason.params.get("seat")
    if reason.code in NAMED and isinstance(seat, int) and 0 < seat <= len(players):
        return _translate(NAMED[reason.code], {**reason.params, "name": players[seat - 1]})
    return say(reason.code, reason.params, _translate)


def _bonus_short(kind: str) -> str | None:
    """A bonus kind's short name in the game that has it; ``None`` for a word that is none."""
    for declared in GAMES.values():
        if kind in declared.words.bonuses:
            return declared.words.bonuses[kind].short
    return None


def _translate(message: Message, values: dict[str, Any]) -> str:
    # A game named in a refusal is named in the reader's language: its name is a message of
    # its own (core/family/words.py).
    if isinstance(values.get("game"), str):
        values = {**values, "game": gettext(values["game"])}
    # So is a bonus, by its short name ("Loot", "black 14"), not by its key.
    kind = values.get("kind")
    short = _bonus_short(kind) if isinstance(kind, str) else None
    if short is not None:
        values = {**values, "kind": gettext(short)}
    if isinstance(message, tuple):
        text: str = catalogue().ungettext(message[0], message[1], values["num"])
        return text % values
    return gettext(message, **values)


def reminder(key: str) -> str:
    """A table reminder (by its variant key) as the table reads it now."""
    return gettext(REMINDERS[key])


def signed(value: int) -> str:
    """A round score with its sign, as pages and the PDF show it: +50, 0, and a real minus."""
    return f"+{number(value)}" if value > 0 else number(value)


def number(value: int) -> str:
    """An integer with a real minus sign (U+2212) when negative, as pages and the PDF show it;
    thousands grouped as the reader's language writes them (1,200 · 1.200 · 1 200)."""
    if -1000 < value < 1000:
        return f"\u2212{-value}" if value < 0 else str(value)
    grouped = format_decimal(abs(value), locale=get_locale())
    return f"\u2212{grouped}" if value < 0 else grouped


def listed(items: Sequence[str]) -> str:
    """Items as the reader's language lists them ("Wizard, Skull King, and Oh Hell";
    "Wizard, Skull King y Oh Hell")."""
    return format_list(list(items), locale=get_locale())


def day(iso_day: str) -> str:
    """A game's date (YYYY-MM-DD) as the reader's language writes it ("1 December 2026")."""
    try:
        return format_date(date.fromisoformat(iso_day), "long", locale=get_locale())
    except ValueError:
        return iso_day


def variant_label(key: str) -> str:
    """The name of a variant ("Game length", "Wizard Saboteur")."""
    return gettext(variants.BY_KEY[key].words.label)


def option_label(key: str, value: str) -> str:
    """The name of one value of a variant ("Quick play")."""
    return gettext(variants.BY_KEY[key].options[value].label)


GIVES_WORDS: dict[Gives, str] = {
    Gives.NAMED_SUIT: N_("The dealer names a suit"),
    Gives.NO_TRUMP: N_("No trump"),
    Gives.SUIT_OR_NONE: N_("A suit or no trump, as its holder names or the card copies"),
}


def turn_groups(offered: Sequence[TurnedCard]) -> list[tuple[str, list[str]]]:
    """The special cards ``offered`` (a deck's), grouped by the trump they give, in words."""
    groups = []
    for gives, words in GIVES_WORDS.items():
        cards = [special_name(turned) for turned in offered if rules.TURNED_GIVES[turned] is gives]
        if cards:
            groups.append((gettext(words), cards))
    return groups


def card_paragraph(card: Special) -> str:
    """A special card's paragraph of the rules page: what it does, what the pad records."""
    return gettext(rulebook.CARDS[card])


# Languages whose typography puts a small letter after a colon that introduces a sentence: the
# rules page's "Label: paragraph" (issue 33's Greek walk: a capital there read wrong).
SMALL_AFTER_COLON = frozenset({"el"})


def rule_paragraph(key: str, *, after_label: bool = False) -> str:
    """A variant's paragraph of the rules page (``"length.quick"``, ``"saboteur"``); after its
    option's bold label and colon, begun with a small letter where the language wants it."""
    said = gettext(rulebook.PARAGRAPHS[key])
    if after_label and languages.current() in SMALL_AFTER_COLON:
        return said[:1].lower() + said[1:]
    return said


def suit_name(suit: Suit, edition: Edition = Edition.CLASSIC) -> str:
    """A suit's name alone ("Hearts", or "Dwarves (red)" in the fantasy edition), for a button
    that shows the symbol above it."""
    if edition is Edition.FANTASY:
        return gettext(RACE_NAMES[suit])
    return gettext(SUIT_NAMES[suit])


def suit_mark(suit: Suit, edition: Edition = Edition.CLASSIC) -> str:
    """The suit's card mark: its symbol (♥), or in the fantasy edition the race's initial."""
    if edition is Edition.FANTASY:
        # The initial as a card letter, without its accent (Greek "Ά" is lettered as capital alpha).
        return unicodedata.normalize("NFD", gettext(RACE_NAMES[suit])[0])[0].upper()
    return suit.symbol


def suit_label(suit: Suit, edition: Edition = Edition.CLASSIC) -> str:
    """A suit as the table's deck names it: "♥ Hearts", or the race's initial and name in the
    fantasy edition, "D Dwarves (red)"."""
    if edition is Edition.FANTASY:
        return f"{suit_mark(suit, edition)} {gettext(RACE_NAMES[suit])}"
    return f"{suit.symbol} {suit_name(suit)}"


def trump_label(trump: Trump | None, edition: Edition = Edition.CLASSIC) -> str:
    """The trump of a round in words, saying what was turned."""
    if trump is None:
        return gettext("not entered yet")
    card = special_name(trump.turned)
    if trump.suit is None:
        if trump.turned is Turned.JESTER:
            return gettext("No trump (Jester turned)")
        if card:
            # Translators: the trump of a round: a special card of the anniversary editions
            # (Fairy, Bomb, Werewolf...) was turned up or named it.
            return gettext("No trump (%(card)s)", card=card)
        return gettext("No trump")
    suit = suit_label(trump.suit, edition)
    if trump.turned is Turned.WIZARD:
        return gettext("%(suit)s (Wizard turned, dealer's choice)", suit=suit)
    if card:
        return gettext("%(suit)s (%(card)s)", suit=suit, card=card)
    return suit


def special_name(turned: TurnedCard | str) -> str:
    """The name of the anniversary decks' special card turned up, ``""`` for a classic card."""
    try:
        return gettext(decks.name(Special(turned)))
    except ValueError:
        return ""


def turned_name(turned: TurnedCard | str) -> str:
    """The name of a card turned up that is not a suit card: a Jester or a Wizard (whose trump
    alone, "\u2013" or a suit, reads like no card left or a suit card) or a special card; ``""``
    for a suit card or none."""
    name = CARD_NAMES.get(str(turned))
    if name is not None:
        return str(catalogue().upgettext("card", name))
    return special_name(turned)


# Marked with the context "card" (the Wizard card, not the game called Wizard).
CARD_NAMES = {Turned.JESTER.value: P_("card", "Jester"), Turned.WIZARD.value: P_("card", "Wizard")}


def variant_lines(chosen: Variants) -> list[str]:
    """The variants of a game in words, one line each, for headers and printed sheets: every
    choice with its value, then the on/off variants that are on."""
    lines = []
    for spec in variants.REGISTRY:
        value = spec.plain(getattr(chosen, spec.key))
        if not spec.is_flag:
            lines.append(setting_said(variant_label(spec.key), option_label(spec.key, str(value))))
        elif value:
            lines.append(variant_label(spec.key))
    return lines


def setting_said(label: str, choice: str) -> str:
    """A setting and its choice, "Game length: Standard"; the choice alone where its words
    name the setting already ("Classic deck", not "Deck: Classic deck"; "Skull King scoring"),
    in whatever language says so (issue 33's walk: "Puntuación: Puntuación Skull King")."""
    return choice if label.casefold() in choice.casefold() else f"{label}: {choice}"


# Translators: what a folded section of the new-game form says when none of its options is on.
NONE_CHOSEN = N_("none chosen")
"""Said by the new-game form's fold headings (home/_games.html); marked here for its note."""
