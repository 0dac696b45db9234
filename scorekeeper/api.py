"""Placeholder blueprint; filled in by its own issue."""

from flask import Blueprint

bp = Blueprint("api", __name__)
