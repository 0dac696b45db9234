"""QR codes for the share links, drawn as inline SVG (nothing fetched, no image files)."""

from __future__ import annotations

import io
from functools import lru_cache

from markupsafe import Markup

from scorekeeper.render.labels import gettext as _


def code(url: str) -> Markup:
    """The QR code of ``url`` as a share page or a table card shows it: named in the reader's
    language, a picture to a screen reader (issue 49's walk: it was nameless)."""
    return svg(url, _("QR code of this link"))


# A share page draws the same addresses at every visit (each new phone, each renewal's
# redirect back to it); drawing one takes segno tens of milliseconds.
@lru_cache(maxsize=256)
def svg(url: str, title: str = "") -> Markup:
    """An SVG QR code of ``url`` that scales to its container, named ``title``; each address
    drawn once a name."""
    import segno  # the share page's first visit, not the start (docs/speed.md)

    buffer = io.BytesIO()
    drawn = segno.make(url, error="m")
    drawn.save(
        buffer, kind="svg", xmldecl=False, omitsize=True, border=2, dark="#000", title=title or None
    )
    return Markup(buffer.getvalue().decode().replace("<svg ", '<svg role="img" ', 1))
