"""Where bundled assets live: inside a PyInstaller bundle, or beside the source tree."""

from __future__ import annotations

import sys
from pathlib import Path


def ui_dir() -> Path:
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        return Path(frozen_root) / "ui"
    return Path(__file__).resolve().parents[3] / "ui"
