"""`contractbox restore SRC`: replace the data dir's databases with a backup made by
`contractbox backup`. Refused while a server runs on the data dir; the lock is held during the
restore so none can start half-way. The databases it replaces are kept in
`data_dir/pre-restore-<time>/`."""

from __future__ import annotations

import shutil
from pathlib import Path

from contractbox.core.clock import now_iso
from contractbox.core.migrations import STEPS
from contractbox.core.serverlock import ServerLock, ServerRunningError
from contractbox.core.settings import Settings
from contractbox.ops.sqlitefiles import applied_migrations, database_files, integrity_problems, online_copy, sidecars


class RestoreError(Exception):
    pass


def check_backup(settings: Settings, source: Path) -> list[str]:
    """The database file names in `source` to restore; RestoreError if it is not a usable backup."""
    names = [name for name in database_files(settings) if (source / name).exists()]
    if settings.app_db_path.name not in names:
        raise RestoreError(f"{source} holds no {settings.app_db_path.name}: not a ContractBox backup.")
    for name in names:
        problems = integrity_problems(source / name)
        if problems:
            raise RestoreError(f"The backup's {name} failed its integrity check: {'; '.join(problems)}")
    unknown = sorted(set(applied_migrations(source / settings.app_db_path.name)) - {name for name, _ in STEPS})
    if unknown:
        raise RestoreError(
            f"This backup was made by a newer version of ContractBox (schema step {unknown[-1]}). "
            "Restore it with that version or newer."
        )
    return names


def restore_backup(settings: Settings, source: Path) -> Path | None:
    """Restore; returns the folder holding the replaced databases (None if there were none)."""
    names = check_backup(settings, source)
    try:
        lock = ServerLock(settings.data_dir).acquire()
    except ServerRunningError as exc:
        raise RestoreError(f"{exc} Stop it first, then restore.") from None
    try:
        kept = set_aside_current(settings)
        for name in names:
            online_copy(source / name, settings.data_dir / name)
        return kept
    finally:
        lock.release()


def set_aside_current(settings: Settings) -> Path | None:
    current = [p for path in database_files(settings).values() for p in (path, *sidecars(path)) if p.exists()]
    if not current:
        return None
    folder = settings.data_dir / f"pre-restore-{now_iso().replace(':', '')}"
    folder.mkdir(parents=True)
    for path in current:
        shutil.move(str(path), folder / path.name)
    return folder
