"""What the table reads: names of suits, trumps and variants, in the player's language.

Pages, the PDF and the CSV export use these so a trump or a variant is always put the same way.
"""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import lazy_gettext

from scorekeeper.rules import BidRestriction, BidVisibility, Length, Suit, Trump, Turned, Variants
from scorekeeper.sheet import CurrentRound, Phase

SUIT_NAMES = {
    Suit.CLUBS: lazy_gettext("Clubs"),
    Suit.DIAMONDS: lazy_gettext("Diamonds"),
    Suit.HEARTS: lazy_gettext("Hearts"),
    Suit.SPADES: lazy_gettext("Spades"),
}

LENGTHS = {
    Length.STANDARD: (
        lazy_gettext("Standard"),
        lazy_gettext("One card more each round until the deck runs out."),
    ),
    Length.FIVE_ROUNDS: (lazy_gettext("Five rounds"), lazy_gettext("Rounds of 1 to 5 cards.")),
    Length.AMIGO: (
        lazy_gettext("Amigo tournament"),
        lazy_gettext("Ten rounds on the tournament schedule (3 to 6 players)."),
    ),
    Length.QUICK: (
        lazy_gettext("Quick play"),
        lazy_gettext("Two cards more each round; the last round deals the whole deck."),
    ),
    Length.MAXIMUS: (
        lazy_gettext("Wizard Maximus"),
        lazy_gettext("Five rounds of the whole deck; trump fixed: ♣, ♦, ♥, ♠, none."),
    ),
}

RESTRICTIONS = {
    BidRestriction.NONE: (lazy_gettext("None"), lazy_gettext("Any bid from 0 to the hand size.")),
    BidRestriction.PLUS_MINUS_ONE: (
        lazy_gettext("Plus/minus one"),
        lazy_gettext("Bids may not add up to the number of tricks: someone must miss."),
    ),
    BidRestriction.CANADIAN: (
        lazy_gettext("Canadian rule"),
        lazy_gettext("A dealer leading alone may not make bids add up, unless bidding zero."),
    ),
}

VISIBILITIES = {
    BidVisibility.OPEN: (lazy_gettext("Open"), lazy_gettext("Each bid is shown as it is made.")),
    BidVisibility.HIDDEN: (
        lazy_gettext("Hidden"),
        lazy_gettext("Bids are typed in secret, passing the phone, and revealed together."),
    ),
    BidVisibility.DELAYED: (
        lazy_gettext("Delayed"),
        lazy_gettext("Bids stay secret until the tricks of the round are entered."),
    ),
}

FLAGS = {
    "saboteur": (
        lazy_gettext("Wizard Saboteur"),
        lazy_gettext("The dealer makes no bid, scores 20 and tries to make the others miss."),
    ),
    "jester_bid": (
        lazy_gettext("Jester bid"),
        lazy_gettext("Nobody bids: everyone aims to take no trick."),
    ),
    "foresight": (
        lazy_gettext("Foresight"),
        lazy_gettext("Round 1: hold your card facing out; see all cards but your own."),
    ),
    "gizzard_fester": (
        lazy_gettext("Gizzard / Fester"),
        lazy_gettext('Say "Gizzard!" with a Wizard and "Fester!" with a Jester, or they swap.'),
    ),
    "pull_one": (
        lazy_gettext("Pull one"),
        lazy_gettext("After bidding, each may draw a card from the right neighbour's hand."),
    ),
}


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


def round_reminders(variants: Variants, current: CurrentRound) -> list[str]:
    """The table reminders the players chose, where they matter in this round."""
    lines = []
    if variants.foresight and current.number == 1:
        lines.append(_("Foresight: hold your card facing out, don't look at it."))
    if variants.gizzard_fester:
        lines.append(_('Say "Gizzard!" when you play a Wizard and "Fester!" for a Jester.'))
    if variants.pull_one and current.phase is Phase.PLAY and current.tricks_counted == 0:
        lines.append(_("Pull one: each player may now draw a card from the right neighbour."))
    return lines


def variant_lines(variants: Variants) -> list[str]:
    """The variants of a game in words, one line each, for headers and printed sheets."""
    lines = [
        _("Length: %(name)s", name=LENGTHS[variants.length][0]),
        _("Bid restriction: %(name)s", name=RESTRICTIONS[variants.bid_restriction][0]),
        _("Bids: %(name)s", name=VISIBILITIES[variants.bid_visibility][0]),
    ]
    lines += [str(name) for flag, (name, _help) in FLAGS.items() if getattr(variants, flag)]
    return lines
