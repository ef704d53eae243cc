"""Every setting, its environment variable and its default. README's Configuration table and
tests/test_docs.py are kept in step with SETTINGS below."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

ENV_PREFIX = "CONTRACTBOX_"


def _flag(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _delays(value: str) -> tuple[int, ...]:
    return tuple(int(part) for part in value.split(",") if part.strip())


def default_data_dir() -> Path:
    return Path(platformdirs.user_data_dir("ContractBox", appauthor=False))


@dataclass(frozen=True)
class Settings:
    data_dir: Path = field(
        default_factory=default_data_dir, metadata={"env": "DATA_DIR", "doc": "Where the databases and logs live."}
    )
    workers: int = field(
        default=0,
        metadata={
            "env": "WORKERS",
            "doc": "Analysis worker processes; 0 means one per CPU core. See docs/operations.md, Workers and scheduling.",
        },
    )
    org_max_running: int = field(
        default=0,
        metadata={
            "env": "ORG_MAX_RUNNING",
            "doc": "Analyses one organization may run at once while another organization has work waiting; "
            "0 means half the workers, at least 1.",
        },
    )
    rate_limit_per_minute: int = field(
        default=1200,
        metadata={"env": "RATE_LIMIT_PER_MINUTE", "doc": "Requests per API key per minute before 429 rate_limited."},
    )
    url_allow_loopback: bool = field(
        default=False,
        metadata={"env": "URL_ALLOW_LOOPBACK", "doc": "Allow URL sources on loopback addresses (127.0.0.0/8, ::1)."},
    )
    webhook_allow_loopback: bool = field(
        default=False,
        metadata={"env": "WEBHOOK_ALLOW_LOOPBACK", "doc": "Allow webhook endpoints on loopback addresses."},
    )
    webhook_retry_delays: tuple[int, ...] = field(
        default=(60, 300, 1800, 7200, 18000, 36000, 43200, 43200, 43200, 43200, 43200),
        metadata={
            "env": "WEBHOOK_RETRY_DELAYS",
            "doc": "Seconds between webhook delivery attempts, comma-separated (about three days by default).",
        },
    )
    max_connections: int = field(
        default=1000,
        metadata={
            "env": "MAX_CONNECTIONS",
            "doc": "Open client connections at most (lowered to fit the open-file limit); see docs/robustness.md.",
        },
    )
    header_timeout: int = field(
        default=10,
        metadata={"env": "HEADER_TIMEOUT", "doc": "Seconds a connection may take to send a request's headers."},
    )
    body_timeout: int = field(
        default=30,
        metadata={"env": "BODY_TIMEOUT", "doc": "Seconds a request's body may pause before the connection is closed."},
    )
    org_storage_live_mb: int = field(
        default=10240,
        metadata={
            "env": "ORG_STORAGE_LIVE_MB",
            "doc": "Megabytes one organization may keep in live mode (sources and saved contracts); 0: no limit.",
        },
    )
    org_storage_test_mb: int = field(
        default=1024,
        metadata={
            "env": "ORG_STORAGE_TEST_MB",
            "doc": "Megabytes one organization may keep in test mode; 0: no limit.",
        },
    )
    source_retention_days: int = field(
        default=30,
        metadata={
            "env": "SOURCE_RETENTION_DAYS",
            "doc": "Days after which an unsaved analysis' source document is removed; 0 keeps them.",
        },
    )
    retention_sweep_seconds: int = field(
        default=3600,
        metadata={"env": "RETENTION_SWEEP_SECONDS", "doc": "Seconds between two runs of the retention sweep."},
    )
    max_large_uploads: int = field(
        default=2,
        metadata={
            "env": "MAX_LARGE_UPLOADS",
            "doc": "Request bodies over 1 MB handled at once (others are spooled to disk and wait).",
        },
    )
    log_level: str = field(default="INFO", metadata={"env": "LOG_LEVEL", "doc": "Log level of the server log."})
    log_max_bytes: int = field(
        default=10_000_000, metadata={"env": "LOG_MAX_BYTES", "doc": "Size at which logs/contractbox.log is rotated."}
    )
    log_backups: int = field(
        default=5, metadata={"env": "LOG_BACKUPS", "doc": "Rotated log files kept (contractbox.log.1 ... .N)."}
    )
    allowed_hosts: str = field(
        default="",
        metadata={
            "env": "ALLOWED_HOSTS",
            "doc": "Host names, comma-separated, the console answers to besides IP addresses, localhost and this "
            "machine's name (DNS rebinding guard); * allows any.",
        },
    )

    @property
    def app_db_path(self) -> Path:
        return self.data_dir / "contractbox.db"

    @property
    def queue_db_path(self) -> Path:
        return self.data_dir / "queue.db"

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, /, **overrides: object) -> Settings:
        env = dict(os.environ if env is None else env)
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(ENV_PREFIX + f.metadata["env"])
            if raw is None or raw == "":
                continue
            values[f.name] = _parse(f.type, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        if "data_dir" in values:
            values["data_dir"] = Path(str(values["data_dir"])).expanduser().resolve()
        return cls(**values)


def _parse(type_name: object, raw: str) -> object:
    parsers: dict[str, Callable[[str], object]] = {
        "Path": Path,
        "int": int,
        "bool": _flag,
        "str": str,
        "tuple[int, ...]": _delays,
    }
    return parsers[str(type_name)](raw)


def documented_settings() -> list[tuple[str, str, str]]:
    """(environment variable, default, description) for every setting."""
    rows = []
    for f in fields(Settings):
        default = "platform user data dir" if f.name == "data_dir" else f.default
        if isinstance(default, tuple):
            default = ",".join(str(x) for x in default)
        rows.append((ENV_PREFIX + f.metadata["env"], str(default), f.metadata["doc"]))
    return rows
