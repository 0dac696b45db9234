"""What a scorekeeper does on the phone in the family's other games (issue 24), as Playwright
steps that count their taps as ``flows.py`` does: the game picked on a new-game page (a table's
or a group's), a bid tapped out of turn where bids are made at once, and Skull King's result:
its bonuses and the tricks nobody won.

A round of either game is otherwise Wizard's: ``flows.play_round`` with the trump the game asks
for (none in Skull King: its trump is always the same suit).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from playwright.sync_api import Page

from tests.browser import flows
from tests.browser.flows import tap


def pick_game(page: Page, key: str) -> int:
    """Tap a game in the row at the top of a new-game page; the page comes back with its
    settings (one tap, none if it is the game shown)."""
    button = page.locator(f"fieldset.game-pick button[name=choose][value={key}]")
    if button.get_attribute("aria-pressed") == "true":
        return 0
    return tap(page, button)


def choose_settings(page: Page, settings: Mapping[str, object]) -> None:
    """Set a game's settings on the new-game page as a player would, by key: a box ticked or
    not, a number picked from its list, a choice tapped (each unfolded first)."""
    for key, value in settings.items():
        if isinstance(value, bool):
            flows.choose(page, f"input[name={key}]", value)
        elif isinstance(value, int):
            flows.unfold(page, f"#{key}")
            page.select_option(f"#{key}", str(value))
        else:
            flows.choose(page, f"input[name={key}][value={value}]")


def new_game(page: Page, base: str, key: str, names: Sequence[str], **settings: object) -> str:
    """Start a game of ``key`` from the home's new-game page, the first seat dealing; its id."""
    page.goto(f"{base}/games/new")
    pick_game(page, key)
    flows.fill_names(page, names)
    page.select_option("#first_dealer", "0")
    choose_settings(page, settings)
    return start(page)


def start(page: Page) -> str:
    """Tap "Start the game" on a new-game page (a table's or a group's); the game's id."""
    tap(page, page.get_by_role("button", name="Start the game"))
    assert not flows.flash_errors(page) and not page.locator(".field-error").count(), page.content()
    return flows.game_id(page)


def tap_bid(page: Page, bid: int) -> int:
    """Tap a bid on the bid pad shown."""
    return tap(page, page.locator(f"form.bid-pad button[name=bid][value='{bid}']"))


def bid_out_of_turn(page: Page, seat: int, bid: int) -> int:
    """Where bids come in any order: tap the player's name, then the bid (two taps)."""
    now = flows.state(page)
    assert now["phase"] == "bids", now
    taps = 0
    if now["bidder"] != seat:
        taps += tap(page, page.locator(f"nav.ready a[href$='bidder={seat}']"))
        assert flows.next_bidder(page) == seat
    return taps + tap_bid(page, bid)


def open_extras(page: Page) -> int:
    """Unfold Skull King's bonuses under the tricks: one tap on their button, which the page
    answers with them; none if they are shown already."""
    button = page.locator("button[name=bonus-open]")
    if not button.count():
        return 0
    return tap(page, button)


def claim(page: Page, seat: int, kind: str, ally: int | None = None) -> int:
    """Tap a bonus on the result step: its kind (unless it is the kind chosen already: a 14
    at first, then the last one tapped), for Loot the player who played it in the list, then
    who captured it."""
    taps = open_extras(page)
    kind_box = page.locator(f"input[name=bonus-kind][value={kind}]")
    if not kind_box.is_checked():
        kind_box.check()
        taps += 1
    # Loot's other player is asked only while Loot is the choice, and nobody is chosen at first.
    allies = page.locator(".loot-ally")
    if allies.count():
        assert allies.is_visible() == (kind == "loot"), kind
    # The names below ask for the trick's winner (the Loot's apart from who played it), a
    # pirate power's player otherwise.
    who = page.locator("fieldset.who legend").inner_text()
    powers = kind.startswith(("harry", "roatan")) or kind == "cannonball"
    loot = "Who won the Loot's trick?"
    assert who == ("Who?" if powers else loot if kind == "loot" else "Who won the trick?"), kind
    if ally is not None:
        assert page.locator("select[name=loot-ally]").input_value() == ""
        page.select_option("select[name=loot-ally]", str(ally))
        taps += 1
    return taps + tap(page, page.locator(f"button[name=bonus-add][value='{seat}']"))


def destroy(page: Page, tricks: int) -> int:
    """Step up the tricks nobody won (the Kraken, the White Whale): one tap each, after the
    fold's (nothing at all where none was)."""
    taps = open_extras(page) if tricks else 0
    for _ in range(tricks):
        taps += tap(page, page.locator("fieldset.destroyed button[name=destroyed-step].plus"))
    return taps


def claims(page: Page) -> list[str]:
    """The bonuses listed on the result step, as shown ("✕ Ann: A 14" and so on)."""
    return [" ".join(text.split()) for text in page.locator("ul.claims li").all_inner_texts()]
