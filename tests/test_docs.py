"""The README documents every CLI command and every setting (datasette-style docs test)."""

from __future__ import annotations

import click

from conftest import REPO
from contractbox.cli import main
from contractbox.core.settings import documented_settings

README = (REPO / "README.md").read_text()


def command_paths(group: click.Group, prefix: str = "contractbox") -> list[str]:
    paths = []
    for name, command in group.commands.items():
        path = f"{prefix} {name}"
        if isinstance(command, click.Group):
            paths += command_paths(command, path)
        else:
            paths.append(path)
    return paths


def test_every_cli_command_is_in_the_readme() -> None:
    missing = [path for path in command_paths(main) if f"`{path}" not in README]
    assert not missing, f"document these commands in README.md: {missing}"


def test_every_setting_is_in_the_readme() -> None:
    missing = [env for env, _, _ in documented_settings() if f"`{env}`" not in README]
    assert not missing, f"document these settings in README.md: {missing}"
