"""Placeholder blueprint; filled in by its own issue."""

from flask import Blueprint

bp = Blueprint("exports", __name__)
