"""The web: phone pages, the JSON API, files and printed sheets, live pages, and who may see or
change what. The top layer: it asks the game core, storage and rendering, and nothing below it
imports it (the import contracts in pyproject.toml)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Everything a request passes through, then the pages, the API and the files."""
    from scorekeeper.render import languages, page_parts, round_parts, templating, urls
    from scorekeeper.web import (
        access,
        addresses,
        adjust,  # noqa: F401 (adds its routes to the game pages' blueprint)
        api,
        club_imports,
        compression,
        errors,
        evening_cards,
        evening_changes,  # noqa: F401 (adds its routes to the evening's pages and API)
        evening_files,
        evening_history,  # noqa: F401 (adds its routes to the evening's pages and API)
        evening_keeper,
        evening_plan,  # noqa: F401 (adds its routes to the evening's pages and API)
        evening_printouts,
        evenings,
        evenings_api,
        exports,
        extensions,
        group_history,  # noqa: F401 (adds its routes to the group's pages and API)
        groups,
        groups_api,
        heavy,
        history_api,  # noqa: F401 (adds its routes to the API's blueprint)
        history_pages,  # noqa: F401 (adds its routes to the game pages' blueprint)
        home_pages,  # noqa: F401 (adds its routes to the game pages' blueprint)
        hosting,
        live,
        manage,  # noqa: F401 (adds its routes to the game pages' blueprint)
        moving,
        new_game,  # noqa: F401 (adds its routes to the game pages' blueprint)
        pdf,
        phones,
        pwa,
        result_cards,
        security,
        static_files,
        table_cards,
        trash_pages,
        views,
    )

    # Before any route is added: each rule's address builders are compiled when first used.
    app.url_rule_class = urls.LazyRule
    # First: Flask runs the last added after_request hook first, and compression comes last.
    compression.init_app(app)
    for part in (access, extensions, languages, security, hosting, errors, heavy, static_files):
        part.init_app(app)
    phones.init_app(app)
    trash_pages.init_app(app)  # after access: it reads the access check's look at the game
    for part in (urls, page_parts, round_parts, templating, addresses, live, pwa):
        part.init_app(app)
    for blueprint in (views.bp, exports.bp, pdf.bp, api.bp, groups.bp, groups_api.bp):
        app.register_blueprint(blueprint)
    app.register_blueprint(groups_api.files)
    app.register_blueprint(evenings_api.bp)
    app.register_blueprint(evening_files.bp)
    app.register_blueprint(evenings.bp)
    app.register_blueprint(evening_keeper.bp)
    app.register_blueprint(evening_cards.bp)
    app.register_blueprint(table_cards.bp)
    app.register_blueprint(evening_printouts.bp)
    app.register_blueprint(result_cards.bp)
    app.register_blueprint(club_imports.bp)
    app.register_blueprint(club_imports.api_bp)
    app.cli.add_command(moving.move_pad_command)
    # The API authenticates with a bearer token, not a cookie: CSRF cannot reach it.
    extensions.csrf.exempt(api.bp)
    extensions.csrf.exempt(groups_api.bp)
    extensions.csrf.exempt(evenings_api.bp)
    extensions.csrf.exempt(club_imports.api_bp)
    hosting.trust_proxies(app)  # last: the outermost layer reads the proxy's headers first
