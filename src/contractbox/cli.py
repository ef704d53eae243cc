"""The `contractbox` command. Every command that touches data takes --data-dir (or
CONTRACTBOX_DATA_DIR) and works while a server is running on the same data dir."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from contractbox import __version__
from contractbox.db import Store
from contractbox.keys.scopes import RESOURCE_SCOPES
from contractbox.migrations import NewerDataDirError
from contractbox.settings import Settings

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
    settings = load_settings(data_dir)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(settings.app_db_path)
    try:
        store.migrate()
    except NewerDataDirError as exc:
        raise click.ClickException(str(exc)) from None
    return store


def fail(message: str) -> None:
    click.echo(f"Error: {message}", err=True)
    sys.exit(1)


@click.group(invoke_without_command=True)
@click.version_option(__version__, prog_name="contractbox")
@click.pass_context
def main(ctx: click.Context) -> None:
    """ContractBox: contract review that never leaves this machine."""
    if ctx.invoked_subcommand is None:
        from contractbox.ops.launch import run_without_arguments

        run_without_arguments(ctx)


# --- serve ---------------------------------------------------------------------------------


@main.command()
@data_dir_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for the LAN).")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option("--workers", type=int, default=None, help="Analysis worker threads (default: CONTRACTBOX_WORKERS or 2).")
@click.option("--tls-cert", type=click.Path(exists=True, dir_okay=False), default=None, help="PEM certificate: serve HTTPS.")
@click.option("--tls-key", type=click.Path(exists=True, dir_okay=False), default=None, help="PEM private key for --tls-cert.")
def serve(data_dir: Path | None, host: str, port: int, workers: int | None, tls_cert: str | None, tls_key: str | None) -> None:
    """Run the API server (and the console UI) in the foreground."""
    from contractbox.server import run_server

    if bool(tls_cert) != bool(tls_key):
        fail("--tls-cert and --tls-key go together.")
    settings = load_settings(data_dir, workers=workers)
    run_server(settings, host, port, tls_cert=tls_cert, tls_key=tls_key)


@main.command()
@data_dir_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def quickstart(data_dir: Path | None, host: str, port: int) -> None:
    """Create a demo organization and a fresh test key, print a copy-paste quick start, then serve."""
    from contractbox.keys.service import create_key
    from contractbox.ops.quickstart import guide, preflight
    from contractbox.orgs.service import OrgError, create_org, find_org
    from contractbox.server import run_server

    settings = load_settings(data_dir)
    problem = preflight(settings.data_dir, host, port)
    if problem:
        fail(problem)
    store = open_store(data_dir)
    try:
        org = find_org(store, "Demo")
    except OrgError:
        org = create_org(store, "Demo")
    key = create_key(store, org.id, "test", list(RESOURCE_SCOPES), name="quickstart")
    store.close()
    base = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}"
    click.echo(guide(base, key.secret, settings.data_dir.resolve()))
    sys.stdout.flush()  # before serving blocks: a pipe would otherwise hold the key back
    run_server(settings, host, port)


# --- orgs ----------------------------------------------------------------------------------


@main.group()
def orgs() -> None:
    """Organizations and their live access."""


@orgs.command("create")
@data_dir_option
@click.argument("name")
@click.option("--json", "as_json", is_flag=True, help="Print the organization as JSON.")
def orgs_create(data_dir: Path | None, name: str, as_json: bool) -> None:
    """Create an organization named NAME."""
    from contractbox.orgs.service import OrgError, create_org

    try:
        org = create_org(open_store(data_dir), name)
    except OrgError as exc:
        fail(str(exc))
    click.echo(json.dumps(org.as_json()) if as_json else f"Created organization {org.name} ({org.id}).")


@orgs.command("list")
@data_dir_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
def orgs_list(data_dir: Path | None, as_json: bool) -> None:
    """List organizations."""
    from contractbox.orgs.service import list_orgs

    for org in list_orgs(open_store(data_dir)):
        if as_json:
            click.echo(json.dumps(org.as_json()))
        else:
            click.echo(f"{org.id}  {org.name}  live={'approved' if org.live_approved else 'not approved'}  created {org.created_at}")


def _set_live(data_dir: Path | None, org_ref: str, approved: bool) -> None:
    from contractbox.orgs.service import OrgError, set_live_approval

    try:
        org = set_live_approval(open_store(data_dir), org_ref, approved)
    except OrgError as exc:
        fail(str(exc))
    click.echo(f"Live access for {org.name} ({org.id}): {'approved' if org.live_approved else 'withdrawn'}.")


@orgs.command("approve-live")
@data_dir_option
@click.argument("org")
def orgs_approve_live(data_dir: Path | None, org: str) -> None:
    """Approve ORG (id or exact name) for live keys."""
    _set_live(data_dir, org, True)


@orgs.command("revoke-live")
@data_dir_option
@click.argument("org")
def orgs_revoke_live(data_dir: Path | None, org: str) -> None:
    """Withdraw live access from ORG; its live keys then get 403 live_access_not_approved."""
    _set_live(data_dir, org, False)


# --- keys ----------------------------------------------------------------------------------


@main.group()
def keys() -> None:
    """API keys: create (secret shown once), list, revoke."""


@keys.command("create")
@data_dir_option
@click.option("--org", "org_ref", required=True, help="Organization id or exact name.")
@click.option("--mode", type=click.Choice(["test", "live"]), required=True)
@click.option("--scopes", default=",".join(RESOURCE_SCOPES), show_default=True, help="Comma-separated scopes.")
@click.option("--name", default=None, help="A name to recognise the key by.")
@click.option("--json", "as_json", is_flag=True, help='Print one line {"keyId", "secret", "mode", "scopes", "orgId"}.')
def keys_create(data_dir: Path | None, org_ref: str, mode: str, scopes: str, name: str | None, as_json: bool) -> None:
    """Create an API key; the secret is printed once and never stored."""
    from contractbox.keys.service import KeyError_, create_key
    from contractbox.orgs.service import OrgError

    scope_list = [s.strip() for s in scopes.split(",") if s.strip()]
    try:
        key = create_key(open_store(data_dir), org_ref, mode, scope_list, name)
    except (KeyError_, OrgError) as exc:
        fail(str(exc))
    if as_json:
        click.echo(json.dumps(key.as_json()))
    else:
        click.echo(f"Created {mode} key {key.key_id} for {key.org_id} with scopes {', '.join(key.scopes)}.")
        click.echo(f"Secret (shown once, store it now): {key.secret}")


@keys.command("list")
@data_dir_option
@click.option("--org", "org_ref", required=True, help="Organization id or exact name.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON lines.")
def keys_list(data_dir: Path | None, org_ref: str, as_json: bool) -> None:
    """List an organization's keys (never their secrets)."""
    from contractbox.keys.service import list_keys
    from contractbox.orgs.service import OrgError

    try:
        rows = list_keys(open_store(data_dir), org_ref)
    except OrgError as exc:
        fail(str(exc))
    for row in rows:
        if as_json:
            click.echo(json.dumps(row))
        else:
            state = f"revoked {row['revokedAt']}" if row["revokedAt"] else f"last used {row['lastUsedAt'] or 'never'}"
            click.echo(f"{row['keyId']}  {row['mode']}  {row['prefix']}…{row['last4']}  {row['name'] or '-'}  {','.join(row['scopes'])}  {state}")


@keys.command("revoke")
@data_dir_option
@click.argument("key_id")
def keys_revoke(data_dir: Path | None, key_id: str) -> None:
    """Revoke KEY_ID at once; requests with it get 401 invalid_api_key."""
    from contractbox.keys.service import KeyError_, revoke_key

    try:
        row = revoke_key(open_store(data_dir), key_id)
    except KeyError_ as exc:
        fail(str(exc))
    click.echo(f"Revoked {row['keyId']} at {row['revokedAt']}.")


# Commands defined in their domain packages: (module, click object). Each module's command
# or group is added to `contractbox` under its own name.
COMMAND_MODULES: list[tuple[str, str]] = [
    ("contractbox.engine.cli", "analyze_command"),
    ("contractbox.console.cli", "console_url_command"),
    ("contractbox.console.cli", "admin_group"),
    ("contractbox.desktop", "desktop_command"),
    ("contractbox.ops.backup", "backup_command"),
    ("contractbox.ops.restore", "restore_command"),
    ("contractbox.ops.doctor", "doctor_command"),
]


def _register_domain_commands() -> None:
    import importlib

    for module_name, attribute in COMMAND_MODULES:
        main.add_command(getattr(importlib.import_module(module_name), attribute))


_register_domain_commands()
