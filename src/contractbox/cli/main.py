"""The `contractbox` command: the click group, and one module of this package per command group.
Every command that touches data takes --data-dir (or CONTRACTBOX_DATA_DIR) and works while a
server is running on the same data dir."""

from __future__ import annotations

import click

from contractbox import __version__
from contractbox.cli import analyze, console, desktop, importer, keys, ops, orgs, serve, users
from contractbox.cli.audit import AuditedGroup


@click.group(cls=AuditedGroup, invoke_without_command=True)
@click.version_option(__version__, prog_name="contractbox")
@click.pass_context
def main(ctx: click.Context) -> None:
    """ContractBox: contract review that never leaves this machine."""
    if ctx.invoked_subcommand is None:
        from contractbox.ops.launch import run_without_arguments

        run_without_arguments(ctx)


for command in (
    serve.serve,
    serve.quickstart,
    orgs.orgs,
    keys.keys,
    analyze.analyze_command,
    importer.import_command,
    console.console_url_command,
    console.admin_group,
    users.users,
    desktop.desktop_command,
    ops.backup_command,
    ops.restore_command,
    ops.doctor_command,
):
    main.add_command(command)
