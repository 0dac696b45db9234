"""The refusals of the club's side, by a stable code (:mod:`scorekeeper.core.refusals` holds
them all, these among them): a group's file, a club evening, a club's past brought in."""

from __future__ import annotations

from scorekeeper.core.message_ids import N_, NP_, Message

CLUB_MESSAGES: dict[str, Message] = {
    # the group file (a whole group: export and import)
    "in_game": N_("Game %(number)s: %(reason)s"),
    "group_file_not_object": N_("A group file must be a JSON object {...}."),
    "group_file_unknown_field": N_(
        'The group file has a field this app does not know: "%(field)s" (known fields: %(known)s).'
    ),
    "group_file_format": N_('This is not a group file of this app: "format" must be "%(format)s".'),
    "group_file_name": N_('"name" must be the group\'s name, 1 to %(max)s characters.'),
    "group_file_players": N_(
        '"players" must be a list of names (1 to %(max)s characters each, nothing invisible).'
    ),
    "group_file_games": N_('"games" must be a list of at most %(max)s games.'),
    "group_file_roster": N_(
        "A group holds at most %(max)s players (the roster and every game's players together)."
    ),
    "group_roster_full": N_(
        "The group has %(max)s players already, the most it can hold: this game's new players "
        "do not fit. Merge players who are the same person, or start a new group."
    ),
    "group_file_game": N_('Each game is {"played_at": ..., "record": {...}}.'),
    "group_file_played_at": N_(
        '"played_at" must be a date and time like "2026-11-27T19:30:00+00:00".'
    ),
    "group_import_too_large": N_("The file is too large for a group file."),
    "group_import_no_file": N_("Choose a group file (.json) to import."),
    "group_import_not_json": N_("This is not a group file: the file is not valid JSON."),
    # a club evening (core/evening_record.py, docs/club-night.md)
    # Translators: a sitting is one game at every table of a club evening (a round of the
    # tournament); sitting out is being left out of one sitting by the draw.
    "evening_too_few_players": NP_(
        "%(num)s player is here; a table needs at least %(smallest)s.",
        "%(num)s players are here; a table needs at least %(smallest)s.",
    ),
    "evening_too_many_players": N_("An evening holds at most %(max)s players."),
    "evening_name_twice": N_("%(name)s is here already: each player is named once."),
    "evening_sittings": N_('"sittings" is how many sittings are planned: 1 to %(max)s.'),
    "evening_table_sizes": N_(
        '"table_sizes" must be a list of the table sizes allowed, each once, such as [4, 5].'
    ),
    "evening_seed": N_('"seed" is a whole number from 0 to %(max)s.'),
    "evening_all_sittings_drawn": NP_(
        "The evening has %(num)s sitting planned, and it is drawn already.",
        "The evening has %(num)s sittings planned, and all of them are drawn already.",
    ),
    "evening_sitting_exists": N_(
        "Sitting %(number)s is drawn already, so nothing was drawn. The next sitting is %(next)s."
    ),
    "evening_sitting_not_next": N_(
        "This is not the next sitting: the evening is waiting for sitting %(next)s, so nothing "
        "was drawn."
    ),
    "evening_redraw_not_last": N_(
        "Only the last sitting drawn, sitting %(last)s, can be drawn again."
    ),
    "evening_sitting_started": N_(
        "A game of sitting %(number)s has started, so the sitting cannot be drawn again."
    ),
    "evening_standings_not_ready": NP_(
        "A sitting by standings waits for every game before it to end: %(num)s game is still "
        "being played.",
        "A sitting by standings waits for every game before it to end: %(num)s games are still "
        "being played.",
    ),
    "evening_table_over": N_(
        "Table %(table)s of sitting %(sitting)s has nothing left to end: its game is over, or "
        "the table was taken out."
    ),
    "evening_not_at_table": N_(
        "%(name)s does not sit at table %(table)s of sitting %(sitting)s, so nothing was changed."
    ),
    "evening_sittings_planned": N_(
        '"sittings_planned" is how many sittings the evening plans: from %(least)s (the '
        "sittings drawn already, at least 1) to %(max)s."
    ),
    "group_file_evening": N_(
        "Evening %(number)s of the group file is not an evening as this app writes it."
    ),
    # a club's past brought in (issue 51): a file refused whole, saying where
    "import_json_broken": N_(
        "The file is broken at line %(line)s: it is not valid JSON, so nothing was imported."
    ),
    "import_not_bgstats": N_(
        "This is neither a BG Stats export or play file nor a CSV of totals (date, game, "
        "player, total), so nothing was imported."
    ),
    "import_pad_file": N_(
        "This is a file of the pad itself (a game or a group file): import it on the home page."
    ),
    "import_bgstats_list": N_(
        '"%(field)s" is not a list as BG Stats writes it, so nothing was imported.'
    ),
    "import_play_shape": N_(
        'Play %(play)s of the file is not a play as BG Stats writes it ("%(field)s"), so '
        "nothing was imported."
    ),
    "import_play_game": N_(
        "Play %(play)s of the file names a game the file does not list, so nothing was imported."
    ),
    "import_play_player": N_(
        "Play %(play)s of the file names a player the file does not list, so nothing was imported."
    ),
    "import_play_date": N_(
        "Play %(play)s of the file has no date written as BG Stats writes one "
        "(2024-03-15 20:30:00), so nothing was imported."
    ),
    "import_csv_header": N_(
        "The first line of a CSV names its columns: date, game, player and total (this one "
        "has: %(found)s). Nothing was imported."
    ),
    "import_csv_columns": N_(
        "Line %(line)s has fewer columns than the first line names, so nothing was imported."
    ),
    "import_csv_date": N_(
        'Line %(line)s: "%(value)s" is not a date written 2024-03-15, so nothing was imported.'
    ),
    "import_csv_game": N_("Line %(line)s names no game, so nothing was imported."),
    "import_csv_player": N_("Line %(line)s names no player, so nothing was imported."),
    "import_csv_total": N_(
        'Line %(line)s: the total "%(value)s" is not a whole number, so nothing was imported.'
    ),
    "import_not_text": N_("The file is not text (UTF-8), so nothing was imported."),
    "import_file_too_large": N_("The file is too large: at most 8 MB."),
    "import_file_missing": N_("Choose a BG Stats file or a CSV of totals to bring in."),
    "import_name_unknown": N_(
        '"%(name)s" is not a name in the file\'s plays, so nothing was imported.'
    ),
    "import_player_unknown": N_('The group has no player "%(player)s", so nothing was imported.'),
    # why a play of such a file is left out (the rest is brought in)
    "import_skip_other_game": N_("%(game)s is not a game the pad keeps"),
    "import_skip_ignored": N_("marked ignored in BG Stats"),
    "import_skip_already": N_("brought in before"),
    "import_skip_own_game": N_("a game of this group already"),
    "import_skip_twice": N_("the same play again in the file"),
    "import_skip_no_score": N_("%(name)s has no score"),
    "import_skip_score": N_('%(name)s\'s score "%(score)s" is not a whole number'),
    "import_skip_few_players": N_("fewer than two players the group can name"),
    "import_skip_name": N_(
        '"%(name)s" cannot be a player\'s name (1 to 32 characters that can be shown)'
    ),
    "import_skip_same_player": N_("%(name)s would sit twice at one table"),
}
