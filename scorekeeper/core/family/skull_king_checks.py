"""What a Skull King round's result may hold: the refusals of bids, tricks, destroyed tricks,
bonuses, Harry the Giant, Rascal of Roatan and the Cannonball (docs/game-family.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial

from scorekeeper.core.family.skull_king import (
    BONUS,
    MOST_DESTROYED,
    WAGERS,
    Change,
    Claim,
    Kind,
    Scoring,
    SkullKingRound,
    SkullKingSettings,
)
from scorekeeper.core.refusals import Reason, RuleError


def check_bids(players: int, hand_size: int, bids: Sequence[int | None]) -> None:
    """Refuse bids that are not one per player from 0 to the hand (all made at once)."""
    if len(bids) != players:
        raise RuleError("bids_count", players=players)
    for bid in bids:
        if bid is None:
            raise RuleError("bids_all_in", hand=hand_size)
        if not 0 <= bid <= hand_size:
            raise RuleError("bid_out_of_range", hand=hand_size)


def check_tricks(players: int, hand_size: int, tricks: Sequence[int], destroyed: int) -> None:
    """Refuse tricks that do not add up to the hand less the destroyed ones.

    With two players the ghost of Greybeard takes the tricks nobody at the table took, so the
    players' tricks may add up to less.
    """
    if len(tricks) != players:
        raise RuleError("tricks_count", players=players)
    if any(not 0 <= taken <= hand_size for taken in tricks):
        raise RuleError("tricks_out_of_range", hand=hand_size)
    most = min(MOST_DESTROYED, hand_size)
    if not 0 <= destroyed <= most:
        raise RuleError("destroyed_out_of_range", most=most)
    taken = sum(tricks)
    if players == 2:
        if taken + destroyed > hand_size:
            raise RuleError("tricks_sum_ghost", taken=taken, destroyed=destroyed, num=hand_size)
    elif taken + destroyed != hand_size:
        if destroyed == 0:
            raise RuleError("tricks_sum", taken=taken, num=hand_size)
        raise RuleError("tricks_sum_destroyed", taken=taken, destroyed=destroyed, num=hand_size)


def check_claim(
    players: int, settings: SkullKingSettings, played: SkullKingRound, claim: Claim
) -> None:
    """Refuse a bonus nobody can have captured this round."""
    if claim.kind not in BONUS:
        raise RuleError("bonus_unknown", kind=claim.kind, known=", ".join(BONUS))
    seats = (claim.seat,) if claim.ally is None else (claim.seat, claim.ally)
    if any(not 0 <= seat < players for seat in seats):
        raise RuleError("no_such_seat")
    if claim.kind == Kind.LOOT:
        if not settings.advanced_cards:
            raise RuleError("needs_advanced_cards", setting="advanced_cards")
        if claim.ally is None:
            raise RuleError("loot_needs_ally")
        if claim.ally == claim.seat:
            raise RuleError("loot_ally_self")
    elif claim.ally is not None:
        raise RuleError("ally_only_for_loot")
    # Every bonus is a card captured in a trick won, the Loot card too.
    if played.tricks[claim.seat] == 0:
        raise RuleError("bonus_without_trick", seat=claim.seat + 1)


def check_counts(players: int, bonuses: Sequence[Claim]) -> None:
    """Refuse more bonuses of a kind than the deck has cards for (the result step asks this at
    the tap, whatever the tricks)."""
    counts = Counter(claim.kind for claim in bonuses if claim.kind in BONUS)
    for kind, count in counts.items():
        if count > BONUS[kind].most:
            raise RuleError("bonus_too_many", kind=kind, most=BONUS[kind].most)
    # One Skull King: its Pirates are captured in one trick by one player, and a Mermaid
    # that captures it leaves it no Pirate to capture.
    by_king = {claim.seat for claim in bonuses if claim.kind == Kind.PIRATE_BY_SKULL_KING}
    if len(by_king) > 1 or (by_king and counts[Kind.SKULL_KING_BY_MERMAID]):
        raise RuleError("skull_king_once")
    if counts[Kind.PIRATE_BY_SKULL_KING] > players - 1:
        raise RuleError("bonus_too_many", kind=Kind.PIRATE_BY_SKULL_KING, most=players - 1)


def check_harry(hand_size: int, bids: Sequence[int | None], harry: Change) -> None:
    """Refuse Harry the Giant's change of a bid by other than one, or past 0 or the hand (the
    result step asks this at the tap, before the tricks are in)."""
    bid = (bids[harry.seat] or 0) + harry.by
    if harry.by not in (-1, 1) or not 0 <= bid <= hand_size:
        raise RuleError("harry_change", hand=hand_size, seat=harry.seat + 1)


def check_powers(players: int, settings: SkullKingSettings, played: SkullKingRound) -> None:
    """Refuse Harry the Giant's change or Rascal of Roatan's wager that cannot have happened."""
    for power in (played.harry, played.roatan):
        if power is None:
            continue
        if not settings.pirate_powers:
            raise RuleError("needs_pirate_powers", setting="pirate_powers")
        if not 0 <= power.seat < players:
            raise RuleError("no_such_seat")
    harry = played.harry
    if harry is not None:
        check_harry(played.hand_size, played.bids, harry)
        if played.tricks[harry.seat] == 0:
            raise RuleError("harry_without_trick", seat=harry.seat + 1)
    roatan = played.roatan
    if roatan is not None:
        if roatan.amount not in WAGERS:
            raise RuleError("roatan_wager")
        if played.tricks[roatan.seat] == 0:
            raise RuleError("roatan_without_trick", seat=roatan.seat + 1)


def check_cards(players: int, settings: SkullKingSettings, played: SkullKingRound) -> None:
    """Refuse a destroyed trick or a Cannonball the game's cards and scoring do not have."""
    if played.destroyed and not settings.advanced_cards:
        raise RuleError("needs_advanced_cards", setting="advanced_cards")
    if played.cannonball:
        if len(played.cannonball) != players:
            raise RuleError("cannonball_count")
        if any(played.cannonball) and settings.scoring is not Scoring.RASCAL:
            raise RuleError("cannonball_needs_rascal", setting="scoring")


def refusals(players: int, settings: SkullKingSettings, played: SkullKingRound) -> list[Reason]:
    """Every refusal of a Skull King round's result, each once: the tricks, each bonus, the
    powers. A table that entered two bonuses for players without a trick and tricks that do not
    add up hears of all three at once, not one per Confirm (issue 49's walk). Bids and tricks
    that are not one per player are refused at once (nothing else can be judged)."""
    check_bids(players, played.hand_size, played.bids)
    if len(played.tricks) != players:
        raise RuleError("tricks_count", players=players)
    found: list[Reason] = []
    checks: list[Callable[[], None]] = [
        lambda: check_tricks(players, played.hand_size, played.tricks, played.destroyed),
        lambda: check_cards(players, settings, played),
        *(partial(check_claim, players, settings, played, claim) for claim in played.bonuses),
        lambda: check_counts(players, played.bonuses),
        lambda: check_powers(players, settings, played),
    ]
    for check in checks:
        try:
            check()
        except RuleError as error:
            if error.reason not in found:
                found.append(error.reason)
    return found


def check_round(
    players: int, settings: SkullKingSettings, _totals: Sequence[int], played: SkullKingRound
) -> None:
    """Refuse a Skull King round's result that cannot have happened (earlier rounds play no
    part), with every refusal of it (:func:`refusals`)."""
    found = refusals(players, settings, played)
    if found:
        raise RuleError.all_of(found)
