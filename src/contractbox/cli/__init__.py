"""The `contractbox` command line (an entry point: it builds what it needs, nothing imports it)."""

from contractbox.cli.main import main

__all__ = ["main"]
