"""`contractbox serve` and `contractbox quickstart`."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from contractbox.cli.common import data_dir_option, fail, load_settings, open_store
from contractbox.keys.scopes import RESOURCE_SCOPES


@click.command()
@data_dir_option
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0 for the LAN).")
@click.option("--port", default=8000, show_default=True, type=int, help="Port to listen on.")
@click.option(
    "--workers",
    type=int,
    default=None,
    help="Analysis worker processes (default: CONTRACTBOX_WORKERS, or one per CPU core).",
)
@click.option(
    "--tls-cert", type=click.Path(exists=True, dir_okay=False), default=None, help="PEM certificate: serve HTTPS."
)
@click.option(
    "--tls-key", type=click.Path(exists=True, dir_okay=False), default=None, help="PEM private key for --tls-cert."
)
def serve(
    data_dir: Path | None, host: str, port: int, workers: int | None, tls_cert: str | None, tls_key: str | None
) -> None:
    """Run the API server (and the console UI) in the foreground."""
    from contractbox.server.run import run_server

    if bool(tls_cert) != bool(tls_key):
        fail("--tls-cert and --tls-key go together.")
    settings = load_settings(data_dir, workers=workers)
    run_server(settings, host, port, tls_cert=tls_cert, tls_key=tls_key)


@click.command()
@data_dir_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True, type=int)
def quickstart(data_dir: Path | None, host: str, port: int) -> None:
    """Create a demo organization and a fresh test key, print a copy-paste quick start, then serve."""
    from contractbox.keys.service import create_key
    from contractbox.ops.quickstart import guide, preflight
    from contractbox.orgs.service import OrgError, create_org, find_org
    from contractbox.server.run import run_server

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
