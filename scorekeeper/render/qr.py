"""QR codes for the share links, drawn as inline SVG (nothing fetched, no image files)."""

from __future__ import annotations

import io
from functools import lru_cache

from markupsafe import Markup


# A share page draws the same addresses at every visit (each new phone, each renewal's
# redirect back to it); drawing one takes segno tens of milliseconds.
@lru_cache(maxsize=256)
def svg(url: str) -> Markup:
    """An SVG QR code of ``url`` that scales to its container; each address drawn once."""
    import segno  # the share page's first visit, not the start (docs/speed.md)

    buffer = io.BytesIO()
    code = segno.make(url, error="m")
    code.save(buffer, kind="svg", xmldecl=False, omitsize=True, border=2, dark="#000")
    return Markup(buffer.getvalue().decode())
