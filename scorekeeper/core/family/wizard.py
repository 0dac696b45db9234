"""Wizard, declared as a game of the family from the rules the pad already has.

Nothing here decides anything: the schedule, the trump, the bids and the scores are those of
:mod:`scorekeeper.core.rules`, :mod:`~scorekeeper.core.bidding` and
:mod:`~scorekeeper.core.scoring`, so Wizard keeps every behaviour and test it has
(tests/test_family_wizard.py holds the declaration to them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scorekeeper.core import bidding, decks, rulebook, rules, scoring, specials, variants
from scorekeeper.core.bidding import BidRules, RoundSetup
from scorekeeper.core.family.declaration import Declaration
from scorekeeper.core.family.declared_parts import (
    Fold,
    GameWords,
    Plain,
    Played,
    Refusal,
    RoundFacts,
    RulesPage,
    Setting,
    TrumpSource,
)
from scorekeeper.core.family.game_settings import by_key
from scorekeeper.core.record_shapes import Json, fields_of, flag, option, whole
from scorekeeper.core.refusals import N_, P_
from scorekeeper.core.rules import Length, Suit, Trump, TurnedCard, Variants
from scorekeeper.core.specials import Cloud, Specials
from scorekeeper.core.variants import Words

SETTINGS: tuple[Setting, ...] = tuple(
    Setting(spec.key, spec.plain(spec.default), variants.choices(spec.key))
    for spec in variants.REGISTRY
)
REFUSALS: tuple[Refusal[Variants], ...] = tuple(
    Refusal(refused.code, refused.setting, refused.applies, reads=refused.reads)
    for refused in variants.REFUSED
)
CHOICE_WORDS: dict[str, dict[str | int, Words]] = {
    spec.key: dict(spec.options.items()) for spec in variants.REGISTRY if spec.options
}
WORDS = GameWords({spec.key: spec.words for spec in variants.REGISTRY}, CHOICE_WORDS)
"""Wizard's words: its variants' (:mod:`scorekeeper.core.variants`)."""

SECTION_TITLES = {
    variants.Section.LENGTH: N_("Game length"),
    variants.Section.BIDS: N_("Bidding"),
    variants.Section.SPECIAL: N_("Special rules"),
    variants.Section.REMINDER: N_("Table reminders"),
    variants.Section.DECK: N_("The deck"),
}
# What a section's fold says first when unfolded, where its title alone does not.
SECTION_NOTES = {
    variants.Section.REMINDER: N_("They change no score: the app shows each one when it matters."),
}
FOLDS: tuple[Fold, ...] = tuple(
    Fold(SECTION_TITLES[section], tuple(spec.key for spec in specs), SECTION_NOTES.get(section, ""))
    for section, specs in variants.SECTIONS
    if specs
)
"""The folds of the new-game form: one per section of the variants, in order."""


@dataclass(frozen=True)
class WizardRound(Played):
    """A completed round of Wizard: :class:`Played` and the anniversary decks' Bomb and Cloud
    (:mod:`scorekeeper.core.specials`)."""

    bomb: bool = False
    cloud: Cloud | None = None


def round_of(played: Played, facts: Specials) -> WizardRound:
    """A Wizard round from the common facts, the Bomb and the Cloud."""
    return WizardRound(
        played.hand_size, played.dealer, played.bids, played.tricks, facts.bomb, facts.cloud
    )


def read_specials(fields: Mapping[str, object]) -> Specials:
    """The Bomb (``"bomb": true``) and the Cloud (``"cloud": {"seat": s, "bid": b}``, the
    changed bid of its winner) of a round's fields; each optional."""
    cloud = fields.get("cloud")
    if cloud is not None:
        parts = fields_of(cloud, '"cloud"', ("seat", "bid"), required=("seat", "bid"))
        cloud = Cloud(whole(parts["seat"], '"cloud.seat"'), whole(parts["bid"], '"cloud.bid"'))
    return Specials(flag(fields.get("bomb", False), '"bomb"'), cloud)


def write_specials(facts: Specials) -> Json:
    """The Bomb and the Cloud of a round, only where they were played."""
    written: Json = {}
    if facts.bomb:
        written["bomb"] = True
    if facts.cloud is not None:
        written["cloud"] = {"seat": facts.cloud.seat, "bid": facts.cloud.bid}
    return written


FACTS = RoundFacts(
    Specials(),
    ("bomb", "cloud"),
    read_specials,
    write_specials,
    tricks_lost=lambda facts: int(facts.bomb),
    page="bomb_and_cloud",
)
"""A Wizard round's own facts: the anniversary decks' Bomb and Cloud."""


def from_plain(values: Mapping[str, object]) -> Variants:
    """The variants from their plain values, each checked against its choices."""
    return variants.from_plain(by_key(SETTINGS, values))  # type: ignore[arg-type]


def to_plain(chosen: Variants) -> dict[str, Plain]:
    """Every variant by key as stored and written in a game record."""
    return dict(variants.to_plain(chosen))


def bid_rules(chosen: Variants) -> BidRules:
    """How Wizard's bids are made with these variants."""
    return BidRules(
        chosen.bid_restriction,
        chosen.bid_visibility,
        saboteur=chosen.saboteur,
        nobody_bids=chosen.jester_bid,
    )


