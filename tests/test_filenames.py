"""Download file names shared by the exports: wizard-<day>-<players>.<ext>."""

from __future__ import annotations

import pytest

from scorekeeper.render import filenames


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
    assert filenames.download_name("wizard", players, "2026-11-29", "pdf") == name


def test_many_long_names_are_cut_at_a_name() -> None:
    name = filenames.download_name(
        "wizard", [f"Player{seat}" * 3 for seat in range(8)], "2026-11-29", "csv"
    )
    # the names left out are said by an ellipsis, not silently missing (issue 33's walk)
    assert name.endswith("-player0player0player0-player1player1player1-\u2026.csv")
    assert len(name) <= len("wizard-2026-11-29--\u2026.csv") + filenames.MAX_NAMES_LENGTH
    assert filenames.ascii_name(name).endswith("-player1player1player1.csv")


def test_content_disposition_is_ascii_with_a_utf8_name_when_needed() -> None:
    assert filenames.content_disposition("wizard-2026-11-29-tom.pdf") == (
        'attachment; filename="wizard-2026-11-29-tom.pdf"'
    )
    assert filenames.content_disposition("wizard-josé-γιώργος.pdf") == (
        'attachment; filename="wizard-jose.pdf"; '
        "filename*=UTF-8''wizard-jos%C3%A9-%CE%B3%CE%B9%CF%8E%CF%81%CE%B3%CE%BF%CF%82.pdf"
    )
