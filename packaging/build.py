#!/usr/bin/env python3
"""Build the binary: `python packaging/build.py [--desktop] [--onedir] [--dist DIR]`.

Run with the Python of the environment whose `contractbox` is to be bundled: an environment the
wheel is installed in (what CI and releases do), or the dev venv (the editable checkout).
Installs PyInstaller (pyproject's `build` extra) into that environment when it is missing, and
pywebview with Qt for --desktop. Prints the artifact, its size and the time.

--onedir builds a folder (dist/onedir/NAME/) instead of one self-unpacking file; with --desktop
on Linux it is then packed as dist/contractbox-desktop-linux.tar.gz with a .desktop entry and
the icon (see docs/packaging.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tarfile
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


def build(desktop: bool, onedir: bool, dist: Path, work: Path, quiet: bool) -> Path:
    ensure_tools(desktop)
    # The folder goes one level down: beside the one-file build of the same name it would clash.
    target = dist / "onedir" if onedir else dist
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--distpath", str(target), "--workpath", str(work)]
    command += ["--log-level", "WARN" if quiet else "INFO", str(SPEC), "--"]
    command += ["--desktop"] if desktop else []
    command += ["--onedir"] if onedir else []
    subprocess.run(command, check=True, cwd=ROOT)
    if onedir:
        folder = target / binary_name(desktop).removesuffix(".exe")
        return pack_folder(folder, dist) if desktop and sys.platform.startswith("linux") else folder
    return dist / binary_name(desktop)


DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=ContractBox
Comment=Contract review that never leaves this machine
Exec={exec_path}
Icon={icon_path}
Terminal=false
Categories=Office;
"""

INSTALL_SCRIPT = """#!/bin/sh
# Adds ContractBox to the desktop's application menu (this user only), pointing at this folder.
set -e
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$HOME/.local/share/applications"
sed -e "s|@HERE@|$here|g" "$here/contractbox.desktop" > "$HOME/.local/share/applications/contractbox.desktop"
echo "ContractBox added to the application menu; or run $here/contractbox-desktop"
"""


def pack_folder(folder: Path, dist: Path) -> Path:
    """The one-folder desktop build as a tarball: the folder, a .desktop entry, the icon and a
    script that installs the entry with this folder's absolute path."""
    entry = DESKTOP_ENTRY.format(exec_path=f"@HERE@/{folder.name}", icon_path="@HERE@/contractbox.svg")
    (folder / "contractbox.desktop").write_text(entry)
    shutil.copy(ROOT / "ui" / "img" / "icon.svg", folder / "contractbox.svg")
    install = folder / "install-desktop-entry.sh"
    install.write_text(INSTALL_SCRIPT)
    install.chmod(0o755)
    tarball = dist / f"{folder.name}-linux.tar.gz"
    with tarfile.open(tarball, "w:gz") as archive:
        archive.add(folder, arcname=folder.name)
    return tarball


def size_bytes(artifact: Path) -> int:
    if artifact.is_dir():
        return sum(p.stat().st_size for p in artifact.rglob("*") if p.is_file())
    return artifact.stat().st_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--desktop", action="store_true", help="bundle the desktop window (pywebview + Qt on Linux)")
    parser.add_argument("--onedir", action="store_true", help="a folder instead of one file (a tarball with --desktop on Linux)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the binary goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work dir")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args()
    started = time.monotonic()
    artifact = build(args.desktop, args.onedir, args.dist.resolve(), args.work.resolve(), args.quiet)
    print(f"Built {artifact}: {size_bytes(artifact) / 1e6:.1f} MB in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
