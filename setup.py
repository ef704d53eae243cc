"""Only a build hook; the project is described in pyproject.toml.

The web UI lives in `ui/` at the top of the repository (the browser tests, the docs and the
editable install use it there). Wheels carry it inside the package as `contractbox/ui/`, where
`contractbox.core.paths.ui_dir()` looks first; see docs/packaging.md."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

UI_SOURCE = Path(__file__).resolve().parent / "ui"


class BuildPyWithUi(build_py):
    """build_py, then ui/ copied to <build_lib>/contractbox/ui (skipped by editable installs,
    which serve ui/ from the checkout)."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "contractbox" / "ui"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(UI_SOURCE, target)


setup(cmdclass={"build_py": BuildPyWithUi})
