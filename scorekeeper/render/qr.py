"""QR codes for the share links, drawn as inline SVG (nothing fetched, no image files)."""

from __future__ import annotations

import io

from markupsafe import Markup


def svg(url: str) -> Markup:
    """An SVG QR code of ``url`` that scales to its container."""
    import segno  # the share page's first visit, not the start (docs/speed.md)

    buffer = io.BytesIO()
    code = segno.make(url, error="m")
    code.save(buffer, kind="svg", xmldecl=False, omitsize=True, border=2, dark="#000")
    return Markup(buffer.getvalue().decode())
