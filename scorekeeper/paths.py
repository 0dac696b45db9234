"""Where the app's own files are: templates/, static/ and translations/ sit beside the package."""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = PROJECT_ROOT / "templates"
PRINT_TEMPLATES = TEMPLATES / "print"
STATIC = PROJECT_ROOT / "static"
TRANSLATIONS = PROJECT_ROOT / "translations"
INSTANCE = PROJECT_ROOT / "instance"
FONTS = PROJECT_ROOT / "fonts"
