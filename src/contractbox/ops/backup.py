"""`contractbox backup DEST`: consistent copies of the app and queue databases, safe while a
server runs, each checked with `PRAGMA integrity_check`, plus a manifest."""

from __future__ import annotations

import json
import platform
from dataclasses import dataclass
from pathlib import Path

from contractbox import __version__
from contractbox.core.clock import now_iso
from contractbox.core.migrations import STEPS
from contractbox.core.settings import Settings
from contractbox.ops.sqlitefiles import applied_migrations, database_files, integrity_problems, online_copy

MANIFEST_NAME = "manifest.json"


class BackupError(Exception):
    pass


@dataclass
class BackupResult:
    destination: Path
    files: list[str]
    migrations: list[str]


def create_backup(settings: Settings, destination: Path) -> BackupResult:
    sources = database_files(settings)
    if not sources[settings.app_db_path.name].exists():
        raise BackupError(f"No ContractBox database in {settings.data_dir}: nothing to back up.")
    if destination.resolve() == settings.data_dir.resolve():
        raise BackupError("The backup destination must not be the data directory itself.")
    destination.mkdir(parents=True, exist_ok=True)
    existing = [name for name in (*sources, MANIFEST_NAME) if (destination / name).exists()]
    if existing:
        raise BackupError(f"{destination} already holds a backup ({', '.join(existing)}); choose an empty directory.")
    copied = []
    for name, source in sources.items():
        if not source.exists():
            continue
        online_copy(source, destination / name)
        problems = integrity_problems(destination / name)
        if problems:
            raise BackupError(f"The copy of {name} failed its integrity check: {'; '.join(problems)}")
        copied.append(name)
    migrations = applied_migrations(destination / settings.app_db_path.name)
    write_manifest(destination, copied, migrations, settings)
    return BackupResult(destination, copied, migrations)


def write_manifest(destination: Path, files: list[str], migrations: list[str], settings: Settings) -> None:
    manifest = {
        "contractboxVersion": __version__,
        "createdAt": now_iso(),
        "sourceDataDir": str(settings.data_dir),
        "host": platform.node(),
        "files": files,
        "migrations": migrations,
        "knownMigrations": [name for name, _ in STEPS],
    }
    (destination / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
