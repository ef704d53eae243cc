"""`contractbox users create|list|disable|set-password`: console users and their roles."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, load_settings, open_store

ROLE_CHOICE = click.Choice(["administrator", "reviewer", "viewer"])


@click.group()
def users() -> None:
    """Console users: administrators, reviewers and viewers."""


def _read_password(password_stdin: bool, who: str) -> str:
    from contractbox.users.service import MIN_LENGTH

    if password_stdin:
        return sys.stdin.readline().rstrip("\r\n")
    return click.prompt(
        f"Password for {who} (at least {MIN_LENGTH} characters)", hide_input=True, confirmation_prompt=True
    )


@users.command("create")
@data_dir_option
@click.option("--username", required=True, help="Sign-in name: letters, digits, '.', '_' or '-'.")
@click.option("--name", required=True, help="Display name, shown in reviews and the audit log.")
@click.option("--role", type=ROLE_CHOICE, default="reviewer", show_default=True)
@click.option("--password-stdin", is_flag=True, help="Read a password from the first line of standard input.")
@click.option("--link", is_flag=True, help="Print a one-time sign-in link for the new user (needs a running server).")
@click.option("--json", "as_json", is_flag=True, help="Print the user as JSON.")
def users_create(
    data_dir: Path | None, username: str, name: str, role: str, password_stdin: bool, link: bool, as_json: bool
) -> None:
    """Create a user; without --password-stdin they sign in with a --link (or a password set later)."""
    from contractbox.users.service import PasswordError, UserError, create_user

    password = _read_password(True, username) if password_stdin else None
    store = open_store(data_dir)
    try:
        user = create_user(store, username, name, role, password)
    except (UserError, PasswordError) as exc:
        fail(exc.message)
    click.echo(json.dumps(user.as_json()) if as_json else f"Created {user.role} {user.username} ({user.id}).")
    if link:
        _print_link(data_dir, user.id)


def _print_link(data_dir: Path | None, user_id: str) -> None:
    from contractbox.console.serverinfo import read_server_info
    from contractbox.console.sessions import create_login_link

    settings = load_settings(data_dir)
    info = read_server_info(settings.data_dir)
    if info is None:
        fail(
            f"No ContractBox server is running on {settings.data_dir}; start one, then run `contractbox console-url --username ...`."
        )
    token = create_login_link(open_store(data_dir), user_id)
    click.echo(f"{info['url'].rstrip('/')}/console/login#link={token}")


@users.command("list")
@data_dir_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
def users_list(data_dir: Path | None, as_json: bool) -> None:
    """List users (never their password hashes)."""
    from contractbox.users.service import list_users

    for user in list_users(open_store(data_dir)):
        if as_json:
            click.echo(json.dumps(user.as_json()))
        else:
            state = "disabled" if user.disabled else f"last sign-in {user.last_sign_in_at or 'never'}"
            click.echo(f"{user.id}  {user.username}  {user.role}  {user.name}  {state}")


@users.command("disable")
@data_dir_option
@click.option("--username", required=True)
@click.option("--enable", is_flag=True, help="Enable the user again instead.")
def users_disable(data_dir: Path | None, username: str, enable: bool) -> None:
    """Disable a user (their sessions end at once), or --enable them again."""
    from contractbox.users.service import UserError, find_user, update_user

    store = open_store(data_dir)
    user = find_user(store, username)
    if user is None:
        fail(f"No user named '{username}'.")
    try:
        user = update_user(store, user.id, disabled=not enable)
    except UserError as exc:
        fail(exc.message)
    click.echo(f"{user.username} is {'disabled' if user.disabled else 'enabled'}.")


@users.command("set-password")
@data_dir_option
@click.option("--username", required=True)
@click.option("--password-stdin", is_flag=True, help="Read the password from the first line of standard input.")
def users_set_password(data_dir: Path | None, username: str, password_stdin: bool) -> None:
    """Set a user's password (scrypt-hashed); also clears their sign-in lockout."""
    from contractbox.users.service import PasswordError, find_user, set_user_password

    store = open_store(data_dir)
    user = find_user(store, username)
    if user is None:
        fail(f"No user named '{username}'.")
    password = _read_password(password_stdin, user.username)
    try:
        set_user_password(store, user.id, password)
    except PasswordError as exc:
        fail(exc.message)
    click.echo(f"Password set for {user.username}.")
