"""A game of the bid-and-tricks family, declared once.

A :class:`Declaration` says everything the pad needs to know about a game: its players, deck and
schedules, where the trump comes from, how bids are made, the score of a round, its bonuses and
its settings with their choices and refusals. Nothing outside a game's own module asks which game
it is to compute a number: it asks the declaration. Wizard's is built from the existing rules
(:mod:`scorekeeper.core.family.wizard`); Skull King's and Oh Hell's from their modules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from itertools import accumulate, product
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from scorekeeper.core.bidding import BidRules
from scorekeeper.core.decks import Special
from scorekeeper.core.record_shapes import Json
from scorekeeper.core.refusals import N_, RuleError
from scorekeeper.core.rules import Suit, Trump, Turned, TurnedCard
from scorekeeper.core.variants import PLAYERS, BidRestriction, Edition, Words

Plain = str | bool | int
"""A setting's value as stored and written in a game record."""
S = TypeVar("S")
"""A game's settings (a frozen dataclass of its own)."""
R = TypeVar("R", bound="Played")
"""A game's completed round."""
F = TypeVar("F", bound="Facts")
"""A game's facts of a round beyond bids and tricks."""


class TrumpSource(StrEnum):
    """Where a round's trump comes from."""

    TURNED = "turned"
    """A card turned up from the undealt cards (none where the deck is dealt out)."""
    ROTATION = "rotation"
    """A fixed order, round by round (Wizard Maximus, Nomination Whist, Kachuful)."""
    SAME_SUIT = "same_suit"
    """Always the same suit (Skull King's black Jolly Roger)."""
    NONE = "none"
    """No trump at all."""


class Bidding(StrEnum):
    """How the bids of a round are made."""

    IN_TURN = "in_turn"
    """One by one from the dealer's left, any bid from 0 to the hand."""
    HOOK = "hook"
    """In turn; the last bidder may not make the bids add up to the tricks."""
    CANADIAN = "canadian"
    """In turn; the hook binds only a dealer who leads alone, and never a bid of zero (Wizard)."""
    AT_ONCE = "at_once"
    """Everyone at once (fists on the table), with no order and no hook."""


_BIDDING = {BidRestriction.PLUS_MINUS_ONE: Bidding.HOOK, BidRestriction.CANADIAN: Bidding.CANADIAN}


@dataclass(frozen=True)
class Setting:
    """One setting a table chooses: its key, its default and its choices (plain values)."""

    key: str
    default: Plain
    choices: tuple[Plain, ...]


@dataclass(frozen=True)
class BonusWords:
    """A bonus kind's label, and its short form for a sheet column or a button: what was
    captured."""

    label: str
    short: str


