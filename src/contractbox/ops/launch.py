"""What `contractbox` does when started with no arguments (as a double-clicked binary is):
open the desktop window when there is a display to open it on, else say how to start."""

from __future__ import annotations

import importlib.util
import os
import sys

import click

HEADLESS_HELP = """ContractBox {version}: {reason}.

Start the API server (and the browser console) on this machine:
  {prog} serve                      # http://127.0.0.1:8000, API reference at /docs
  {prog} serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem   # for the LAN

With a display:
  {prog} desktop                    # the desktop window

Print the URL of the console of a running server:
  {prog} console-url

First steps: {prog} orgs create NAME, then {prog} keys create --org NAME --mode test.
Check an installation: {prog} doctor.   All commands: {prog} --help
"""


def has_display(platform: str = sys.platform, env: dict[str, str] | None = None) -> bool:
    env = dict(os.environ) if env is None else env
    if platform.startswith("linux") or "bsd" in platform:
        return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))
    return True  # Windows and macOS always have a desktop session for a double-clicked program


def desktop_command(ctx: click.Context) -> click.Command | None:
    """The `desktop` command if this build has it and the window toolkit is importable."""
    group = ctx.command
    command = group.get_command(ctx, "desktop") if isinstance(group, click.Group) else None
    if command is None or not window_toolkit_available():
        return None
    return command


def window_toolkit_available() -> bool:
    return importlib.util.find_spec("webview") is not None


def run_without_arguments(ctx: click.Context) -> None:
    from contractbox import __version__

    display = has_display()
    command = desktop_command(ctx) if display else None
    if command is not None:
        ctx.invoke(command)
        return
    reason = "this build has no desktop window" if display else "no display found, so no desktop window"
    prog = os.path.basename(sys.argv[0]) or "contractbox"
    click.echo(HEADLESS_HELP.format(version=__version__, prog=prog, reason=reason))
    ctx.exit(0)
