#!/usr/bin/env python3
"""Build the one-file binary: `python packaging/build.py [--desktop] [--dist DIR]`.

Run with the dev venv's Python. Installs PyInstaller (pyproject's `build` extra) into that venv
when it is missing, and pywebview with Qt for --desktop. Prints the file, its size and the time.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "contractbox.spec"
DESKTOP_REQUIREMENT = "pywebview[qt]>=5"


def build_requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return list(project["optional-dependencies"]["build"])


def pip_install(*requirements: str) -> None:
    print(f"Installing {' '.join(requirements)} into {sys.prefix} ...", flush=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *requirements], check=True)


def ensure_tools(desktop: bool) -> None:
    if importlib.util.find_spec("PyInstaller") is None:
        pip_install(*build_requirements())
    if desktop and (importlib.util.find_spec("webview") is None or importlib.util.find_spec("PyQt6") is None) and sys.platform.startswith("linux"):
        pip_install(DESKTOP_REQUIREMENT)


def binary_name(desktop: bool) -> str:
    name = "contractbox-desktop" if desktop else "contractbox"
    return name + (".exe" if sys.platform == "win32" else "")


def build(desktop: bool, dist: Path, work: Path, quiet: bool) -> Path:
    ensure_tools(desktop)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(dist), "--workpath", str(work)]
    command += ["--log-level", "WARN" if quiet else "INFO", str(SPEC), "--"]
    command += ["--desktop"] if desktop else []
    subprocess.run(command, check=True, cwd=ROOT)
    return dist / binary_name(desktop)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--desktop", action="store_true", help="bundle the desktop window (pywebview + Qt on Linux)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the binary goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work dir")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args()
    started = time.monotonic()
    binary = build(args.desktop, args.dist.resolve(), args.work.resolve(), args.quiet)
    size_mb = binary.stat().st_size / 1e6
    print(f"Built {binary}: {size_mb:.1f} MB in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
