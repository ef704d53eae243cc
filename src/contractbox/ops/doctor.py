"""`contractbox doctor`: what this installation is and whether its data dir is healthy.
Exit code 1 when any check fails; warnings alone exit 0."""

from __future__ import annotations

import os
import platform
import shutil
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from contractbox import __version__
from contractbox.core.migrations import STEPS
from contractbox.core.paths import loose_paths
from contractbox.core.serverlock import server_running
from contractbox.core.settings import Settings
from contractbox.ops.logfile import log_path
from contractbox.ops.sqlitefiles import BUSY_TIMEOUT_S, applied_migrations, integrity_problems

QUEUE_NAME = "contractbox"
DISK_FAIL_BYTES = 200 * 1024**2
DISK_WARN_BYTES = 2 * 1024**3
LIBRARIES = ("litestar", "uvicorn", "huey", "sqlite_utils", "pypdfium2", "msgspec", "click")
UNDELIVERED_STATES = ("pending", "sending", "scheduled", "retrying")


@dataclass
class Check:
    name: str
    status: str  # "ok", "warn" or "fail"
    detail: str


def versions() -> dict[str, str]:
    found = {
        "contractbox": __version__,
        "python": platform.python_version(),
        "sqlite": sqlite3.sqlite_version,
        "platform": platform.platform(),
        "build": "frozen binary" if getattr(sys, "frozen", False) else "source",
    }
    for name in LIBRARIES:
        found[name] = library_version(name)
    return found


def library_version(module_name: str) -> str:
    from importlib import import_module, metadata

    try:
        return metadata.version(module_name.replace("_", "-"))
    except metadata.PackageNotFoundError:
        pass
    try:
        return str(getattr(import_module(module_name), "__version__", "unknown"))
    except ImportError:
        return "missing"


def run_checks(settings: Settings) -> list[Check]:
    app_db, queue_db = settings.app_db_path, settings.queue_db_path
    steps: list[tuple[str, Callable[[], Check | None]]] = [
        ("data dir", lambda: check_data_dir(settings.data_dir)),
        ("permissions", lambda: check_permissions(settings.data_dir)),
        ("server", lambda: check_server(settings.data_dir)),
    ]
    if not app_db.exists():
        steps.append(
            (
                "app database",
                lambda: Check(
                    "app database",
                    "warn",
                    f"{app_db} not created yet (any command such as `contractbox serve` creates it)",
                ),
            )
        )
    else:
        steps += [
            ("app database integrity", lambda: check_integrity("app database", app_db)),
            ("migrations", lambda: check_migrations(app_db)),
            ("unfinished analyses", lambda: check_unfinished_analyses(app_db)),
            ("webhook deliveries", lambda: check_webhook_deliveries(app_db)),
        ]
    if queue_db.exists():
        steps += [
            ("queue database integrity", lambda: check_integrity("queue database", queue_db)),
            ("queue depth", lambda: check_queue_depth(queue_db)),
        ]
    else:
        steps.append(
            (
                "queue depth",
                lambda: Check(
                    "queue depth", "ok", "0 (the queue database is created by the first `contractbox serve`)"
                ),
            )
        )
    steps += [
        ("disk space", lambda: check_disk(settings.data_dir)),
        ("log file", lambda: check_logs(settings.data_dir)),
    ]
    return [c for name, step in steps if (c := guarded(name, step)) is not None]


def guarded(name: str, step: Callable[[], Check | None]) -> Check | None:
    """A check that cannot even read its database fails; the others still run."""
    try:
        return step()
    except (sqlite3.Error, OSError) as exc:
        return Check(name, "fail", f"{type(exc).__name__}: {exc}")


def check_data_dir(data_dir: Path) -> Check:
    if not data_dir.exists():
        return Check("data dir", "warn", f"{data_dir} does not exist yet")
    if not os.access(data_dir, os.W_OK):
        return Check("data dir", "fail", f"{data_dir} is not writable by this user")
    return Check("data dir", "ok", str(data_dir))


def check_permissions(data_dir: Path) -> Check | None:
    """The data dir holds contracts and webhook secrets: no one but its owner may read it."""
    if os.name != "posix":
        return None
    found = loose_paths(data_dir)
    if not found:
        return Check("permissions", "ok", "the data dir and its files are private to their owner (0700 / 0600)")
    shown = ", ".join(f"{path.relative_to(data_dir.parent)} {mode:04o}" for path, mode in found[:5])
    more = f" and {len(found) - 5} more" if len(found) > 5 else ""
    return Check(
        "permissions",
        "warn",
        f"readable by other users: {shown}{more}. `contractbox serve` tightens them at start, or run: chmod -R go= {data_dir}",
    )


