"""Helpers for the printed-sheet tests: legal games, stored games, and PDFs read back."""

from __future__ import annotations

import html
import io
import re
import subprocess
from dataclasses import dataclass, replace
from functools import lru_cache
from random import Random

from flask import Flask
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from scorekeeper import storage
from scorekeeper.core import bidding, game, rules, scoring
from scorekeeper.core.game import GameRecord, RoundRecord
from scorekeeper.core.rules import Suit, Trump, Turned, Variants
from scorekeeper.core.sheet import RoundRow, Sheet
from scorekeeper.storage import StoredGame

MINUS = "\u2212"
TRUMPS = (
    Trump(Turned.SUIT, Suit.HEARTS),
    Trump(Turned.JESTER),
    Trump(Turned.WIZARD, Suit.SPADES),
    Trump(Turned.SUIT, Suit.CLUBS),
)


def play(
    players: tuple[str, ...], variants: Variants | None = None, rounds: int = 99, seed: int = 1
) -> GameRecord:
    """A game with ``rounds`` legal rounds (at most the schedule); many bids are met."""
    rng = Random(seed)
    variants = variants or Variants()
    record = game.new_game(players, 0, variants)
    for _ in range(min(rounds, len(record.schedule))):
        setup = game.current_setup(record)
        fixed = rules.fixed_trump(setup.number, setup.hand_size, setup.players, variants.length)
        bids: list[int | None] = list(setup.given_bids)
        for seat in setup.bidders:
            bids[seat] = rng.choice(bidding.legal_bids(setup, bids, seat))
        tricks, left = [0] * setup.players, setup.hand_size
        for seat in rng.sample(range(setup.players), setup.players):
            tricks[seat] = min(bids[seat] or 0, left) if rng.random() < 0.7 else 0
            left -= tricks[seat]
        tricks[rng.randrange(setup.players)] += left
        played = RoundRecord(fixed or rng.choice(TRUMPS), tuple(bids), tuple(tricks))
        record = game.add_round(record, played)
    return record


def store(app: Flask, record: GameRecord) -> StoredGame:
    """Save ``record`` as a new game in the app's database."""
    with app.app_context():
        return storage.create_game(storage.get_db(), record)


