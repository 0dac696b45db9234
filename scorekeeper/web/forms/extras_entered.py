"""Skull King's facts of a round as tapped on its result step (:class:`Entered`), read from a
posted step, from the page address that keeps them beside the tricks tapped (``k`` seat, kind,
ally; ``d`` tricks destroyed; ``h`` Harry the Giant's change; ``r`` Rascal of Roatan's wager;
``n`` the Cannonball: ``"4:1.0.2.1:k05:k251:d1"``), or from a round reopened; anything odd is
left out, never refused: the rules judge the round when it is confirmed, and the tap only what
it can judge alone (a card the deck has no more of). Its page part is :mod:`.extras`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from werkzeug.datastructures import MultiDict

from scorekeeper.core.family import skull_king_checks
from scorekeeper.core.family.skull_king import (
    BONUSES,
    MOST_DESTROYED,
    WAGERS,
    Change,
    Claim,
    Extras,
    Wager,
)
from scorekeeper.core.refusals import Reason, RuleError
from scorekeeper.web.forms.facts import seat_of

KINDS = tuple(str(bonus.kind) for bonus in BONUSES)
POWERS = ("harry_up", "harry_down", "roatan_0", "roatan_10", "roatan_20", "cannonball")
"""What else a tap on a name enters: Harry the Giant's change, Rascal of Roatan's wager, the
Cannonball (one row of names for everything: a page of eight names stays small)."""
CHOICES = KINDS + POWERS
MOST_CLAIMS = 20  # more bonuses than the cards allow in a round: the rules refuse the rest


@dataclass(frozen=True)
class Entered:
    """Skull King's facts of a round as tapped on the result step so far."""

    claims: tuple[Claim, ...] = ()
    destroyed: int = 0
    harry: Change | None = None
    roatan: Wager | None = None
    cannonball: frozenset[int] = field(default_factory=frozenset)
    kind: str = KINDS[0]
    """The kind of bonus chosen for the next tap on a name (kept, not a fact of the round)."""
    opened: bool = False
    """The table opened the bonuses (the page sends their buttons only then: a round with none
    keeps a small page)."""
    refused: str = ""
    """Why the last tap added nothing: a refusal (a Loot without its other player, or with the
    same one; a bonus the deck has no card left for), said at once rather than at Confirm (not
    kept in the address)."""
    trickless: int | None = None
    """The seat the last tap gave a bonus while its tricks as tapped were 0: kept (its tricks
    may come next), and said at once (issue 49's walk: it was said only at Confirm)."""
    replaced: str = ""
    """``"harry"`` or ``"roatan"``: the last tap gave that one card's power to another player
    than before (said at once, not kept)."""
    harry_before: Change | None = None
    """Harry's change before the last tap, given back when the tap's is refused."""

    def text(self) -> str:
        """The parts the page address adds after the tricks."""
        parts = [
            f"k{claim.seat}{KINDS.index(claim.kind)}{'' if claim.ally is None else claim.ally}"
            for claim in self.claims
        ]
        parts += [f"d{self.destroyed}"] if self.destroyed else []
        parts += [f"h{self.harry.seat}{'u' if self.harry.by > 0 else 'd'}"] if self.harry else []
        parts += [f"r{self.roatan.seat}{WAGERS.index(self.roatan.amount)}"] if self.roatan else []
        parts += [f"n{seat}" for seat in sorted(self.cannonball)]
        parts += [f"q{CHOICES.index(self.kind)}"] if self.kind != KINDS[0] else []
        parts += ["x"] if self.opened else []
        return "".join(f":{part}" for part in parts)

    def extras(self, players: int) -> Extras:
        """The facts as the rules take them (the Cannonball by seat, only where one was)."""
        cannonball = tuple(seat in self.cannonball for seat in range(players))
        return Extras(
            self.destroyed,
            self.claims,
            self.harry,
            self.roatan,
            cannonball if any(cannonball) else (),
        )

    @property
    def shown(self) -> bool:
        """Whether the page shows the bonuses' buttons: opened, or something entered (a trick
        nobody won too: folded, the Kraken entered was out of sight, issue 33's walk)."""
        return self.opened or self.count > 0 or self.destroyed > 0

    @property
    def count(self) -> int:
        """How many facts are listed to take off (the fold's heading says it); the tricks nobody
        won have their own count beside their buttons (issue 33's walk: a Kraken counted there
        made the heading say one more than the list)."""
        powers = (self.harry is not None) + (self.roatan is not None)
        return len(self.claims) + powers + len(self.cannonball)


