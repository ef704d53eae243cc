"""What every command shares: --data-dir, the settings and store it names, and how to fail."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import click

from contractbox.core.settings import Settings

if TYPE_CHECKING:
    from contractbox.core.store import Store

data_dir_option = click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    envvar="CONTRACTBOX_DATA_DIR",
    default=None,
    help="Data directory (default: CONTRACTBOX_DATA_DIR, else the platform's user data dir).",
)


def load_settings(data_dir: Path | None, **overrides: object) -> Settings:
    return Settings.from_env(data_dir=data_dir, **overrides)


def open_store(data_dir: Path | None) -> Store:
    # Imported here: sqlite-utils is the slowest import, and `contractbox analyze` needs no store.
    from contractbox.core.migrations import NewerDataDirError
    from contractbox.core.paths import secure_data_dir
    from contractbox.core.store import Store

    settings = load_settings(data_dir)
    secure_data_dir(settings.data_dir)
    store = Store(settings.app_db_path)
    try:
        store.migrate()
    except NewerDataDirError as exc:
        raise click.ClickException(str(exc)) from None
    return store


def fail(message: str) -> NoReturn:
    click.echo(f"Error: {message}", err=True)
    sys.exit(1)
