"""`contractbox keys create|list|revoke`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, open_store
from contractbox.keys.scopes import RESOURCE_SCOPES


@click.group()
def keys() -> None:
    """API keys: create (secret shown once), list, revoke."""


@keys.command("create")
@data_dir_option
@click.option("--org", "org_ref", required=True, help="Organization id or exact name.")
@click.option("--mode", type=click.Choice(["test", "live"]), required=True)
@click.option(
    "--scopes",
    default=",".join(RESOURCE_SCOPES),
    show_default=True,
    help="Comma-separated scopes, at least one (an empty list is refused).",
)
@click.option("--name", default=None, help="A name to recognise the key by.")
@click.option("--json", "as_json", is_flag=True, help='Print one line {"keyId", "secret", "mode", "scopes", "orgId"}.')
def keys_create(data_dir: Path | None, org_ref: str, mode: str, scopes: str, name: str | None, as_json: bool) -> None:
    """Create an API key; the secret is printed once and never stored."""
    from contractbox.keys.service import KeyError_, create_key
    from contractbox.orgs.service import OrgError

    scope_list = scopes.split(",")  # blanks, repeats and an empty list are judged by create_key
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
            click.echo(
                f"{row['keyId']}  {row['mode']}  {row['prefix']}…{row['last4']}  {row['name'] or '-'}  {','.join(row['scopes'])}  {state}"
            )


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
