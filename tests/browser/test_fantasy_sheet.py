"""The fantasy edition's trump initials on the score sheet have their race's colour, as the round
page's bars do: Humans blue, Elves green, Dwarves red, Giants yellow; not the classic red for
hearts and diamonds and the text colour for clubs and spades (a red "E" for the green Elves,
issue 21). Light and dark."""

from __future__ import annotations

import re
from typing import Literal

import pytest

from scorekeeper.core.rules import Suit, Trump, Turned
from tests.browser import flows
from tests.browser.flows import NewContext
from tests.browser.test_words_fit import start

NAMES = ("Ann", "Bob", "Cy", "Dee")
# Which of red, green and blue leads in each race's colour (yellow: red and green over blue).
LEADS = {
    Suit.CLUBS: lambda r, g, b: b > r and b > g,
    Suit.DIAMONDS: lambda r, g, b: g > r and g > b,
    Suit.HEARTS: lambda r, g, b: r > g and r > b,
    Suit.SPADES: lambda r, g, b: r > b and g > b,
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_sheet_colours_each_race(
    new_context: NewContext, scheme: Literal["light", "dark"]
) -> None:
    context = new_context()
    page = context.new_page()
    page.emulate_media(color_scheme=scheme)
    game = start(page, NAMES, edition="fantasy")
    for suit in LEADS:
        flows.enter_trump(page, Trump(Turned.SUIT, suit))
        flows.fast_forward(page, 1)
    page.goto(f"/games/{game}/sheet")
    colours = page.eval_on_selector_all(
        "table.pad tbody .trump", "(marks) => marks.map((m) => getComputedStyle(m).color)"
    )
    context.close()
    assert len(colours) == len(LEADS), colours
    for suit, colour in zip(LEADS, colours, strict=True):
        r, g, b = (int(n) for n in re.findall(r"\d+", colour)[:3])
        assert LEADS[suit](r, g, b), (suit, colour)