def text(pdf: bytes) -> str:
    """The PDF's text in drawing order (``pdftotext -raw``), white space runs as one space."""
    out = subprocess.run(
        ["pdftotext", "-raw", "-enc", "UTF-8", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout.decode()
    # A mark and its score are one word, however far apart pdftotext thinks they are.
    return re.sub(r"([✓✗]) ", r"\1", re.sub(r"\s+", " ", out))


def pages(pdf: bytes) -> list[tuple[int, int]]:
    """Width and height of every page in points, rounded."""
    reader = PdfReader(io.BytesIO(pdf))
    return [(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages]


def fonts(pdf: bytes) -> set[str]:
    """The base names of the fonts the PDF uses, without the subset prefix."""
    reader = PdfReader(io.BytesIO(pdf))
    names = set()
    for page in reader.pages:
        for font in _dictionary(_dictionary(page["/Resources"])["/Font"]).values():
            names.add(str(_dictionary(font)["/BaseFont"]).split("+", 1)[-1])
    return names


def _dictionary(value: object) -> DictionaryObject:
    """A PDF dictionary, followed through an indirect reference if it is one."""
    found = value.get_object() if hasattr(value, "get_object") else value
    assert isinstance(found, DictionaryObject), found
    return found


def number(value: int) -> str:
    """How the sheet prints a total in English: a real minus sign, thousands grouped."""
    return f"{MINUS}{-value:,}" if value < 0 else f"{value:,}"


def cells(row: RoundRow) -> str:
    """The players' cells of a printed round: bid, tricks, ✓/✗ and score, total, per seat."""
    parts = []
    for bid, tricks, score, total, met in zip(
        row.bids, row.tricks, row.scores, row.totals, row.met, strict=True
    ):
        signed = f"+{number(score)}" if score > 0 else number(score)
        mark = "✓" if met else "✗"
        parts.append(f"{'—' if bid is None else bid} {tricks} {mark}{signed} {number(total)}")
    return " ".join(parts)


def stretched(sheet: Sheet, players: tuple[str, ...], rounds: int) -> Sheet:
    """A finished sheet wider and longer than the rules allow, to stress the layout only.

    Rounds repeat the rounds of ``sheet`` (columns cycle through its seats); scores and totals
    are worked out again by the rules.
    """
    totals = [0] * len(players)
    rows = []
    for number_ in range(1, rounds + 1):
        base = sheet.rounds[(number_ - 1) % len(sheet.rounds)]
        seats = [seat % len(sheet.players) for seat in range(len(players))]
        bids = tuple(base.bids[seat] for seat in seats)
        tricks = tuple(base.tricks[seat] for seat in seats)
        scores = tuple(scoring.round_score(b, t) for b, t in zip(bids, tricks, strict=True))
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        rows.append(
            replace(
                base,
                number=number_,
                dealer=(number_ - 1) % len(players),
                bids=bids,
                tricks=tricks,
                scores=scores,
                totals=tuple(totals),
                met=tuple(scoring.bid_met(b, t) for b, t in zip(bids, tricks, strict=True)),
            )
        )
    return replace(
        sheet,
        players=players,
        rounds=tuple(rows),
        schedule=tuple(row.hand_size for row in rows),
        totals=tuple(totals),
        ranks=scoring.ranks(totals),
        leaders=scoring.leaders(totals),
        finished=True,
        current=None,
    )


# --- where things are drawn: word boxes and column borders ----------------------------------


@dataclass(frozen=True)
class Word:
    """A word as pdftotext reads it from a page: its text and box in points (y downwards),
    and the line pdftotext put it on."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float
    line: int


@lru_cache(maxsize=16)
def words(pdf: bytes, page: int = 1) -> tuple[Word, ...]:
    """Every word of one page with its box (``pdftotext -bbox-layout``); read once per PDF
    and page, as several checks read the same page."""
    out = subprocess.run(
        ["pdftotext", "-bbox-layout", "-f", str(page), "-l", str(page), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout.decode()
    found = []
    for number, line in enumerate(re.findall(r"<line [^>]*>(.*?)</line>", out, re.S)):
        for box, text in re.findall(r"<word ([^>]*)>(.*?)</word>", line):
            values = dict(re.findall(r'(\w+)="([\d.]+)"', box))
            x0, y0, x1, y1 = (float(values[key]) for key in ("xMin", "yMin", "xMax", "yMax"))
            found.append(Word(html.unescape(text), x0, y0, x1, y1, line=number))
    return tuple(found)


DPI = 200


@dataclass(frozen=True)
class Raster:
    """A page drawn in grey levels (``pdftoppm -gray``), to find the table's borders."""

    width: int
    height: int
    pixels: bytes

    def vertical_rules(self, top: float, bottom: float, dark: int = 180) -> list[float]:
        """The x (in points) of every vertical line drawn across the whole band between ``top``
        and ``bottom`` (points): the borders of the cells that band crosses. A letter's stroke
        never spans a whole line's height, descender and ascender both."""
        scale = DPI / 72
        rows = range(int(top * scale) + 1, min(self.height, int(bottom * scale)))
        # Each row as one integer of a byte per pixel, 1 where dark: the pixels dark in every
        # row are the bytes left at 1 once the rows are ANDed together.
        dark_bytes = _DARK_BYTES.setdefault(dark, bytes(level < dark for level in range(256)))
        across_all: int | None = None
        for row in rows:
            line = self.pixels[row * self.width : (row + 1) * self.width].translate(dark_bytes)
            here = int.from_bytes(line, "big")
            across_all = here if across_all is None else across_all & here
        marks = b"" if across_all is None else across_all.to_bytes(self.width, "big")
        across = [found.start() for found in re.finditer(b"\x01", marks)]
        rules: list[list[int]] = []
        for x in across:
            if rules and x - rules[-1][-1] <= 1:
                rules[-1].append(x)
            else:
                rules.append([x])
        return [(sum(rule) / len(rule) + 0.5) / scale for rule in rules]


_DARK_BYTES: dict[int, bytes] = {}


@lru_cache(maxsize=4)
def raster(pdf: bytes, page: int = 1) -> Raster:
    """One page of the PDF drawn at :data:`DPI` in grey levels."""
    out = subprocess.run(
        # Without anti-aliasing: a thin border is whole pixels of its own grey, never paler.
        [
            *("pdftoppm", "-gray", "-aa", "no", "-aaVector", "no", "-r", str(DPI)),
            *("-f", str(page), "-l", str(page), "-"),
        ],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout
    found = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", out)
    assert found, out[:40]
    width, height = int(found.group(1)), int(found.group(2))
    return Raster(width, height, out[found.end() : found.end() + width * height])


# Eight names as long as a name may be (32 characters), Greek and Latin mixed: several words,
# hyphens, and one word that cannot break anywhere a dictionary knows.
LONG_NAMES = (
    "Κωνσταντίνος Παπαδόπουλος-Smithe",
    "Αλεξανδρόπουλος Κωνσταντινίδη Jo",
    "Wolfeschlegelsteinhausenbergerdo",
    "María Fernanda Rodríguez Garcías",
    "Παναγιώτα Χριστοδουλοπούλου-Leen",
    "Jean-Baptiste Alexandre Laurents",
    "Χαράλαμπος Ευαγγελόπουλος Nikosa",
    "Katarina Vuković-Marić Horvatová",
)