def read_variants(data: object) -> Variants:
    """A record's ``variants`` object; every field is optional and defaults to the standard
    game, each refused in the record's own words (``record_not_option``, ``record_not_flag``)."""
    fields = fields_of(data, '"variants"', tuple(variants.BY_KEY))
    plain: dict[str, str | bool] = {}
    for key, value in fields.items():
        what = f'"variants.{key}"'
        spec = variants.BY_KEY[key]
        plain[key] = flag(value, what) if spec.is_flag else option(spec.options, value, what)
    return variants.from_plain(plain)


def start_notes(chosen: Variants, hands: tuple[int, ...]) -> tuple[str, ...]:
    """Foresight chosen for a game with no one-card hand: the reminder will never come."""
    if chosen.foresight and 1 not in hands:
        return (
            N_(
                "Foresight is played with one-card hands, and this game has none: "
                "it will not be reminded."
            ),
        )
    return ()


def schedule(players: int, chosen: Variants) -> tuple[int, ...]:
    """Wizard's schedule (:func:`scorekeeper.core.rules.schedule`)."""
    return rules.schedule(players, chosen.length)


def trump_source(chosen: Variants) -> TrumpSource:
    """Wizard Maximus fixes the trump round by round; otherwise a card is turned."""
    return TrumpSource.ROTATION if chosen.length is Length.MAXIMUS else TrumpSource.TURNED


def fixed_trump(number: int, hand_size: int, players: int, chosen: Variants) -> Trump | None:
    """Wizard's fixed trump (:func:`scorekeeper.core.rules.fixed_trump`)."""
    return rules.fixed_trump(number, hand_size, players, chosen.length, chosen.deck)


def resolve_trump(
    turned: TurnedCard,
    suit: Suit | None,
    number: int,
    hand_size: int,
    players: int,
    chosen: Variants,
) -> Trump:
    """Wizard's trump from the card turned (:func:`scorekeeper.core.rules.resolve_trump`)."""
    return rules.resolve_trump(
        turned,
        suit,
        round_number=number,
        hand_size=hand_size,
        players=players,
        length=chosen.length,
        deck=chosen.deck,
    )


def check_round(players: int, chosen: Variants, totals: Sequence[int], played: Played) -> None:
    """Refuse bids, tricks, a Bomb or a Cloud Wizard's rules do not allow (the round number
    plays no part)."""
    bomb, cloud = _specials(played)
    setup = RoundSetup(
        players, 1, played.hand_size, played.dealer, bid_rules(chosen), tuple(totals)
    )
    bidding.check_round_bids(setup, played.bids)
    specials.check_bomb(chosen.deck, bomb)
    specials.check_tricks(played.hand_size, played.tricks, players, bomb)
    specials.check_cloud(played.bids, cloud, chosen.deck)
    specials.check_cloud_won(played.tricks, cloud)


def _specials(played: Played) -> tuple[bool, Cloud | None]:
    if isinstance(played, WizardRound):
        return played.bomb, played.cloud
    return False, None


def final_bids(played: Played) -> tuple[int | None, ...]:
    """The bids scored: as made, the Cloud's winner's changed."""
    return specials.scored_bids(played.bids, _specials(played)[1])


def score_round(_chosen: Variants, played: Played) -> tuple[int, ...]:
    """Wizard's scores (:func:`scorekeeper.core.scoring.round_score`), against the bids
    scored."""
    return tuple(
        scoring.round_score(bid, taken)
        for bid, taken in zip(final_bids(played), played.tricks, strict=True)
    )


WIZARD: Declaration[Variants, Played] = Declaration(
    key="wizard",
    name=P_("app name", "Wizard"),
    bgg_id=1465,
    name_context="app name",
    words=WORDS,
    sheet_title=N_("Wizard score sheet"),
    pad_title=N_("Wizard score pad"),
    settings_title=N_("Variants:"),
    score_key=(N_("bid met: 20 + 10 per trick"), N_("bid missed: −10 per trick off")),  # noqa: RUF001
    pad_reminders=(
        N_(
            "The deal passes one seat to the left each round. Bidding starts left of the dealer; "
            "the dealer bids last."
        ),
        N_(
            "Turn the top card of the rest: its suit is trump. A Jester: no trump. A Wizard: the "
            "dealer picks a suit."
        ),
        N_("Bid met: 20 + 10 per trick. Bid missed: −10 per trick over or under."),  # noqa: RUF001
    ),
    pad_lists_settings=False,
    variant_filters=True,
    rules_page=RulesPage(
        "rules/rules.html",
        lambda: {"rulebook_entries": rulebook.entries(), "example": rulebook.EXAMPLE},
        settings_anchor="variants",
    ),
    folds=FOLDS,
    # "Classic · Classic deck" would read as the deck twice: the suit names are named.
    heading_names=frozenset({"edition"}),
    shows_hands=True,
    one_card_only=("foresight",),
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
    deck_size=rules.DECK_SIZE,
    settings=SETTINGS,
    from_plain=from_plain,
    to_plain=to_plain,
    refusals=REFUSALS,
    schedule=schedule,
    trump_source=trump_source,
    fixed_trump=fixed_trump,
    check_round=check_round,
    score_round=score_round,
    schedule_setting="length",
    player_count_code="player_count",
    bid_rules=bid_rules,
    special_cards=lambda chosen: decks.specials(chosen.deck),
    look=lambda chosen: chosen.edition,
    reminders=scoring.reminders,
    start_notes=start_notes,
    resolve_trump=resolve_trump,
    facts=FACTS,
    round_of=round_of,
    final_bids=final_bids,
    read_settings=read_variants,
    deck_cards=lambda chosen: decks.cards(chosen.deck),
    last_round_deals_all=True,
)
