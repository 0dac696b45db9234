"""The rules page's paragraph for every variant, and hand sizes said in short.

Pure Python: the paragraphs are message ids (translated where shown), one per value of a choice
(``"length.quick"``) and one per on/off variant (``"saboteur"``); a test checks that every variant
of the registry has its paragraph. The anchors of the rules page are made here, so the new-game
form and the round screen link to the same paragraph.
"""

from __future__ import annotations

from itertools import pairwise

from scorekeeper.core import scoring, variants
from scorekeeper.core.decks import Special
from scorekeeper.core.refusals import N_

PARAGRAPHS: dict[str, str] = {
    "length.standard": N_(
        "Round 1 deals one card to each player, round 2 two cards, and so on up to the largest "
        "hand the deck allows: 60 cards shared by the players (3 players: 20 rounds, 4: 15, "
        "5: 12, 6: 10, 7: 8, 8: 7). With 7 or 8 players the last deal leaves cards over, so a "
        "trump card is turned there too."
    ),
    "length.five_rounds": N_(
        "Only five rounds, of 1, 2, 3, 4 and 5 cards. Cards are left over in every round, so a "
        "trump card is always turned."
    ),
    # Translators: schedule: the hand sizes round by round, not dates.
    "length.amigo": N_(
        "Ten rounds on the schedule of the Amigo tournament, which depends on the number of "
        "players. It is defined for 3 to 6 players only."
    ),
    "length.quick": N_(
        "The hand grows by two cards each round instead of one, counting back from the largest "
        "hand, so the game is about half as long. The new-game form shows the hand sizes for "
        "each number of players."
    ),
    "length.maximus": N_(
        "Five rounds, each dealing the whole deck. Nothing is turned: the trump is fixed, clubs "
        "in round 1, diamonds in round 2, hearts in round 3, spades in round 4, and no trump in "
        "round 5."
    ),
    "bid_restriction.none": N_("Any bid from 0 to the number of cards in hand is allowed."),
    "bid_restriction.plus_minus_one": N_(
        "The bids may not add up to the number of tricks in the round, so at least one player "
        "must miss. Only the last bidder is bound: the app greys out the bid that would make "
        "the total match."
    ),
    "bid_restriction.canadian": N_(
        "When the dealer, who bids last, is alone in the lead (more points than every other "
        "player), the dealer may not make the bids add up to the number of tricks. Bidding "
        "zero is always allowed."
    ),
    "bid_visibility.open": N_("Every bid is said aloud and shown as it is made."),
    "bid_visibility.hidden": N_(
        "Each player types a bid on the phone in secret, in any order; the bids are shown "
        "together once everyone has bid, before the first trick."
    ),
    "bid_visibility.delayed": N_(
        "Like hidden bids, but the bids stay secret until the tricks of the round are entered; "
        "then everyone sees who made their bid."
    ),
    "saboteur": N_(
        "The dealer of each round is the saboteur: makes no bid, scores 20 points whatever "
        "happens and tries to make the others miss. With plus/minus one, the restriction binds "
        "the last player who bids. It cannot be combined with the Canadian rule."
    ),
    "jester_bid": N_(
        "Nobody bids: every bid is zero, so each player tries to take no trick at all, and a "
        "Jester becomes the highest card. A bid restriction or hidden or delayed bids would "
        "change nothing, so they cannot be combined with it."
    ),
    # Translators: schedule: the hand sizes round by round, not dates.
    "foresight": N_(
        "In a one-card hand you hold your card to your forehead, facing out: you see everyone's "
        "card but your own, and bid on that. The app reminds the table in one-card rounds only; "
        "some schedules have none."
    ),
    "gizzard_fester": N_(
        'Say "Gizzard!" when you play a Wizard, or it counts as a Jester; say "Fester!" when you '
        "play a Jester, or it counts as a Wizard."
    ),
    "pull_one": N_(
        "After the bids, each player may draw one card from the hand of the neighbour on the right."
    ),
    "edition.classic": N_("The classic deck: clubs ♣, diamonds ♦, hearts ♥ and spades ♠."),
    "edition.fantasy": N_(
        "The fantasy edition names the four suits after races: humans (blue), elves (green), "
        "dwarves (red) and giants (yellow). The app shows each with its initial and its name, "
        "never by colour alone."
    ),
    "deck.classic": N_("The classic 60 cards: four suits of 1 to 13, four Wizards, four Jesters."),
    "deck.anniversary_20": N_(
        "The 20-year edition adds six special cards: Dragon, Fairy, Bomb, Werewolf, Juggler and "
        "Cloud (66 cards, 3 to 6 players). The number of rounds stays 60 divided by the players, "
        "so cards are left in every round and a trump card is turned in the last round too."
    ),
    "deck.anniversary_25": N_(
        "The 25-year edition adds the Shapeshifter to the six special cards (67 cards, 3 to 6 "
        "players). A trump card is turned in every round, the last one too."
    ),
    "deck.anniversary_30": N_(
        "The 30-year edition adds the Witch and the Vampire to the seven special cards (69 "
        "cards, 3 to 6 players). A trump card is turned in every round, the last one too."
    ),
}

