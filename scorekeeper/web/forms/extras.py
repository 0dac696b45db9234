"""Skull King's own page part (:data:`PART`, which its declaration names): its bonuses, the
tricks nobody won, the pirates' powers and the Cannonball on the result step and the correction
page, what a tap could not do said beside them, the rules' refusals about them said there too.
What was tapped, and how the page address keeps it, is :mod:`.extras_entered`. No other module
of the web names the game's facts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from flask import flash, request
from flask_babel import gettext as _
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper.core import game
from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.game import GameRecord
from scorekeeper.core.refusals import Reason, RuleError
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.render import game_words, labels
from scorekeeper.web.forms.extras_entered import (
    Entered,
    advanced_cards,
    changed,
    claim_text,
    from_draft,
    from_extras,
    harry_refusal,
    posted,
    power_text,
)
from scorekeeper.web.forms.facts import Part, tricks_over_said

BESIDE_CODES = frozenset(
    {
        "bonus_without_trick",
        "bonus_too_many",
        "skull_king_once",
        "loot_needs_ally",
        "loot_ally_self",
        "harry_change",
        "harry_without_trick",
        "roatan_without_trick",
    }
)
"""The rules' refusals of a round about an entry of the bonuses' list: said beside it."""
BESIDE_ERROR = "error beside"
"""What a tap on the bonuses could not do is said beside them, not on top of the page
(templates/base.html): answered in place, the page stays where the tap was."""


class Bonuses(Part[Entered]):
    """Skull King's facts part: the bonuses, the tricks nobody won, the pirate powers and the
    Cannonball, folded under the steppers, and on the correction page."""

    after = "round/extras.html"
    correction = "round/extras.html"
    result = "round/extras_said.html"
    styles = "extras.css"

    def offered(self, built: Sheet) -> Mapping[str, object]:
        """The bonuses (Loot with the advanced cards only), the tricks nobody won, the pirate
        powers and the Cannonball, as the game's settings allow."""
        declared, chosen = built.declaration, built.settings
        advanced = advanced_cards(chosen)
        return {
            "bonus_kinds": tuple(
                str(bonus.kind) for bonus in declared.bonuses if advanced or not bonus.shared
            ),
            "bonus_points": {str(bonus.kind): bonus.points for bonus in declared.bonuses},
            "with_destroyed": advanced,
            "with_powers": bool(getattr(chosen, "pirate_powers", False)),
            "with_cannonball": getattr(chosen, "scoring", None) == "rascal",
            "claim_text": claim_text,
            "power_text": power_text,
            "listed": listed,
        }

    def started(self, built: Sheet, draft: str | None) -> Entered:
        """As tapped, else as the round undo reopened had them."""
        now = built.current
        assert now is not None
        if draft is not None:
            return from_draft(draft, len(now.order))
        return from_extras(now.reopened_facts)

    def posted(self, record: GameRecord, form: MultiDict[str, str]) -> Entered:
        """The facts posted, with the tap they were sent by."""
        return posted(form, len(record.players))

    def tapped(self, form: MultiDict[str, str]) -> bool:
        """A bonus added or taken off, the fold opened, a destroyed trick stepped."""
        return changed(form)

    def said(self, record: GameRecord, tapped: Entered, number: int | None) -> Entered:
        """A Loot without its other player; at the table also Harry the Giant's change past the
        bids' range (left out), and Harry's change or a Rascal's wager that took the place of
        another player's (one card each)."""
        if tapped.refused:
            reason = tapped.refused
            said = labels.refusal(reason if isinstance(reason, Reason) else Reason(reason))
            # The Loot's refusals ask for its other player: the page brings that field up.
            loot = reason in ("loot_needs_ally", "loot_ally_self")
            flash(said, "error fix beside" if loot else BESIDE_ERROR)
        if tapped.trickless is not None:
            name = record.players[tapped.trickless]
            power = tapped.kind.startswith(("harry", "roatan"))
            flash(power_trickless_said(name) if power else trickless_said(name), "info beside")
        _say_listed(record.players, tapped)
        if number is None:
            return tapped
        return _said_at_the_table(record, number, tapped)

    def note(self, tapped: Entered, target: int) -> Markup:
        """What the Kraken or the White Whale did: the tricks that went to nobody (issue 33's
        walk: "all 2 tricks given out" in a round of 3 cards left the third unexplained). Not
        what is left to give out: the bar under it counts that down, and "4 tricks to give out"
        above "All 4 tricks are given out" said both (issue 49's walk), as the Bomb's note did."""
        if not tapped.destroyed:
            return Markup("")
        # As a template's ngettext gives it: the translation is markup, the number put in; the
        # sheet's words for the same tricks (render/game_facts.py).
        said = labels.catalogue().ungettext(
            "%(num)s trick went to nobody (Kraken, White Whale)",
            "%(num)s tricks went to nobody (Kraken, White Whale)",
            tapped.destroyed,
        )
        return Markup(said) % {"num": tapped.destroyed}

    def text(self, record: GameRecord, tapped: Entered) -> str:
        """The facts after the tricks (:meth:`Entered.text`)."""
        return tapped.text()

    def when_short(self, record: GameRecord, tapped: Entered) -> Entered:
        """Tricks short of the hand where the Kraken or the White Whale may have taken one: the
        bonuses open, where "Tricks nobody won" is (the refusal's sentence, a stable API
        message, cannot say it)."""
        if tapped.destroyed or not advanced_cards(record.settings):
            return tapped
        return replace(tapped, opened=True)

    def facts(self, record: GameRecord, tapped: Entered, bids: Sequence[int | None]) -> Facts:
        """The facts as the rules take them."""
        return tapped.extras(len(record.players))

    def beside(self, code: str, said: str) -> bool:
        """A bonus or a power that cannot be, said beside the list of them, where it is taken
        off (issue 49's walk: on top, the entry to take off was a long scroll below)."""
        if code not in BESIDE_CODES:
            return False
        flash(said, BESIDE_ERROR)
        return True

    def explained(self, record: GameRecord, tapped: Entered, reason: Reason, said: str) -> str:
        """With the Kraken and the White Whale in the game, the tricks' sum is said with them (a
        trick may go to nobody), and a short one points at where that is entered (issue 33)."""
        if reason.code == "tricks_sum_destroyed":
            # The sum said, and what to change (issue 49's third walk: "3 with 1 destroyed, but
            # 3 were played" read as no mismatch at all).
            taken, destroyed = reason.params["taken"], reason.params["destroyed"]
            return labels.ngettext(
                "%(taken)s given out and %(destroyed)s to nobody make %(sum)s, but the round had "
                "%(num)s trick: change the tricks given out or those that went to nobody.",
                "%(taken)s given out and %(destroyed)s to nobody make %(sum)s, but the round had "
                "%(num)s tricks: change the tricks given out or those that went to nobody.",
                reason.params["num"],
                taken=taken,
                destroyed=destroyed,
                sum=taken + destroyed,
            )
        if reason.code == "bonus_without_trick":
            # What to do, as the tap said it (issue 49's walk: the rules' sentence alone did not).
            return trickless_said(record.players[int(reason.params["seat"]) - 1])
        if reason.code != "tricks_sum" or not advanced_cards(record.settings):
            return said
        over = tricks_over_said(reason)
        if over is not None:
            return over
        said = labels.ngettext(
            "Tricks add up to %(taken)s, but %(num)s was played this round: only a trick the "
            "Kraken or the White Whale took goes to nobody.",
            "Tricks add up to %(taken)s, but %(num)s were played this round: only a trick the "
            "Kraken or the White Whale took goes to nobody.",
            reason.params["num"],
            taken=reason.params["taken"],
        )
        hint = _(
            "If the Kraken or the White Whale took a trick, enter it under "
            "\u201cTricks nobody won\u201d in the bonuses."
        )
        return f"{said} {hint}"

    def lost(self, tapped: Entered) -> int:
        """The tricks nobody won."""
        return tapped.destroyed

    def changed_bid(self, tapped: Entered, seat: int, bid: int) -> int | None:
        """The bid Harry the Giant changed, one up or down (never below 0)."""
        if tapped.harry is None or tapped.harry.seat != seat:
            return None
        return max(0, bid + tapped.harry.by)

    def corrected(
        self, record: GameRecord, row: RoundRow, form: MultiDict[str, str] | None
    ) -> Entered:
        """The round's facts, or as posted."""
        if form is not None:
            return self.posted(record, form)
        return from_extras(row.facts)


