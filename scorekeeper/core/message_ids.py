"""The marks of a message id where it is declared in the pure core (refusals' sentences, a
game's words): Babel finds them by name (``make messages``); each is translated where shown."""

from __future__ import annotations

Message = str | tuple[str, str]
"""A sentence, or its singular and plural forms (chosen by the parameter ``num``)."""


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is declared; it is translated where shown."""
    return message


def P_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` (one English word, two meanings); translated where shown."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a plural form; the parameter ``num`` chooses the form."""
    return singular, plural
