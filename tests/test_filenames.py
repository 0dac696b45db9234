"""Download file names shared by the exports: wizard-<day>-<players>.<ext>."""

from __future__ import annotations

import pytest

from scorekeeper import filenames
from scorekeeper.db import StoredGame
from scorekeeper.game import GameRecord


def _stored(*players: str) -> StoredGame:
    return StoredGame("id", GameRecord(players), 1, "token", "2026-11-29T20:09:00+00:00", "")


@pytest.mark.parametrize(
    ("players", "name"),
    [
        (("Tom", "Dick", "Mary"), "wizard-2026-11-29-tom-dick-mary.pdf"),
        (("Anna Maria", "O'Brien", "<b>x</b>"), "wizard-2026-11-29-anna-maria-o-brien-b-x-b.pdf"),
        (("Γιώργος", "Мария", "José"), "wizard-2026-11-29-γιώργος-мария-josé.pdf"),
        (("!!!", "...", "Tom"), "wizard-2026-11-29-tom.pdf"),
    ],
)
def test_download_name(players: tuple[str, ...], name: str) -> None:
    assert filenames.download_name(_stored(*players), "pdf") == name


def test_many_long_names_are_cut_at_a_name() -> None:
    name = filenames.download_name(_stored(*(f"Player{seat}" * 3 for seat in range(8))), "csv")
    assert name.endswith("-player0player0player0-player1player1player1.csv")
    assert len(name) <= len("wizard-2026-11-29-.csv") + filenames.MAX_NAMES_LENGTH


def test_content_disposition_is_ascii_with_a_utf8_name_when_needed() -> None:
    assert filenames.content_disposition("wizard-2026-11-29-tom.pdf") == (
        'attachment; filename="wizard-2026-11-29-tom.pdf"'
    )
    assert filenames.content_disposition("wizard-josé-γιώργος.pdf", inline=True) == (
        'inline; filename="wizard-jose.pdf"; '
        "filename*=UTF-8''wizard-jos%C3%A9-%CE%B3%CE%B9%CF%8E%CF%81%CE%B3%CE%BF%CF%82.pdf"
    )
