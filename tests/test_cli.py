"""The CLI as an operator uses it: real subprocesses, exit codes and messages."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from conftest import REPO, Server, free_port, run_cli


def contractbox(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "contractbox", *args, "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=60)


def test_orgs_and_keys_lifecycle(tmp_path: Path) -> None:
    created = contractbox(tmp_path, "orgs", "create", "Lawfirm LLP", "--json")
    assert created.returncode == 0, created.stderr
    org = json.loads(created.stdout)
    assert org["orgId"].startswith("org_") and org["liveApproved"] is False

    refused = contractbox(tmp_path, "keys", "create", "--org", "Lawfirm LLP", "--mode", "live")
    assert refused.returncode == 1 and "not approved for live access" in refused.stderr

    assert contractbox(tmp_path, "orgs", "approve-live", org["orgId"]).returncode == 0
    live = contractbox(tmp_path, "keys", "create", "--org", "Lawfirm LLP", "--mode", "live", "--scopes", "analyses:read,usage:read", "--name", "ci", "--json")
    key = json.loads(live.stdout)
    assert set(key) == {"keyId", "secret", "mode", "scopes", "orgId"}
    assert key["secret"].startswith("fpk_live_") and len(key["secret"]) == len("fpk_live_") + 32
    assert key["scopes"] == ["analyses:read", "usage:read"] and key["orgId"] == org["orgId"]

    listed = contractbox(tmp_path, "keys", "list", "--org", org["orgId"])
    assert key["keyId"] in listed.stdout and key["secret"] not in listed.stdout
    assert contractbox(tmp_path, "keys", "revoke", key["keyId"]).returncode == 0
    assert "revoked" in contractbox(tmp_path, "keys", "list", "--org", org["orgId"]).stdout


def test_secrets_are_stored_only_as_hashes(tmp_path: Path) -> None:
    run_cli(tmp_path, "orgs", "create", "Hashco")
    code, output = run_cli(tmp_path, "keys", "create", "--org", "Hashco", "--mode", "test", "--json")
    secret = json.loads(output)["secret"]
    assert secret.encode() not in (tmp_path / "contractbox.db").read_bytes()
    for extra in tmp_path.glob("contractbox.db-*"):
        assert secret.encode() not in extra.read_bytes()


def test_bad_arguments_exit_1_with_a_message(tmp_path: Path) -> None:
    assert contractbox(tmp_path, "keys", "create", "--org", "nobody", "--mode", "test").returncode == 1
    unknown_scope = contractbox(tmp_path, "orgs", "create", "Scopeco")
    assert unknown_scope.returncode == 0
    bad = contractbox(tmp_path, "keys", "create", "--org", "Scopeco", "--mode", "test", "--scopes", "everything")
    assert bad.returncode == 1 and "Unknown scope" in bad.stderr
    duplicate = contractbox(tmp_path, "orgs", "create", "Scopeco")
    assert duplicate.returncode == 1 and "already exists" in duplicate.stderr
    assert contractbox(tmp_path, "keys", "revoke", "key_nope").returncode == 1


def test_cli_works_while_the_server_runs(server: Server) -> None:
    org = server.org("cli-while-serving")
    key = server.key(org)
    with key.client() as client:
        assert client.get("/v1/analyses").status_code == 200
    assert server.cli("keys", "revoke", key.key_id)[0] == 0
    with key.client() as client:
        assert client.get("/v1/analyses").status_code == 401


def test_newer_data_dir_is_refused(tmp_path: Path) -> None:
    import sqlite3

    run_cli(tmp_path, "orgs", "create", "Future")
    with sqlite3.connect(tmp_path / "contractbox.db") as conn:
        conn.execute("INSERT INTO _migrations (name, applied_at) VALUES ('9999_from_the_future', '2030-01-01T00:00:00Z')")
    result = contractbox(tmp_path, "orgs", "list")
    assert result.returncode != 0 and "newer version of ContractBox" in result.stderr


def quickstart_blocks(lines: list[str]) -> list[str]:
    """The indented command blocks of the printed quick start, one bash script per block."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.startswith("  "):
            blocks[-1].append(line.strip())
        elif blocks[-1]:
            blocks.append([])
    return ["\n".join(block) for block in blocks if block]


