"""Where the UI's files live, and keeping the data dir private.

The data dir holds contract texts, PDFs and webhook secrets: it is 0700 and everything in it
0600 (directories 0700), on POSIX systems. `secure_data_dir` creates it so, sets the process
umask to 077 so that every file written later (SQLite's WAL files, rotated logs) is private too,
and tightens what an older version or another umask left readable. (On Windows the data dir's
ACL, inherited from the user's profile, is what protects it.)

An installed wheel (and a PyInstaller bundle, which is built from the package) carries them as
`contractbox/ui/`, copied there at build time (setup.py's build_py); the checkout keeps them in
`ui/` at the top of the repository, which an editable install serves directly."""

from __future__ import annotations

import os
import stat
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # src/contractbox (this module is in core/)


def ui_dir() -> Path:
    packaged = PACKAGE_DIR / "ui"
    if (packaged / "index.html").is_file():
        return packaged
    return PACKAGE_DIR.parents[1] / "ui"


PRIVATE_UMASK = 0o077
GROUP_AND_OTHERS = 0o077


def loose_paths(data_dir: Path) -> list[tuple[Path, int]]:
    """(path, mode) of the data dir and everything in it that its group or others may use."""
    if os.name != "posix" or not data_dir.exists():
        return []
    found = []
    for path in (data_dir, *data_dir.rglob("*")):
        try:
            mode = path.lstat().st_mode
        except FileNotFoundError:  # a WAL file or a temporary file went away meanwhile
            continue
        if not stat.S_ISLNK(mode) and mode & GROUP_AND_OTHERS:
            found.append((path, stat.S_IMODE(mode)))
    return found


def secure_data_dir(data_dir: Path) -> list[tuple[Path, int]]:
    """Create the data dir private, make what is written from now on private, and tighten what
    is there; returns the (path, previous mode) it tightened, for the caller to report."""
    if os.name != "posix":
        data_dir.mkdir(parents=True, exist_ok=True)
        return []
    os.umask(PRIVATE_UMASK)
    data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
    tightened = []
    for path, mode in loose_paths(data_dir):
        try:
            path.chmod(mode & ~GROUP_AND_OTHERS)
        except (PermissionError, FileNotFoundError):  # not ours to change (doctor still reports it)
            continue
        tightened.append((path, mode))
    return tightened


def describe_tightened(data_dir: Path, tightened: list[tuple[Path, int]]) -> str:
    modes = sorted({f"{mode:04o}" for _, mode in tightened})
    return (
        f"The data dir {data_dir} was readable by other users: tightened {len(tightened)} path(s) "
        f"(modes {', '.join(modes)}) to owner-only (directories 0700, files 0600)."
    )