def _said_at_the_table(record: GameRecord, number: int, tapped: Entered) -> Entered:
    players = record.players
    try:
        hand: int | None = game.hand_size(record, number)
    except RuleError:
        hand = None  # past the game's last round: the move is refused as a finished game's
    refused = None
    if hand is not None:
        refused = harry_refusal(hand, game.current_round(record).bids, tapped)
    if refused is not None:
        flash(labels.refusal(refused, players), BESIDE_ERROR)
        tapped = replace(tapped, harry=tapped.harry_before, replaced="")
    replaced = {"harry": tapped.harry, "roatan": tapped.roatan}.get(tapped.replaced)
    if replaced is not None:
        name = players[replaced.seat]
        said = {
            "harry": _(
                "Harry the Giant is one card: %(name)s's change replaces the one entered before.",
                name=name,
            ),
            "roatan": _(
                "There is one Rascal of Roatan: %(name)s's wager replaces the one entered before.",
                name=name,
            ),
        }
        flash(said[tapped.replaced], "info beside")
    return tapped


def listed(entered: Entered, players: Sequence[str]) -> list[tuple[str, str]]:
    """The bonuses and powers entered as their list shows them: each one's token (to take it
    off) and words ("Ana: Skull King captured by a Mermaid")."""
    found = []
    for at, claim in enumerate(entered.claims):
        what = (
            f"{game_words.bonus_short(claim.kind)} + {players[claim.ally]}"
            if claim.ally is not None
            else game_words.bonus_label(claim.kind)
        )
        found.append((f"k{at}", f"{players[claim.seat]}: {what}"))
    if entered.harry:
        change = labels.signed(entered.harry.by)
        what = _("Harry the Giant: bid %(change)s", change=change)
        found.append(("h", f"{players[entered.harry.seat]}: {what}"))
    if entered.roatan:
        what = _("Rascal of Roatan: wager %(amount)s", amount=entered.roatan.amount)
        found.append(("r", f"{players[entered.roatan.seat]}: {what}"))
    found.extend(
        (f"n{seat}", f"{players[seat]}: {_('Cannonball')}") for seat in sorted(entered.cannonball)
    )
    return found