def new_shell_environment() -> dict[str, str]:
    """A new shell's environment: no activated venv, no data dir chosen, no checkout on the path."""
    import os

    dropped = ("VIRTUAL_ENV", "CONTRACTBOX_DATA_DIR", "PYTHONPATH")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep) if ".venv" not in p)
    return env


def test_quickstart_prints_a_quick_start_that_works_verbatim(tmp_path: Path) -> None:
    import shutil
    import signal

    from conftest import wait_for

    port = free_port()
    # The README's first command, as printed there (with a port and a data dir of the test's own).
    command = [shutil.which("python3") or sys.executable, "dev.py", "start", "--port", str(port), "--data-dir", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=REPO, env=new_shell_environment())
    try:
        lines: list[str] = []

        def printed_all() -> bool:
            lines.append(process.stdout.readline())
            return lines[-1].startswith("API reference:")

        wait_for(printed_all, timeout=60, interval=0, what="the quick start text")
        printed = "".join(lines)
        assert f"Data:     {tmp_path}" in printed and "NOT about the\ndocument you send" in printed
        assert f"Command:  {REPO / '.venv' / 'bin' / 'contractbox'} " in printed
        test_script, live_script = quickstart_blocks(lines)
        assert test_script.startswith("export CB_KEY=fpk_test_")
        wait_for(lambda: subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/healthz"], check=False, capture_output=True).returncode == 0, what="server")
        assert shutil.which("curl"), "the quick start uses curl"
        env, elsewhere = new_shell_environment(), tmp_path.parent

        ran = subprocess.run(["bash", "-c", test_script], check=False, capture_output=True, text=True, timeout=60, env=env, cwd=elsewhere)
        result = json.loads(ran.stdout)
        assert result["object"] == "analysis_result" and result["mode"] == "test", ran.stderr
        assert result["analysisId"].startswith("ana_")

        ran = subprocess.run(["bash", "-c", live_script], check=False, capture_output=True, text=True, timeout=180, env=env, cwd=elsewhere)
        assert ran.returncode == 0 and not ran.stderr, ran.stderr
        # The sample is the mutual NDA of sample_contracts/; its truth file names the parties and the law.
        truth = json.loads((Path(__file__).resolve().parents[1] / "sample_contracts" / "mutual_nda.truth.json").read_text())
        assert "Risk score:" in ran.stdout and truth["governing_law"] in ran.stdout, ran.stdout
        assert re.search(r"^- .+ \(page [12]\): '", ran.stdout, re.MULTILINE), ran.stdout
        with sqlite3.connect(tmp_path / "contractbox.db") as db:
            modes = sorted(row[0] for row in db.execute("SELECT mode FROM analyses"))
        assert modes == ["live", "test"]
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)


def test_quickstart_checks_the_port_and_the_data_dir_before_creating_anything(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        refused = contractbox(tmp_path / "a", "quickstart", "--port", str(port))
    assert refused.returncode == 1 and f"Port {port} on 127.0.0.1 is in use" in refused.stderr
    assert "fpk_" not in refused.stdout + refused.stderr
    assert not (tmp_path / "a" / "contractbox.db").exists()

    server = Server(tmp_path / "b").start()
    try:
        again = contractbox(server.data_dir, "quickstart", "--port", str(free_port()))
    finally:
        server.stop()
    assert again.returncode == 1 and "already running" in again.stderr and "fpk_" not in again.stdout + again.stderr
    with sqlite3.connect(server.data_dir / "contractbox.db") as db:
        assert db.execute("SELECT count(*) FROM api_keys").fetchone()[0] == 0
