"""The CLI as an operator uses it: real subprocesses, exit codes and messages."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import Server, run_cli


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


def test_quickstart_prints_a_quick_start_that_works_verbatim(tmp_path: Path) -> None:
    import os
    import shutil
    import signal

    from conftest import free_port, wait_for

    port = free_port()
    env = {**os.environ, "CONTRACTBOX_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen([sys.executable, "-m", "contractbox", "quickstart", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    try:
        lines: list[str] = []

        def printed_all() -> bool:
            lines.append(process.stdout.readline())
            return lines[-1].startswith("API reference:")

        wait_for(printed_all, timeout=60, interval=0, what="the quick start text")
        script = [line.strip() for line in lines if line.startswith("  ")]
        assert script[0].startswith("export CB_KEY=fpk_test_")
        wait_for(lambda: subprocess.run(["curl", "-sf", f"http://127.0.0.1:{port}/healthz"], capture_output=True).returncode == 0, what="server")
        assert shutil.which("curl"), "the quick start uses curl"
        ran = subprocess.run(["bash", "-c", "\n".join(script)], capture_output=True, text=True, timeout=60)
        result = json.loads(ran.stdout)
        assert result["object"] == "analysis_result" and result["mode"] == "test", ran.stderr
        assert result["analysisId"].startswith("ana_")
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