NOTHING = Entered()


def harry_refusal(hand: int, bids: Sequence[int | None], entered: Entered) -> Reason | None:
    """Why Harry the Giant's change as tapped cannot be (past the bids' range), said at the
    tap; ``None`` when it can, or none was tapped."""
    if entered.harry is None:
        return None
    try:
        skull_king_checks.check_harry(hand, bids, entered.harry)
    except RuleError as error:
        return error.reason
    return None


def from_extras(extras: object) -> Entered:
    """Skull King's facts of a round reopened by undo or corrected, to tap on again; nothing
    from another game's facts."""
    if not isinstance(extras, Extras):
        return NOTHING
    chosen = frozenset(seat for seat, on in enumerate(extras.cannonball) if on)
    return Entered(extras.bonuses, extras.destroyed, extras.harry, extras.roatan, chosen)


def posted(form: MultiDict[str, str], players: int) -> Entered:
    """The facts of a posted result step: those kept (``claim``, ``harry``, ``roatan``,
    ``cannonball``, ``destroyed``), one added by a tap on a name (``bonus-add``: who, for the
    choice ``bonus-kind``, with ``loot-ally`` for Loot) or taken off (``bonus-remove``)."""
    kind = form.get("bonus-kind", "")
    kept = Entered(
        tuple(claim for text in form.getlist("claim") if (claim := _claim(text, players))),
        _number(form.get("destroyed", ""), MOST_DESTROYED),
        kind=kind if kind in CHOICES else KINDS[0],
        opened=form.get("bonus-open") != "0"
        and bool(form.get("bonus-open") or form.get("bonus-kind")),
    )
    for name, head in (("harry", "h"), ("roatan", "r")):
        kept = _read(head + form.get(name, ""), players, kept)
    kept = replace(kept, cannonball=frozenset(_seats(form.getlist("cannonball"), players)))
    step = {"+1": 1, "-1": -1}.get(form.get("destroyed-step", ""), 0)
    kept = replace(kept, destroyed=max(0, min(MOST_DESTROYED, kept.destroyed + step)))
    who = seat_of(form.get("bonus-add", ""), players)
    ally = seat_of(form.get("loot-ally", ""), players)
    if who is not None and kept.kind == "loot" and ally in (None, who):
        kept = replace(kept, refused="loot_needs_ally" if ally is None else "loot_ally_self")
    elif who is not None:
        kept = _judged(_add(kept, who, ally), kept, players, form.get(f"tricks-{who}"))
    return _remove(kept, form.get("bonus-remove", ""))


def _judged(added: Entered, before: Entered, players: int, tricks: str | None) -> Entered:
    """A bonus just added as the rules see it now: taken back where the deck has no card left
    for it (said at once); kept where its player's tricks as tapped are 0, and said."""
    if added.claims == before.claims:
        # A pirate power is its trick's winner's too: said at the tap as a bonus is (issue 49's
        # walk: a Rascal's wager for a player with no trick was refused only at Confirm).
        power = added.kind.startswith(("harry", "roatan"))
        return replace(added, trickless=_seat_of_power(added)) if power and tricks == "0" else added
    # Only what this tap does wrong: a list refused already is the Confirm's to say.
    refused = _count_refusal(players, added.claims)
    if refused is not None and _count_refusal(players, before.claims) is None:
        return replace(before, refused=refused)
    return replace(added, trickless=added.claims[-1].seat) if tricks == "0" else added


def _seat_of_power(entered: Entered) -> int | None:
    """Who the pirate power just chosen was given to."""
    given = entered.harry if entered.kind.startswith("harry") else entered.roatan
    return None if given is None else given.seat


def _count_refusal(players: int, claims: Sequence[Claim]) -> Reason | None:
    try:
        skull_king_checks.check_counts(players, claims)
    except RuleError as error:
        return error.reason
    return None


def _add(entered: Entered, seat: int, ally: int | None) -> Entered:
    """``entered`` with the chosen kind given to ``seat``."""
    kind = entered.kind
    if kind in KINDS:
        claim = Claim(seat, kind, ally if kind == "loot" else None)
        return replace(entered, claims=(*entered.claims, claim)[:MOST_CLAIMS])
    if kind.startswith("harry"):
        moved = entered.harry is not None and entered.harry.seat != seat
        change = Change(seat, 1 if kind == "harry_up" else -1)
        return replace(
            entered, harry=change, replaced="harry" if moved else "", harry_before=entered.harry
        )
    if kind.startswith("roatan"):
        moved = entered.roatan is not None and entered.roatan.seat != seat
        wager = Wager(seat, int(kind.partition("_")[2]))
        return replace(entered, roatan=wager, replaced="roatan" if moved else "")
    return replace(entered, cannonball=entered.cannonball | {seat})


