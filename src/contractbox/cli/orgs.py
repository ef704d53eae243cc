"""`contractbox orgs create|list|approve-live|revoke-live`."""

from __future__ import annotations

import json
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, open_store


@click.group()
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
            click.echo(
                f"{org.id}  {org.name}  live={'approved' if org.live_approved else 'not approved'}  created {org.created_at}"
            )


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
