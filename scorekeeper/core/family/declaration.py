"""A game of the bid-and-tricks family, declared once.

A :class:`Declaration` says everything the pad needs to know about a game: its players, deck and
schedules, where the trump comes from, how bids are made, the score of a round, its bonuses and
its settings with their choices and refusals. Nothing outside a game's own module asks which game
it is to compute a number: it asks the declaration. Wizard's is built from the existing rules
(:mod:`scorekeeper.core.family.wizard`); Skull King's and Oh Hell's from their modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any, Generic

from scorekeeper.core.bidding import BidRules
from scorekeeper.core.decks import Special
from scorekeeper.core.family.declared_parts import (
    BIDDING_OF,
    NO_FACTS,
    Bidding,
    Bonus,
    Facts,
    Fold,
    GameWords,
    Plain,
    Played,
    R,
    Refusal,
    RoundFacts,
    RulesPage,
    S,
    Setting,
    TrumpSource,
    bids_and_tricks,
    no_marks,
    same_bids,
)
from scorekeeper.core.refusals import N_, RuleError
from scorekeeper.core.rules import Suit, Trump, Turned, TurnedCard
from scorekeeper.core.variants import Edition


@dataclass(frozen=True)
class Declaration(Generic[S, R]):
    """A game of the family: what the pad asks instead of asking which game it is."""

    key: str
    """The game's stable key, as records and addresses name it."""
    name: str
    """The game's name, a message id (translated with :attr:`name_context` where given)."""
    min_players: int
    max_players: int
    deck_size: int
    settings: tuple[Setting, ...]
    """Every setting a table may choose, in the order of the new-game form."""
    from_plain: Callable[[Mapping[str, object]], S]
    """The settings from their plain values by key (missing keys keep their default)."""
    to_plain: Callable[[S], dict[str, Plain]]
    refusals: tuple[Refusal[S], ...]
    schedule: Callable[[int, S], tuple[int, ...]]
    """The hand size of every round, for a number of players and the settings."""
    trump_source: Callable[[S], TrumpSource]
    fixed_trump: Callable[[int, int, int, S], Trump | None]
    """The trump of a round nobody has to enter (round number, hand, players, settings), or
    ``None`` where a turned card is entered."""
    check_round: Callable[[int, S, Sequence[int], R], None]
    """Refuse a completed round that cannot have happened (players, settings, totals before)."""
    score_round: Callable[[S, R], tuple[int, ...]]
    """Each seat's score for a completed round."""
    bonuses: tuple[Bonus, ...] = ()
    schedule_setting: str = "schedule"
    """The setting that chooses the schedule (Wizard's is ``length``)."""
    player_count_code: str = "game_player_count"
    """The refusal of a table the game is not played by (Wizard keeps its own code)."""
    # What drives the pad's round engine (core/bidding.py, core/game.py) for this game.
    bid_rules: Callable[[S], BidRules] = lambda _settings: BidRules()
    """How the round engine takes the bids (:class:`scorekeeper.core.bidding.BidRules`)."""
    special_cards: Callable[[S], tuple[Special, ...]] = lambda _settings: ()
    """The special cards of the deck played (:mod:`scorekeeper.core.decks`): turned up for
    trump and marked on the sheet."""
    look: Callable[[S], Edition] = lambda _settings: Edition.CLASSIC
    """The names the cards' suits are shown with."""
    reminders: Callable[[S, int, bool], tuple[str, ...]] = lambda _settings, _hand, _play: ()
    """The table reminders due (setting keys, said by their words) for the settings, the hand
    dealt and whether the hand is being played."""
    start_notes: Callable[[S, tuple[int, ...]], tuple[str, ...]] = lambda _settings, _hands: ()
    """What the table is told as the game starts (message ids), for the settings and the hand
    size of every round: a setting that will never come up, say."""
    resolve_trump: Callable[[TurnedCard, Suit | None, int, int, int, S], Trump] | None = None
    """The trump entered (card turned, suit, round number, hand, players, settings), or a
    refusal; ``None``: the trump is always fixed (:meth:`trump`)."""
    facts: RoundFacts[Any] = NO_FACTS
    """What the game records of a round beyond bids and tricks."""
    round_of: Callable[[Played, Any], R] = bids_and_tricks  # type: ignore[assignment]
    """The game's completed round from what every game records and the game's facts."""
    final_bids: Callable[[R], tuple[int | None, ...]] = same_bids
    """The bids a completed round is scored against (a bid changed in play counts)."""
    words: GameWords = field(default_factory=lambda: GameWords({}))
    name_context: str = ""
    """The message context of the name, where a word of the game is spelt the same (Wizard:
    the game's name, "app name", apart from the Wizard card's)."""
    # What a printed sheet and blank pad say of the game (message ids).
    sheet_title: str = ""
    """The printed sheet's title; "": "<name> score sheet"."""
    pad_title: str = ""
    """The blank pad's title; "": "<name> score pad"."""
    settings_title: str = N_("Settings:")
    """The heading of the settings on a printed sheet."""
    score_key: tuple[str, ...] = ()
    """What a bid met and a bid missed score, for the key under a printed sheet (message ids);
    none: "bid met", "bid missed" and the scoring chosen."""
    pad_reminders: tuple[str, ...] = ()
    """The rules a blank pad reminds the table of; none: said from the declaration (how the
    bids are made, where the trump comes from, the scoring)."""
    pad_lists_settings: bool = True
    """Whether a blank pad lists the settings it was printed with."""
    variant_filters: bool = False
    """Whether a group's figures of the game may be narrowed to a game length or a variant
    (Wizard's variants: :class:`scorekeeper.core.stats_filters.Filters`)."""
    rules_page: RulesPage | None = None
    """The game's rules page; none: the game has no page of its own."""
    bgg_id: int | None = None
    """The game's BoardGameGeek id where it is known for certain: BG Stats finds the game by
    it, and by its name without one."""
    folds: tuple[Fold, ...] = ()
    """The folds of the game's settings on the new-game form, each setting in one of them."""
    # What the new-game form shows of the settings beyond their words and the folds' headings.
    heading_names: frozenset[str] = frozenset()
    """Settings whose choice a fold's heading says with the setting's name ("Suit names:
    Classic"), where the choice's name alone says too little beside the others of its fold."""
    shows_hands: bool = False
    """Whether the new-game form lists the hands of each schedule by table size under its
    choice, and a fold's heading says the rounds of the schedule at the table typed so far."""
    hand_setting: str = ""
    """The setting that chooses the largest hand (Oh Hell's ``max_hand``; its 0 the table's
    default), which changes how many rounds a schedule has: a fold's heading says the rounds of
    the schedule and that hand at the table typed so far."""
    one_card_only: tuple[str, ...] = ()
    """Settings that play a part in one-card hands only (Wizard's Foresight): the new-game form
    says under each which schedules have none, and at which table sizes."""
    only_with: Mapping[str, tuple[str, Plain]] = field(default_factory=dict)
    """Settings that play a part only with another setting's choice (key: that setting and
    choice): shown under that choice and sent to the rules only with it, so a table that set
    them and then chose otherwise is not refused for numbers that count for nothing."""
    messages: Mapping[str, str] = field(default_factory=dict)
    """The sentences (message ids) of the game's own refusal codes, where the app's list
    (:data:`scorekeeper.core.refusals.MESSAGES`) has none: a game declared outside the app."""
    seat_marks: Callable[[Any, int], tuple[tuple[str, str], ...]] = no_marks
    """What a seat was credited with by the round's own facts, as sheet marks: a few characters
    and their words (a message id), on every output: the phone's sheet and its key, the PDF's
    score cell and key, a CSV column. Skull King's bonuses are marked by the pages themselves."""
    read_settings: Callable[[object], S] | None = None
    """The game's own reader of a record's ``variants`` object (with its own refusals), where
    the generic one (each setting one of its choices) is not enough."""
    deck_cards: Callable[[S], int] | None = None
    """The cards of the deck the settings choose (``None``: always :attr:`deck_size`)."""
    last_round_deals_all: bool = False
    """The rule texts say the last round deals the whole deck, with no trump: the pad says so
    where a card is left to turn (Wizard's 60 cards do not always divide evenly)."""

    def bidding(self, settings: S) -> Bidding:
        """How the bids of a round are made with these settings, in words the pages use."""
        rules = self.bid_rules(settings)
        if rules.at_once:
            return Bidding.AT_ONCE
        return BIDDING_OF.get(rules.restriction, Bidding.IN_TURN)

    def check_players(self, players: int) -> None:
        """Refuse a table the game is not played by."""
        if not self.min_players <= players <= self.max_players:
            raise RuleError(
                self.player_count_code,
                game=self.name,
                low=self.min_players,
                high=self.max_players,
                players=players,
            )

    def check_settings(self, players: int, settings: S) -> None:
        """Refuse the table size, or the first combination of settings the game refuses."""
        self.check_players(players)
        for refusal in self.refusals:
            if refusal.applies(players, settings):
                words = refusal.words(players, settings) if refusal.words else {}
                raise RuleError(refusal.code, setting=refusal.setting, **words)

    def schedule_chosen(self, settings: S) -> Plain | None:
        """The plain value of the setting that chooses the schedule (Wizard's ``length``), or
        ``None`` for a game of one schedule, which declares no such setting."""
        return self.to_plain(settings).get(self.schedule_setting)

    def schedules(self, players: int) -> dict[Plain, tuple[int, ...]]:
        """The hands of every schedule the game offers this table, the other settings at their
        defaults; a schedule the table cannot play is left out."""
        offered: dict[Plain, tuple[int, ...]] = {}
        for setting in self.settings:
            if setting.key != self.schedule_setting:
                continue
            for choice in setting.choices:
                chosen = self.from_plain({setting.key: choice})
                try:
                    self.check_settings(players, chosen)
                    offered[choice] = self.schedule(players, chosen)
                except RuleError:
                    continue
        return offered

    def trump(
        self,
        turned: TurnedCard,
        suit: Suit | None,
        number: int,
        hand: int,
        players: int,
        settings: S,
    ) -> Trump:
        """The trump of a round from what was entered, or a refusal."""
        if self.resolve_trump is not None:
            return self.resolve_trump(turned, suit, number, hand, players, settings)
        fixed = self.fixed_trump(number, hand, players, settings)
        if fixed is None or turned is not Turned.NONE or suit not in (None, fixed.suit):
            raise RuleError("trump_does_not_fit")
        return fixed

    def can_turn(self, settings: S) -> tuple[TurnedCard, ...]:
        """The cards a trump may be entered as: suit, Jester, Wizard, then the deck's special
        cards (the game's own rules refuse what its deck cannot turn up)."""
        return (Turned.SUIT, Turned.JESTER, Turned.WIZARD, *self.special_cards(settings))

    def cards(self, settings: S) -> int:
        """How many cards the deck holds with these settings."""
        return self.deck_size if self.deck_cards is None else self.deck_cards(settings)

    def facts_of(self, given: Facts | None) -> Any:
        """A round's facts as the game keeps them: none given are its blank ones; facts of
        another kind are refused unless nothing happened in them (a Bomb in Skull King)."""
        if given is None:
            return self.facts.blank
        if not isinstance(given, type(self.facts.blank)):
            if not given.empty:
                raise RuleError(given.elsewhere)
            return self.facts.blank
        return given

    def recorded(self, given: Facts | None) -> Facts | None:
        """A round's facts as a round record holds them: ``None`` where nothing happened."""
        kept = self.facts_of(given)
        return None if kept.empty else kept

    def scores(self, settings: S, rounds: Sequence[R]) -> tuple[tuple[int, ...], ...]:
        """Each round's scores by seat, in order."""
        return tuple(self.score_round(settings, played) for played in rounds)

    def totals(self, settings: S, players: int, rounds: Sequence[R]) -> tuple[int, ...]:
        """Each seat's total after ``rounds``: the sum of its round scores."""
        running = accumulate(
            self.scores(settings, rounds),
            lambda total, score: tuple(a + b for a, b in zip(total, score, strict=True)),
            initial=(0,) * players,
        )
        return tuple(running)[-1]