def check_server(data_dir: Path) -> Check:
    return Check("server", "ok", "running on this data dir" if server_running(data_dir) else "not running")


def check_integrity(name: str, path: Path) -> Check:
    problems = integrity_problems(path)
    if problems:
        return Check(f"{name} integrity", "fail", "; ".join(problems[:5]))
    return Check(f"{name} integrity", "ok", f"{path.name} ({path.stat().st_size:,} bytes): integrity_check ok")


def check_migrations(path: Path) -> Check:
    applied = set(applied_migrations(path))
    known = [name for name, _ in STEPS]
    newer = sorted(applied - set(known))
    if newer:
        return Check(
            "migrations",
            "fail",
            f"data dir written by a newer ContractBox (unknown step {newer[-1]}); install that version or newer",
        )
    pending = [name for name in known if name not in applied]
    if pending:
        return Check("migrations", "warn", f"{len(pending)} step(s) to apply at the next start: {', '.join(pending)}")
    return Check("migrations", "ok", f"all {len(known)} steps applied (latest {known[-1]})")


def check_unfinished_analyses(path: Path) -> Check:
    rows = query(path, "SELECT status, COUNT(*) FROM analyses WHERE status IN ('queued', 'processing') GROUP BY status")
    counts = dict(rows)
    detail = ", ".join(f"{counts.get(s, 0)} {s}" for s in ("queued", "processing"))
    return Check("unfinished analyses", "ok", detail + " (resumed by the server)")


def check_webhook_deliveries(path: Path) -> Check | None:
    tables = [
        row[0]
        for row in query(path, "SELECT name FROM sqlite_master WHERE type='table' AND name LIKE 'webhook%deliver%'")
    ]
    if not tables:
        return None
    table = tables[0]
    columns = {row[1] for row in query(path, f"PRAGMA table_info({table})")}
    state_column = next((c for c in ("state", "status") if c in columns), None)
    if "finished_at" in columns:
        count = query(path, f"SELECT COUNT(*) FROM {table} WHERE finished_at IS NULL")[0][0]
    elif state_column:
        marks = ",".join("?" for _ in UNDELIVERED_STATES)
        count = query(path, f"SELECT COUNT(*) FROM {table} WHERE {state_column} IN ({marks})", UNDELIVERED_STATES)[0][0]
    else:
        return Check("webhook deliveries", "warn", f"table {table} has no column that tells pending deliveries")
    return Check("webhook deliveries", "ok", f"{count} pending")


def check_queue_depth(path: Path) -> Check:
    tasks = (
        query(path, "SELECT COUNT(*) FROM task WHERE queue = ?", (QUEUE_NAME,)) if has_table(path, "task") else [(0,)]
    )
    scheduled = (
        query(path, "SELECT COUNT(*) FROM schedule WHERE queue = ?", (QUEUE_NAME,))
        if has_table(path, "schedule")
        else [(0,)]
    )
    return Check("queue depth", "ok", f"{tasks[0][0]} ready, {scheduled[0][0]} scheduled")


def check_disk(data_dir: Path) -> Check:
    existing = next(p for p in (data_dir, *data_dir.parents) if p.exists())
    free = shutil.disk_usage(existing).free
    detail = f"{free / 1024**3:.1f} GiB free on the data dir's disk"
    status = "fail" if free < DISK_FAIL_BYTES else "warn" if free < DISK_WARN_BYTES else "ok"
    return Check("disk space", status, detail)


def check_logs(data_dir: Path) -> Check:
    path = log_path(data_dir)
    return Check(
        "log file", "ok", f"{path} ({path.stat().st_size:,} bytes)" if path.exists() else f"{path} (not written yet)"
    )


def has_table(path: Path, name: str) -> bool:
    return bool(query(path, "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)))


def query(path: Path, sql: str, params: tuple = ()) -> list[tuple]:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


def report(settings: Settings) -> dict:
    checks = run_checks(settings)
    return {
        "ok": all(c.status != "fail" for c in checks),
        "dataDir": str(settings.data_dir),
        "versions": versions(),
        "checks": [asdict(c) for c in checks],
    }


def render_text(result: dict) -> str:
    lines = [f"ContractBox {result['versions']['contractbox']}  data dir: {result['dataDir']}", ""]
    lines += [f"  {name:<12} {value}" for name, value in result["versions"].items() if name != "contractbox"]
    lines.append("")
    marks = {"ok": "ok  ", "warn": "WARN", "fail": "FAIL"}
    lines += [f"  [{marks[c['status']]}] {c['name']}: {c['detail']}" for c in result["checks"]]
    lines += ["", "No problems found." if result["ok"] else "Problems found (see FAIL above)."]
    return "\n".join(lines)
