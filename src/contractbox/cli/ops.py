"""`contractbox backup`, `restore` and `doctor`: the commands over the operations in contractbox.ops."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, load_settings

# The ops modules are imported in the commands: they bring sqlite-utils, which other commands
# (`contractbox analyze`) do without.


@click.command("backup")
@data_dir_option
@click.argument("dest", type=click.Path(file_okay=False, path_type=Path))
def backup_command(data_dir: Path | None, dest: Path) -> None:
    """Copy the databases to the directory DEST (consistent, safe while serving)."""
    from contractbox.ops.backup import BackupError, create_backup

    settings = load_settings(data_dir)
    try:
        result = create_backup(settings, dest.expanduser().resolve())
    except BackupError as exc:
        fail(str(exc))
    click.echo(f"Backed up {', '.join(result.files)} from {settings.data_dir} to {result.destination} (integrity ok).")


@click.command("restore")
@data_dir_option
@click.argument("src", type=click.Path(exists=True, file_okay=False, path_type=Path))
def restore_command(data_dir: Path | None, src: Path) -> None:
    """Replace the data dir's databases with the backup in SRC (refused while a server runs)."""
    from contractbox.ops.restore import RestoreError, restore_backup

    settings = load_settings(data_dir)
    try:
        kept = restore_backup(settings, src.expanduser().resolve())
    except RestoreError as exc:
        fail(str(exc))
    click.echo(f"Restored {src} into {settings.data_dir}.")
    if kept:
        click.echo(f"The databases it replaced are in {kept}.")


@click.command("doctor")
@data_dir_option
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def doctor_command(data_dir: Path | None, as_json: bool) -> None:
    """Versions, data dir, database integrity, migrations, queue, disk; exit 1 on problems."""
    from contractbox.ops.doctor import render_text, report

    result = report(load_settings(data_dir))
    click.echo(json.dumps(result, indent=2) if as_json else render_text(result))
    sys.exit(0 if result["ok"] else 1)