def _remove(entered: Entered, token: str) -> Entered:
    """``entered`` without what ``token`` names: ``k2`` the third bonus, ``h`` Harry's change,
    ``r`` the wager, ``n3`` seat 3's Cannonball."""
    head, rest = token[:1], token[1:]
    if head == "k" and rest.isascii() and rest.isdigit() and int(rest) < len(entered.claims):
        claims = entered.claims[: int(rest)] + entered.claims[int(rest) + 1 :]
        return replace(entered, claims=claims)
    if token == "h":
        return replace(entered, harry=None)
    if token == "r":
        return replace(entered, roatan=None)
    if head == "n" and rest.isascii() and rest.isdigit():
        return replace(entered, cannonball=entered.cannonball - {int(rest)})
    return entered


def power_text(entered: Entered) -> dict[str, str]:
    """Harry's change and the wager as the form keeps them (hidden fields), "" when none."""
    harry = entered.harry
    roatan = entered.roatan
    return {
        "harry": "" if harry is None else f"{harry.seat}{'u' if harry.by > 0 else 'd'}",
        "roatan": "" if roatan is None else f"{roatan.seat}{WAGERS.index(roatan.amount)}",
    }


def from_draft(text: str, players: int) -> Entered:
    """The facts kept in a draft (:meth:`Entered.text` after the tricks)."""
    entered = NOTHING
    for part in text.split(":")[2:]:
        entered = _read(part, players, entered)
    return entered


def _read(part: str, players: int, entered: Entered) -> Entered:
    head, rest = part[:1], part[1:]
    if head == "k" and (claim := _claim(".".join(rest), players)) is not None:
        return replace(entered, claims=(*entered.claims, claim)[:MOST_CLAIMS])
    if head == "q" and rest.isascii() and rest.isdigit() and int(rest) < len(CHOICES):
        return replace(entered, kind=CHOICES[int(rest)])
    if part == "x":
        return replace(entered, opened=True)
    if head == "d":
        return replace(entered, destroyed=_number(rest, MOST_DESTROYED))
    seat = seat_of(rest[:1], players)
    if seat is None:
        return entered
    if head == "h" and rest[1:] in ("u", "d"):
        return replace(entered, harry=Change(seat, 1 if rest[1:] == "u" else -1))
    if head == "r" and rest[1:] in ("0", "1", "2"):
        return replace(entered, roatan=Wager(seat, WAGERS[int(rest[1:])]))
    if head == "n" and len(rest) == 1:
        return replace(entered, cannonball=entered.cannonball | {seat})
    return entered


def _claim(text: str, players: int) -> Claim | None:
    """A kept bonus, ``"seat.kind[.ally]"`` (the kind by its place in the draft)."""
    parts = text.split(".")
    if not 2 <= len(parts) <= 3:
        return None
    seat = seat_of(parts[0], players)
    kind = parts[1]
    if kind.isascii() and kind.isdigit() and int(kind) < len(KINDS):
        kind = KINDS[int(kind)]
    ally = seat_of(parts[2], players) if len(parts) == 3 else None
    if seat is None or kind not in KINDS or (len(parts) == 3 and ally is None):
        return None
    return Claim(seat, kind, ally)


def claim_text(claim: Claim) -> str:
    """A bonus as the form keeps it (``claim``): ``"seat.kind[.ally]"``."""
    ally = "" if claim.ally is None else f".{claim.ally}"
    return f"{claim.seat}.{KINDS.index(claim.kind)}{ally}"


def _seats(texts: list[str], players: int) -> list[int]:
    return [seat for text in texts if (seat := seat_of(text, players)) is not None]


def _number(text: str, most: int) -> int:
    if text.isascii() and text.isdigit() and len(text) == 1:
        return min(int(text), most)
    return 0


def changed(form: Mapping[str, str]) -> bool:
    """Whether a tap added or took off a bonus: the page comes back with it, nothing stored."""
    taps = ("bonus-open", "bonus-add", "bonus-remove", "destroyed-step")
    return any(form.get(name) for name in taps)


def advanced_cards(chosen: object) -> bool:
    """The settings bring the Loot and the tricks that nobody won (the Kraken, the White
    Whale)."""
    return bool(getattr(chosen, "advanced_cards", False))
