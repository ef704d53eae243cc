"""Where the UI's files live.

An installed wheel (and a PyInstaller bundle, which is built from the package) carries them as
`contractbox/ui/`, copied there at build time (setup.py's build_py); the checkout keeps them in
`ui/` at the top of the repository, which an editable install serves directly."""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # src/contractbox (this module is in core/)


def ui_dir() -> Path:
    packaged = PACKAGE_DIR / "ui"
    if (packaged / "index.html").is_file():
        return packaged
    return PACKAGE_DIR.parents[1] / "ui"
