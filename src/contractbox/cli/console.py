"""`contractbox console-url` and `contractbox admin set-password`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, load_settings, open_store


@click.command("console-url")
@data_dir_option
@click.option(
    "--base-url",
    default=None,
    help="Address to put in the link (default: where the running server listens, from server.json).",
)
@click.option("--username", default="admin", show_default=True, help="The user the link signs in as.")
def console_url_command(data_dir: Path | None, base_url: str | None, username: str) -> None:
    """Print a one-time sign-in link to the running server's console (valid 10 minutes)."""
    from contractbox.console.serverinfo import read_server_info
    from contractbox.console.sessions import LINK_LIFETIME, create_login_link

    settings = load_settings(data_dir)
    if base_url is None:
        info = read_server_info(settings.data_dir)
        if info is None:
            fail(
                f"No ContractBox server is running on {settings.data_dir}. Start one with "
                f"`contractbox serve --data-dir {settings.data_dir}` (or `contractbox desktop`), or pass --base-url."
            )
        base_url = info["url"]
    from contractbox.users.service import find_user

    store = open_store(data_dir)
    user = find_user(store, username)
    if user is None or user.disabled:
        fail(f"No enabled user named '{username}'. `contractbox users list` shows them.")
    token = create_login_link(store, user.id)
    click.echo(f"{base_url.rstrip('/')}/console/login#link={token}")
    click.echo(
        f"Open it in a browser within {int(LINK_LIFETIME.total_seconds() // 60)} minutes; it works once.", err=True
    )


@click.group("admin")
def admin_group() -> None:
    """The `admin` user: its password for LAN sign-in (other users: `contractbox users`)."""


@admin_group.command("set-password")
@data_dir_option
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of standard input.")
def set_password_command(data_dir: Path | None, password_stdin: bool) -> None:
    """Set the `admin` user's password (scrypt-hashed); also clears its sign-in lockout."""
    from contractbox.console.passwords import MIN_LENGTH, PasswordError, set_password

    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
    else:
        password = click.prompt(
            f"New console password (at least {MIN_LENGTH} characters)", hide_input=True, confirmation_prompt=True
        )
    store = open_store(data_dir)
    try:
        set_password(store, password)
    except PasswordError as exc:
        fail(exc.message)
    click.echo("Console password set. Sign in at /console/login on the server's address.")