CARDS: dict[Special, str] = {
    Special.DRAGON: N_(
        "Beats every card, Wizards too; only the Fairy beats it. Turned up as trump: the dealer "
        "names a suit, as for a Wizard. The pad records nothing else."
    ),
    Special.FAIRY: N_(
        "The lowest card, but it wins a trick that holds the Dragon. Turned up as trump: no "
        "trump, as for a Jester."
    ),
    Special.BOMB: N_(
        "The trick that holds it goes to nobody; whoever would have won it leads next. Tap "
        '"The Bomb was played" on the tricks step: the tricks then add up to one less than the '
        "hand. Bids are still judged against the whole hand. Turned up as trump: no trump."
    ),
    Special.WEREWOLF: N_(
        "Swapped for the turned card before the bids; its holder names the trump, a suit or no "
        "trump. The trump step records the trump as named, and that a Werewolf named it."
    ),
    Special.JUGGLER: N_(
        "Counts 7½ in the suit its player names; after its trick everyone passes a card to the "
        "left. Turned up as trump: the dealer names a suit."
    ),
    Special.CLOUD: N_(
        "Counts 9¾ in the suit its player names; whoever wins its trick must change their bid "
        "by one, up or down (never below 0), and is scored against the changed bid. On the "
        "tricks step, choose the winner and the direction; the sheet shows both bids. Turned up "
        "as trump: the dealer names a suit."
    ),
    Special.SHAPESHIFTER: N_(
        "Played as a Wizard or as a Jester. Turned up as trump: the dealer names a suit (a "
        "Wizard) or no trump (a Jester)."
    ),
    Special.WITCH: N_(
        "After its trick, its player swaps a card in hand for one in the trick. Turned up as "
        "trump: no trump."
    ),
    Special.VAMPIRE: N_(
        "Copies the turned trump card, with its effect: the trump stays what that card gives. "
        "Turned up itself, it copies the next card turned: enter the trump that card gives."
    ),
}
"""What each special card does and what the pad records for it, for the rules page."""


def _example() -> tuple[tuple[str, int, int, int, int, int], ...]:
    """The worked example of the official score pad (RULES.md), scored by the rules module:
    (player, round, bid, tricks, round score, total)."""
    played = {
        # Translators: the worked example's three players (Tom and Dick men, Mary a woman):
        # names common in your language, the same as in the sentence "Tom bids 0 and takes…".
        N_("Tom"): ((0, 0), (2, 1)),
        N_("Dick"): ((1, 0), (0, 0)),
        N_("Mary"): ((1, 1), (0, 1)),
    }
    rows = []
    for number in (1, 2):
        for name, rounds in played.items():
            scores = [scoring.round_score(bid, took) for bid, took in rounds[:number]]
            bid, took = rounds[number - 1]
            rows.append((name, number, bid, took, scores[-1], sum(scores)))
    return tuple(rows)


EXAMPLE = _example()


def entries() -> list[tuple[variants.Spec, str | None, str]]:
    """Every paragraph of the variants in registry order: (variant, value or ``None`` for an
    on/off variant, paragraph key)."""
    listed: list[tuple[variants.Spec, str | None, str]] = []
    for spec in variants.REGISTRY:
        if spec.is_flag:
            listed.append((spec, None, spec.key))
        else:
            listed += [(spec, value, f"{spec.key}.{value}") for value in spec.options]
    return listed


def anchor(key: str, value: str | None = None) -> str:
    """The id of a variant's paragraph on the rules page (``variant-length-quick``)."""
    return "variant-" + "-".join(part for part in (key, value) if part).replace("_", "-")


def short_list(hands: tuple[int, ...]) -> str:
    """Hand sizes as a short list: a long even run as its first two, an ellipsis and the last.

    >>> short_list((2, 4, 6, 8, 10, 12)), short_list((1, 3, 5, 7, 9, 11, 12, 13))
    ('2, 4, … 12', '1, 3, 5, 7, 9, 11, 12, 13')
    """
    steps = {b - a for a, b in pairwise(hands)}
    if len(hands) > 4 and len(steps) == 1:
        return f"{hands[0]}, {hands[1]}, … {hands[-1]}"
    return ", ".join(map(str, hands))
