"""The score sheet's box at 390 x 844: four players fit across it (the leader's column, with
its star, too: no sideways scrolling), and the box ends after the rank row, with no empty band
below it (issue 21: German, "★ Friederike" was cut off and her total read "6…"; 60 to 80 px of
nothing under the ranks). Light and dark look the same in size, so one scheme."""

from __future__ import annotations

import pytest

from tests.browser import flows
from tests.browser.flows import NewContext
from tests.browser.test_words_fit import start

GERMAN = ("Jürgen", "Annegret", "Maximilian", "Friederike")
SPANISH = ("Fernández", "Guadalupe", "Alejandro", "Concepción")


@pytest.mark.parametrize(("code", "names"), [("de", GERMAN), ("es", SPANISH)])
def test_four_players_fit_the_box_and_it_ends_at_the_ranks(
    new_context: NewContext, code: str, names: tuple[str, ...]
) -> None:
    context = new_context()
    page = context.new_page()
    page.goto(f"/language/{code}?next=/")
    game = start(page, names, edition="fantasy")
    flows.fast_forward(page, 3)
    page.goto(f"/games/{game}/sheet")
    box = page.evaluate(
        """() => {
          const box = document.querySelector(".sheet-scroll");
          const table = box.querySelector("table.pad");
          return {scroll: box.scrollWidth, client: box.clientWidth,
                  below: box.getBoundingClientRect().bottom - table.getBoundingClientRect().bottom,
                  leaders: table.querySelectorAll("thead .leader").length,
                  cue: !document.querySelector(".sideways-cue").hidden};
        }"""
    )
    context.close()
    assert box["leaders"] >= 1, box
    assert box["scroll"] <= box["client"], box
    assert not box["cue"], box
    assert box["below"] <= 3, box  # the box's border, no band


def test_the_swipe_cue_goes_once_the_last_column_is_in_view(new_context: NewContext) -> None:
    context = new_context()
    page = context.new_page()
    page.goto("/language/el?next=/")
    game = start(page, ("Άννα", "Βασίλης", "Γιώργος", "Δήμητρα", "Ελένη", "Ζωή", "Ηλίας", "Θάλεια"))
    flows.fast_forward(page, 1)
    page.goto(f"/games/{game}/sheet")
    cue = page.locator(".sideways-cue")
    assert cue.is_visible()
    # The columns cut at the box's edge fade out there, so that a total cut ("56" of 560) is
    # not read as one (issue 49's walk); none once the last column is in view.
    faded = ".sheet-scroll.more"
    assert page.locator(faded).count() == 1
    page.eval_on_selector(".sheet-scroll", "(box) => { box.scrollLeft = box.scrollWidth; }")
    cue.wait_for(state="hidden")
    assert page.locator(faded).count() == 0
    page.eval_on_selector(".sheet-scroll", "(box) => { box.scrollLeft = 0; }")
    cue.wait_for(state="visible")
    assert page.locator(faded).count() == 1
    # Each round's link (to correct it) is its whole cell, at least 44 x 44 px (issue 49's
    # walk: the number alone was 22 x 15 px).
    targets = page.evaluate(
        """() => Array.from(document.querySelectorAll(".pad tbody .round-col a"), (link) => {
          const cell = link.closest("th").getBoundingClientRect();
          const hit = document.elementFromPoint(cell.left + 3, cell.bottom - 3);
          const mine = Boolean(hit && hit.closest("a") === link);
          return [Math.round(cell.width), Math.round(cell.height), mine];
        })"""
    )
    assert targets and all(w >= 44 and h >= 44 and hit for w, h, hit in targets), targets
    context.close()
