"""The new-game page: the game first, then players, first dealer and that game's settings.
Served by the game pages' blueprint (:mod:`scorekeeper.web.views`), thin like it: parse, let
the rules decide, store, answer. A group's new game (:mod:`scorekeeper.web.groups`) shows the
same choice of game and settings through :func:`game_choice` and :func:`refused_for`."""

from __future__ import annotations

from flask import abort, flash, render_template, request
from flask.typing import ResponseReturnValue

from scorekeeper import storage
from scorekeeper.core import family, game, rules
from scorekeeper.core.game import GameRecord
from scorekeeper.core.players import seat_keys
from scorekeeper.core.rules import RuleError
from scorekeeper.render import game_words, labels
from scorekeeper.web import access, forms, once
from scorekeeper.web.forms import games as games_form
from scorekeeper.web.kinds import GAME
from scorekeeper.web.views import bp, to_game


@bp.route("/games/new", methods=["GET", "POST"])
def new_game() -> ResponseReturnValue:
    """The game first (``?game=``, or a tap on one: the page comes back with its settings),
    then players, first dealer and the game's settings; refused combinations keep what was
    typed."""
    key = _game_asked()
    picked = request.form.get("choose", "")
    if picked:
        key = _game_asked(picked)
    form_class = games_form.form_for(forms.NewGameForm, key)
    form = form_class(games_form.picked(request.form, key)) if picked else form_class()
    move = request.form.get("move", "")
    if move or picked:
        seat, _sep, direction = move.partition(":")
        # isdigit() alone lets "²" and 5000-digit numbers through to int(), which refuses them.
        if seat.isascii() and seat.isdigit() and len(seat) <= 2:
            form.move(int(seat), -1 if direction == "up" else 1)
        return _new_game_page(form, key)
    if form.validate_on_submit():
        try:
            record = game.start(key, form.names(), form.dealer(), games_form.plain(form))
        except RuleError as error:
            abort(400, description=labels.refusal(error.reason))
        once_key = form.once_key()
        stored = once.make(
            lambda browser: storage.create_game_once(storage.get_db(), record, once_key, browser)[0]
        )
        if stored is None:
            return once.refused()
        access.remember(GAME, stored, keeper=True)
        for note in record.declaration.start_notes(record.settings, record.schedule):
            flash(game_words.say(note, record.declaration), "info")
        return to_game(stored)
    status = 400 if request.method == "POST" else 200
    return _new_game_page(form, key), status


def _game_asked(given: str | None = None) -> str:
    """The game a new-game page is for: ``given`` (a tap on a game), else the form's or the
    address's ``game``, else Wizard; a name that is no game is a 400 page saying so."""
    asked = given if given is not None else request.values.get("game", "")
    try:
        return games_form.game_key(asked)
    except RuleError as error:
        abort(400, description=labels.refusal(error.reason))


def _new_game_page(form: forms.NewGameForm, key: str) -> str:
    """The new-game form, with the combinations the rules refuse spelt out for the page's
    script, which greys out a choice that cannot go with the others and says why."""
    return render_template("home/new_game.html", form=form, **context(key))


def refused_for(key: str) -> list[dict[str, object]]:
    """The refused choices of a game's settings, for the new-game page's script."""
    return games_form.refused_choices(family.game(key))


def game_choice(key: str) -> dict[str, object]:
    """What a new-game page needs to show the game chosen and the others (the row of games at
    the top, the chosen game's settings)."""
    return {
        "game": key,
        "declared": family.game(key),
        "games": tuple(family.GAMES),
        "only_with": family.game(key).only_with,
        "settings_script": games_form.needs_script(family.game(key)),
        "words": game_words,
    }


def context(key: str) -> dict[str, object]:
    """What a new-game page of game ``key`` shows beyond its form (a table's, a group's): the
    row of games, the game's settings and the choices it refuses."""
    return {"refused": refused_for(key), **game_choice(key)}


def last_game_defaults(last: GameRecord, key: str) -> dict[str, object]:
    """A group's next game as its last one: the settings (if it is the game asked for), its
    first dealer's next seat as first dealer (the deal moves on, as in a rematch), its players
    ticked."""
    keys = seat_keys(last.players)
    settings = last.declaration.to_plain(last.settings) if last.game == key else {}
    return {
        "pick": list(keys),
        "first_dealer": keys[rules.next_first_dealer(last.first_dealer, len(keys))],
        **settings,
    }
