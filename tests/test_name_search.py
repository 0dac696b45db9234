"""Names as people type them (issue 48): letters folded for finding a name, runs of spaces as one
wherever a name is typed, and a name already present refused with that name said."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from scorekeeper import storage
from scorekeeper.core import rules
from scorekeeper.core.players import name_found, player_key, search_fold
from scorekeeper.storage import migrations as schema_migrations
from tests.pages import one, soup
from tests.plays import bearer
from tests.support.profiles import examples
from tests.test_evening_pages import draw, new_evening
from tests.test_evenings_api import evening, read, sitting
from tests.test_groups_pages import make_group

# --- folding ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Kevin O\u2019Brien", "kevin obrien"),
        ("Kevin O'Brien", "kevin obrien"),
        ("Kevin O\u2018Brien", "kevin obrien"),
        ("Kevin O\u02bcbrien", "kevin obrien"),
        ("Kevin O`Brien", "kevin obrien"),
        ("Søren Møller", "soren moller"),
        ("Sabine Weiß", "sabine weiss"),
        ("Æsa Dæhlie", "aesa daehlie"),
        ("Đorđe Łukasz", "dorde lukasz"),
        ("Zoë  Müller-Lüdenscheidt", "zoe muller ludenscheidt"),
        ("\u00a0Ana\u00a0 Lopez ", "ana lopez"),
    ],
)
def test_names_fold_as_phones_type_them(typed: str, folded: str) -> None:
    assert search_fold(typed) == folded


@pytest.mark.parametrize(
    ("name", "typed"),
    [
        ("Kevin O\u2019Brien", "obrien"),
        ("Kevin O\u2019Brien", "O'Brien"),
        ("Kevin O'Brien", "o\u2019brien"),
        ("Søren Møller", "soren"),
        ("Søren Møller", "moller"),
        ("Søren Møller", "M"),
        ("Søren Møller", "soren m"),
        ("Ana Lopez", "ana  lopez"),
        ("Sabine Weiß", "weiss"),
        ("Friedrich-Wilhelm Hohenzollern", "wilhelm"),
    ],
)
def test_a_name_is_found_by_any_words_start(name: str, typed: str) -> None:
    assert name_found(name, typed)


@pytest.mark.parametrize(("name", "typed"), [("Ana Lopez", "pez"), ("Ana", ""), ("Ana", "\u2019")])
def test_a_name_is_not_found_inside_a_word_or_by_nothing(name: str, typed: str) -> None:
    assert not name_found(name, typed)


names = st.text(min_size=1, max_size=32).filter(lambda name: search_fold(name) != "")


@settings(max_examples=examples(300), deadline=None)
@given(names)
def test_folding_is_idempotent(name: str) -> None:
    assert search_fold(search_fold(name)) == search_fold(name)


@settings(max_examples=examples(300), deadline=None)
@given(names)
def test_every_name_finds_itself_by_its_folded_form_and_each_words_start(name: str) -> None:
    assert name_found(name, search_fold(name))
    assert name_found(name, name)
    for word in search_fold(name).split():
        assert name_found(name, word[:1]) and name_found(name, word)


def test_the_players_key_keeps_two_people_apart_and_reads_spaces_as_one() -> None:
    # Folding is for finding: "Søren" and "Soren" may be two people of one club.
    assert player_key("Søren") != player_key("Soren")
    assert player_key("Ana  Lopez") == player_key(" ana\u00a0lopez ") == "ana lopez"
    assert rules.normalise_name(" Ana \u00a0 Lopez ") == "Ana Lopez"
    assert rules.check_player_names(["Ana  Lopez", "Ben"], count=False) == ("Ana Lopez", "Ben")
    with pytest.raises(rules.RuleError) as refused:
        rules.check_player_names(["Ana Lopez", "ana  lopez", "Ben"])
    assert refused.value.reason.code == "names_same"


def test_a_roster_key_stored_with_a_run_of_spaces_takes_the_new_key(conn: Database) -> None:
    group_id = storage.create_group(conn, "Club").id
    for key, name in [("ana  lopez", "Ana  Lopez"), ("ana lopez", "Ana Lopez"), ("b  c", "B  C")]:
        conn.execute("INSERT INTO group_players VALUES (?, ?, ?)", [group_id, key, name])
    schema_migrations.m021_roster_keys_one_space(conn)
    rows = conn.execute("SELECT key, name FROM group_players ORDER BY key").fetchall()
    assert rows == [("ana lopez", "Ana Lopez"), ("b c", "B C")]


# --- the evening's pages and API --------------------------------------------------------------

AWAY = ["Kevin O\u2019Brien", "Søren Møller", "Ana Lopez", "Mia Ruiz", "Ben", "Cleo", "Dan", "Eve"]


def found(client: FlaskClient, evening_id: str, typed: str) -> Any:
    return one(soup(client.get(f"/evenings/{evening_id}", query_string={"find": typed})), ".found")


@pytest.mark.parametrize(
    ("typed", "player"),
    [
        ("Kevin O'Brien", "Kevin O\u2019Brien"),
        ("obrien", "Kevin O\u2019Brien"),
        ("soren", "Søren Møller"),
        ("moller", "Søren Møller"),
        ("Soren Moller", "Søren Møller"),
        ("ana  lopez", "Ana Lopez"),
    ],
)
def test_find_your_table_as_people_type(client: FlaskClient, typed: str, player: str) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, AWAY)
    draw(client, evening_id)
    answer = found(client, evening_id, typed)
    assert one(answer, ".who").get_text() == player
    assert "Table" in answer.get_text()


def test_find_your_table_lists_every_word_starting_so(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, AWAY)
    draw(client, evening_id)
    answer = found(client, evening_id, "M").get_text()
    assert "Several players match" in answer
    # Mia by her first name, Søren Møller by his last.
    assert "Søren Møller" in answer and "Mia Ruiz" in answer and "Ana Lopez" not in answer


def test_a_late_arrival_typed_with_a_double_space_is_the_player_here(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, AWAY)
    draw(client, evening_id)
    ticked = [str(n) for n in range(len(AWAY)) if AWAY[n] != "Ana Lopez"]
    assert draw(client, evening_id, present=ticked, new_names="ana  lopez\n") == []
    made = read(client, evening_id)
    assert made["players"] == AWAY
    assert sorted(made["sittings"][1]["present"]) == sorted(AWAY)


def test_a_late_arrival_already_here_is_refused_by_name(client: FlaskClient) -> None:
    group_id = make_group(client)
    evening_id = new_evening(client, group_id, AWAY)
    ticked = [str(n) for n in range(len(AWAY))]
    refused = draw(client, evening_id, present=ticked, new_names="ana lopez\n")
    assert refused == ["Ana Lopez is here already: each player is named once."]
    assert read(client, evening_id)["sittings"] == []


def test_a_name_given_twice_is_refused_by_name_in_the_api(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, AWAY)
    answer = sitting(client, evening_id, token, 400, present=[*AWAY, "ANA  LOPEZ"])
    assert answer["code"] == "evening_name_twice"
    assert answer["error"] == "Ana Lopez is here already: each player is named once."
    response = client.post(
        f"/api/evenings/{evening_id}/sittings",
        json={"present": [*AWAY, "kevin o\u2019brien"]},
        headers={**bearer(token), "Accept-Language": "de"},
    )
    assert response.status_code == 400
    assert "Kevin O\u2019Brien" in response.get_json()["error"]


def test_a_new_games_names_take_one_space(client: FlaskClient) -> None:
    evening_id, token, _made = evening(client, ["Ana  Lopez", *AWAY[4:]])
    assert read(client, evening_id)["players"][0] == "Ana Lopez"
    assert sitting(client, evening_id, token, present=["ana lopez", *AWAY[4:]])