@dataclass(frozen=True)
class GameWords:
    """A game's words, message ids the pages translate: its settings' (label and help) by key,
    its named choices' by setting and value (a number is its own label), its bonuses' by kind.
    ``translations`` give the words the app's catalogues do not hold, by language (a game
    declared outside the app)."""

    settings: Mapping[str, Words]
    choices: Mapping[str, Mapping[str | int, Words]] = field(default_factory=dict)
    bonuses: Mapping[str, BonusWords] = field(default_factory=dict)
    translations: Mapping[str, Mapping[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page: its template, and the numbers it shows beyond its words, computed
    by the game's own rules (none written by hand in the template)."""

    template: str
    shows: Callable[[], Mapping[str, Any]] = dict
    settings_anchor: str = ""
    """The id of the page's part on the settings, where the new-game form's link leads ("": the
    top of the page)."""


@dataclass(frozen=True)
class Fold:
    """One fold of a game's settings on the new-game form: its title (a message id the app's
    catalogues hold) and the settings in it, in order. A fold of on/off settings only shows them
    as one group under its title; a setting whose words are the fold's title has its own
    heading hidden (the title says it)."""

    title: str
    keys: tuple[str, ...]
    note: str = ""
    """What the fold says first when unfolded, where its title alone does not (a message id)."""


@dataclass(frozen=True)
class Refusal(Generic[S]):
    """A combination of settings a game refuses: its code, the setting it is shown beside, and
    the test (players at the table, settings)."""

    code: str
    setting: str
    applies: Callable[[int, S], bool]
    words: Callable[[int, S], Mapping[str, Any]] | None = None
    """The parameters of the refusal's sentence, if it has any."""
    reads: tuple[str, ...] = (PLAYERS,)
    """What the test looks at besides :attr:`setting`: the table size (``players``) and the keys
    of other settings. The new-game page's greyed choices are worked out on the tables of these
    values alone, the other settings at their defaults (:func:`refused_tables`)."""


@dataclass(frozen=True)
class Bonus:
    """A bonus entered on a round's result: its kind, its points, and how many a round holds at
    most (the cards that make it); ``shared`` bonuses name an ally who scores it too."""

    kind: str
    points: int
    most: int
    shared: bool = False


@dataclass(frozen=True)
class Played:
    """What every game of the family records of a completed round, by seat: the hand dealt, the
    dealer, each bid (``None``: no bid, Wizard's saboteur) and each player's tricks."""

    hand_size: int
    dealer: int
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]


class Facts(Protocol):
    """What a game records of a round beyond bids and tricks, as one typed value (Wizard's Bomb
    and Cloud, Skull King's bonuses and destroyed tricks)."""

    elsewhere: ClassVar[str]
    """The refusal of such facts in a game that has none."""

    @property
    def empty(self) -> bool:
        """True when nothing beyond bids and tricks happened."""
        ...


@dataclass(frozen=True)
class NoFacts:
    """The facts of a round in a game that records nothing beyond bids and tricks."""

    elsewhere: ClassVar[str] = "extras_not_in_game"

    @property
    def empty(self) -> bool:
        """Always: there is nothing to record."""
        return True


def _nothing_written(_facts: Any) -> Json:
    return {}


def _nothing_read(_fields: Mapping[str, object]) -> NoFacts:
    return NoFacts()


def _no_trick_lost(_facts: Any) -> int:
    return 0


@dataclass(frozen=True)
class FactEntry:
    """A round fact the tricks step asks for, with the tricks: the round field it fills and its
    label (a message id); the table picks a seat, or nobody."""

    field: str
    label: str


@dataclass(frozen=True)
class RoundFacts(Generic[F]):
    """How a game's facts of a round are kept: none entered, read from and written to a round's
    fields (the game record's and the database's JSON are the same), and how many tricks of the
    hand they say went to nobody."""

    blank: F
    fields: tuple[str, ...] = ()
    """A round's fields that hold them, in the order they are written."""
    read: Callable[[Mapping[str, object]], F] = _nothing_read  # type: ignore[assignment]
    """The facts from a round's fields (each optional); a :class:`RecordError` for a bad one."""
    write: Callable[[F], Json] = _nothing_written
    """The facts as a round's fields, each only where it happened."""
    tricks_lost: Callable[[F], int] = _no_trick_lost
    """Tricks of the hand that went to nobody (the Bomb's, the Kraken's)."""
    entry: tuple[FactEntry, ...] = ()
    """What the tricks step asks for, a seat each (with the page part ``"seats"``)."""
    page: str = "seats"
    """The page part that enters them on the tricks step and the correction page, by its name
    in the web layer's registry: ``"seats"`` asks for a seat for each of :attr:`entry`; a game
    whose facts need more (Wizard's Bomb and Cloud, Skull King's bonuses) names its own."""


NO_FACTS: RoundFacts[NoFacts] = RoundFacts(NoFacts())
"""The facts of a game that records nothing beyond bids and tricks."""


def same_bids(played: Played) -> tuple[int | None, ...]:
    """The bids a round is scored against: as made."""
    return played.bids


def bids_and_tricks(played: Played, _facts: Any) -> Played:
    """A completed round of a game that records nothing beyond bids and tricks."""
    return played


def no_marks(_facts: object, _seat: int) -> tuple[tuple[str, str], ...]:
    """A game whose facts mark no seat's cell (the default of ``Declaration.seat_marks``)."""
    return ()


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
    words: GameWords = GameWords({})
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
    (Wizard's variants: :class:`scorekeeper.core.stats.Filters`)."""
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
        return _BIDDING.get(rules.restriction, Bidding.IN_TURN)

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


def setting_value(setting: Setting, plain: object) -> Plain:
    """A setting's value from what was posted, refused unless it is one of its choices."""
    # ``True == 1`` in Python: a flag takes only a bool, a number setting never a bool.
    same_kind = isinstance(plain, bool) is isinstance(setting.default, bool)
    if not (same_kind and isinstance(plain, str | bool | int) and plain in setting.choices):
        raise RuleError(
            "setting_not_option",
            setting=setting.key,
            name=setting.key,
            options=", ".join(str(choice) for choice in setting.choices),
            given=str(plain),
        )
    return plain


def by_key(settings: Sequence[Setting], values: Mapping[str, object]) -> dict[str, Plain]:
    """Posted values by key, each checked against its setting; an unknown key is refused."""
    known = {setting.key: setting for setting in settings}
    checked: dict[str, Plain] = {}
    for key, value in values.items():
        if key not in known:
            raise RuleError("setting_unknown", name=key, known=", ".join(known))
        checked[key] = setting_value(known[key], value)
    return checked


def settings_from_plain(
    make: Callable[..., S],
    settings: Sequence[Setting],
    kinds: Mapping[str, type[StrEnum]],
    values: Mapping[str, object],
) -> S:
    """A game's settings (``make``: its dataclass) from posted or stored values, each checked
    against its choices; ``kinds`` names the enum of each choice that is one."""
    checked: dict[str, Any] = by_key(settings, values)
    for key, kind in kinds.items():
        if key in checked:
            checked[key] = kind(checked[key])
    return make(**checked)


def settings_to_plain(chosen: Any) -> dict[str, Plain]:
    """A game's settings (a dataclass) by key as stored, each choice by its plain value."""
    return {
        key: value.value if isinstance(value, StrEnum) else value
        for key, value in asdict(chosen).items()
    }


PlainChoice = dict[str, Plain]
"""Values by key (``players`` and settings' keys) that together make a refused combination."""


def refused_tables(
    declared: Declaration[Any, Any],
) -> tuple[tuple[Refusal[Any], tuple[PlainChoice, ...]], ...]:
    """Each refusal of a game spelt out as the choices that make it: the values (``players`` and
    settings' keys) it depends on, one mapping per refused combination, in order. Each refusal
    is tried on every table of what it reads (:attr:`Refusal.reads`) and its own setting, the
    other settings at their defaults, so a page can grey out a choice before it is sent without
    a second copy of the rules; the rules still judge."""
    return tuple((refusal, _spelt(declared, refusal)) for refusal in declared.refusals)


def _spelt(declared: Declaration[Any, Any], refusal: Refusal[Any]) -> tuple[PlainChoice, ...]:
    domains: dict[str, tuple[Plain, ...]] = {}
    if PLAYERS in refusal.reads:
        domains[PLAYERS] = tuple(range(declared.min_players, declared.max_players + 1))
    for setting in declared.settings:
        if setting.key in refusal.reads or setting.key == refusal.setting:
            domains[setting.key] = setting.choices
    results: dict[tuple[Plain, ...], bool] = {}
    for values in product(*domains.values()):
        table = dict(zip(domains, values, strict=True))
        players = int(table.pop(PLAYERS, declared.min_players))
        results[values] = refusal.applies(players, declared.from_plain(table))
    return spell_out(domains, results)


def spell_out(
    domains: Mapping[str, tuple[Plain, ...]], results: Mapping[tuple[Plain, ...], bool]
) -> tuple[PlainChoice, ...]:
    """The combinations a rule refuses, from its outcome on every table of ``domains`` (the
    values of each key, tables keyed by their values in the order of the keys): each names
    only the values that change the outcome somewhere, in the order of their values."""
    keys = list(domains)
    relevant = [(index, key) for index, key in enumerate(keys) if _changes(results, index)]
    combos = {
        tuple(values[index] for index, _key in relevant)
        for values, refused_here in results.items()
        if refused_here
    }
    return tuple(
        {key: value for (_index, key), value in zip(relevant, combo, strict=True)}
        for combo in sorted(combos)
    )


def _changes(results: Mapping[tuple[Plain, ...], bool], index: int) -> bool:
    """Whether the value at ``index`` changes the outcome of some table: two tables alike but
    for it have different outcomes (one pass over the tables, grouped by the other values)."""
    outcomes: dict[tuple[Plain, ...], bool] = {}
    for values, outcome in results.items():
        others = values[:index] + values[index + 1 :]
        if outcomes.setdefault(others, outcome) != outcome:
            return True
    return False
