"""HTML pages (work in progress)."""

from flask import Blueprint, render_template

bp = Blueprint("views", __name__)


@bp.get("/")
def home() -> str:
    """Start a game or open one."""
    return render_template("error.html", code=200, message="Wizard score pad")