def _say_listed(players: Sequence[str], tapped: Entered) -> None:
    """What a tap added to the list or took off it, read out in the list's words (issue 49's
    walk: a screen reader heard only the count)."""
    taps = ("bonus-add", "bonus-remove")
    if not any(name in request.form for name in taps):
        return
    untapped = MultiDict([(k, v) for k, v in request.form.items(multi=True) if k not in taps])
    gone = [text for _token, text in listed(posted(untapped, len(players)), players)]
    now = [text for _token, text in listed(tapped, players)]
    added = []
    for text in now:
        if text in gone:
            gone.remove(text)
        else:
            added.append(text)
    for text in added:
        # The same again (a second 14 for one player) is said as such, not as the first was.
        count = now.count(text)
        again = _("Added again: %(what)s (%(num)s in the list).", what=text, num=count)
        flash(_("Added: %(what)s.", what=text) if count == 1 else again, "said")
    for text in gone:
        flash(_("Taken off: %(what)s.", what=text), "said")


def trickless_said(name: str) -> str:
    """A bonus for a player with no trick as entered, and what to do about it."""
    return str(
        _(
            "%(name)s has no trick as entered, and a bonus comes with a trick won: give "
            "%(name)s the trick, or take the bonus off.",
            name=name,
        )
    )


def power_trickless_said(name: str) -> str:
    """A pirate power for a player with no trick as entered, and what to do about it."""
    return str(
        _(
            "%(name)s has no trick as entered, and a pirate power counts for whoever wins its "
            "trick: give %(name)s the trick, or take the power off.",
            name=name,
        )
    )


PART = Bonuses()
