"""Corrected rounds: a round corrected after it was entered keeps its figures from before, so
that the phone's sheet, the table display, the PDF and the CSV mark it as they mark an
adjustment, with what it was in the key (issue 47). Pure Python, part of the game's facts: a
restore, an export and every output agree because the original is stored with the round.

Decisions:

- A round's figures are what a correction can change: its trump, bids, tricks and the game's own
  facts (Wizard's Bomb and Cloud, Skull King's bonuses). Adjustments are not among them: they are
  marked on their own, and adding or taking back one corrects nothing.
- The original is the round's figures before its *first* correction. Correcting a corrected round
  keeps that original; correcting it back to exactly those figures clears the mark.
- Undo: a round that undo reopens keeps its original while it is open, as it keeps its
  adjustments; closed again, it is marked against that same original unless its figures are
  those again. A round never corrected that undo reopens and the table enters again differently
  is no correction: undo is how a table puts right the round it has just entered. A reopened
  round whose trump and bids are all taken back loses the mark with its adjustments: it is
  entered anew.
- The original's scores are worked out by the game's own scoring, with the round's adjustments
  as they are now (:func:`scorekeeper.core.game_record.original_round`), so that what the round
  scored before and what it scores now differ by the correction alone. They are never stored.
- A record that carries an original (an export read back, the API) has it checked as a round of
  its place in the game, all but the rules judged by the totals before it (the Canadian rule):
  earlier rounds may have been corrected since it was entered. An original that is the round's
  figures now is refused: such a round is not corrected.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.core.family.declared_parts import Facts
from scorekeeper.core.rules import Trump


@dataclass(frozen=True)
class RoundFigures:
    """What a correction can change of a completed round: the trump, by seat each bid (``None``
    for a saboteur) and the tricks, and the game's own facts (``None`` where nothing happened)."""

    trump: Trump
    bids: tuple[int | None, ...]
    tricks: tuple[int, ...]
    facts: Facts | None = None


def still_corrected(original: RoundFigures | None, now: RoundFigures) -> RoundFigures | None:
    """The original a round with the figures ``now`` keeps: ``original``, unless there is none
    or the round is back to it.

    >>> from scorekeeper.core.rules import Turned
    >>> first = RoundFigures(Trump(Turned.JESTER), (1, 0, 0), (1, 0, 0))
    >>> fixed = RoundFigures(Trump(Turned.JESTER), (1, 0, 0), (0, 1, 0))
    >>> still_corrected(first, fixed) == first
    True
    >>> still_corrected(first, first) is None
    True
    >>> still_corrected(None, fixed) is None
    True
    """
    return None if original is None or original == now else original
