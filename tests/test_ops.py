"""Operations against the source tree: backup while serving, restore, doctor, graceful and
forced stop with work in flight, HTTPS with a self-signed certificate, log files, forward
migration of an older data dir and refusal of a newer one."""

from __future__ import annotations

import base64
import datetime
import io
import ipaddress
import json
import logging
import signal
import sqlite3
import ssl
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

from conftest import CUAD, SAMPLE_CONTRACTS, Server, free_port, run_cli, submit_text, wait_done, wait_for
from contractbox.cli import main as cli_main
from contractbox.core.migrations import STEPS, apply_migrations
from contractbox.ops.launch import has_display
from contractbox.ops.logfile import RedactSecrets, configure_logging, log_path
from contractbox.core.settings import Settings

NDA_TEXT = (SAMPLE_CONTRACTS / "mutual_nda.txt").read_text()


def contractbox(data_dir: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "contractbox", *args, "--data-dir", str(data_dir)], capture_output=True, text=True, timeout=timeout)


def statuses(data_dir: Path, ids: list[str]) -> dict[str, str]:
    with sqlite3.connect(data_dir / "contractbox.db") as conn:
        return {row[0]: row[1] for row in conn.execute(f"SELECT id, status FROM analyses WHERE id IN ({','.join('?' * len(ids))})", ids)}


# --- backup, restore, doctor ---------------------------------------------------------------


def test_backup_while_serving_then_restore_into_a_new_data_dir(fresh_server: Server, tmp_path: Path) -> None:
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("backup"))
    with key.client() as client:
        before = [submit_text(client, NDA_TEXT, title=f"before {i}")["analysisId"] for i in range(5)]
        for analysis_id in before:
            wait_done(client, analysis_id)
        code, output = fresh_server.cli("backup", str(tmp_path / "bk"))
        assert code == 0, output
        after = submit_text(client, NDA_TEXT, title="after the backup")["analysisId"]

    manifest = json.loads((tmp_path / "bk" / "manifest.json").read_text())
    assert manifest["files"] == ["contractbox.db", "queue.db"] and manifest["migrations"]
    for name in manifest["files"]:
        with sqlite3.connect(tmp_path / "bk" / name) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert fresh_server.cli("backup", str(tmp_path / "bk"))[0] == 1, "a second backup must not overwrite the first"

    refused = contractbox(fresh_server.data_dir, "restore", str(tmp_path / "bk"))
    assert refused.returncode == 1 and "server is running" in refused.stderr
    assert fresh_server.stop() == 0

    restored = Server(tmp_path / "restored")
    result = contractbox(restored.data_dir, "restore", str(tmp_path / "bk"))
    assert result.returncode == 0, result.stderr
    restored.start()
    try:
        with httpx.Client(base_url=restored.base_url, headers={"Authorization": f"Bearer {key.secret}"}, timeout=30) as client:
            for analysis_id in before:
                assert client.get(f"/v1/analyses/{analysis_id}/result").status_code == 200
            assert client.get(f"/v1/analyses/{after}").status_code == 404
    finally:
        restored.stop()


def test_restore_keeps_the_replaced_databases_and_refuses_what_is_not_a_backup(tmp_path: Path) -> None:
    data, backup = tmp_path / "data", tmp_path / "bk"
    run_cli(data, "orgs", "create", "Kept")
    assert run_cli(data, "backup", str(backup))[0] == 0
    run_cli(data, "orgs", "create", "Added later")
    code, output = run_cli(data, "restore", str(backup))
    assert code == 0 and "pre-restore-" in output
    assert "Added later" not in run_cli(data, "orgs", "list")[1]
    kept = next(data.glob("pre-restore-*"))
    with sqlite3.connect(kept / "contractbox.db") as conn:
        assert conn.execute("SELECT COUNT(*) FROM organizations").fetchone()[0] == 2

    (tmp_path / "empty").mkdir()
    result = contractbox(data, "restore", str(tmp_path / "empty"))
    assert result.returncode == 1 and "not a ContractBox backup" in result.stderr


def test_doctor_reports_a_healthy_data_dir(tmp_path: Path) -> None:
    run_cli(tmp_path, "orgs", "create", "Healthy")
    result = contractbox(tmp_path, "doctor", "--json")
    assert result.returncode == 0, result.stdout
    report = json.loads(result.stdout)
    assert report["ok"] is True and report["dataDir"] == str(tmp_path.resolve())
    assert report["versions"]["contractbox"] and report["versions"]["sqlite"]
    checks = {c["name"]: c for c in report["checks"]}
    assert checks["app database integrity"]["status"] == "ok"
    assert checks["migrations"]["status"] == "ok"
    assert "queue depth" in checks and "disk space" in checks and checks["server"]["detail"] == "not running"
    text = contractbox(tmp_path, "doctor")
    assert text.returncode == 0 and "No problems found." in text.stdout and str(tmp_path.resolve()) in text.stdout


def test_doctor_fails_on_a_damaged_database(tmp_path: Path) -> None:
    run_cli(tmp_path, "orgs", "create", "Damaged")
    with sqlite3.connect(tmp_path / "contractbox.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db = tmp_path / "contractbox.db"
    data = bytearray(db.read_bytes())
    page_size = 4096
    data[page_size * 2 : page_size * 2 + 512] = b"\xa5" * 512  # scribble over a b-tree page
    db.write_bytes(bytes(data))
    result = contractbox(tmp_path, "doctor")
    assert result.returncode == 1 and "FAIL" in result.stdout


def test_doctor_and_serve_refuse_a_newer_data_dir(tmp_path: Path) -> None:
    run_cli(tmp_path, "orgs", "create", "Future")
    with sqlite3.connect(tmp_path / "contractbox.db") as conn:
        conn.execute("INSERT INTO _migrations (name, applied_at) VALUES ('9999_from_the_future', '2030-01-01T00:00:00Z')")
    doctor = contractbox(tmp_path, "doctor")
    assert doctor.returncode == 1 and "newer ContractBox" in doctor.stdout
    serve = contractbox(tmp_path, "serve", "--port", str(free_port()))
    assert serve.returncode == 1 and "newer version of ContractBox" in serve.stderr


# --- upgrades ------------------------------------------------------------------------------


def test_a_data_dir_from_an_older_version_is_migrated_forward(tmp_path: Path) -> None:
    import sqlite_utils

    older_steps = STEPS[:2]
    database = sqlite_utils.Database(tmp_path / "contractbox.db")
    assert apply_migrations(database, older_steps) == [name for name, _ in older_steps]
    database.conn.execute(
        "INSERT INTO organizations (id, name, live_approved, created_at) VALUES ('org_old', 'Older Firm', 0, '2025-01-01T00:00:00Z')"
    )
    database.conn.commit()
    database.close()

    code, output = run_cli(tmp_path, "orgs", "list")
    assert code == 0 and "Older Firm" in output
    with sqlite3.connect(tmp_path / "contractbox.db") as conn:
        applied = [row[0] for row in conn.execute("SELECT name FROM _migrations ORDER BY rowid")]
    assert applied == [name for name, _ in STEPS]
    code, output = run_cli(tmp_path, "keys", "create", "--org", "Older Firm", "--mode", "test", "--json")
    assert code == 0 and json.loads(output)["orgId"] == "org_old"


# --- graceful and forced stop --------------------------------------------------------------


@pytest.fixture(scope="module")
def big_pdf() -> bytes:
    """About 800 pages of CUAD contracts in one PDF: a few seconds of extraction, so an analysis
    is reliably in flight when the signal arrives."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    sources = sorted((CUAD / "pdfs").glob("*.pdf"))
    while len(writer.pages) < 800:
        for path in sources:
            for page in PdfReader(path).pages:
                writer.add_page(page)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


def submit_big_pdfs(server: Server, pdf: bytes, count: int) -> tuple[list[str], httpx.Client]:
    key = server.key(server.org(f"stop-{time.monotonic_ns()}"))
    client = key.client()
    encoded = base64.b64encode(pdf).decode()
    ids = []
    for i in range(count):
        response = client.post("/v1/analyses", json={"title": f"big {i}", "sourceType": "pdf", "pdfBase64": encoded})
        assert response.status_code == 202, response.text
        ids.append(response.json()["analysisId"])
    wait_for(lambda: client.get(f"/v1/analyses/{ids[0]}").json()["status"] == "processing", what="the first analysis to start")
    return ids, client


def restart_and_wait_all_completed(server: Server, client: httpx.Client, ids: list[str]) -> None:
    server.start()

    def all_completed() -> bool:
        return all(client.get(f"/v1/analyses/{i}").json()["status"] == "completed" for i in ids)

    wait_for(all_completed, timeout=120, interval=0.3, what="every analysis to complete after the restart")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_first_signal_finishes_running_work_hands_back_the_rest_and_exits_0(fresh_server: Server, big_pdf: bytes, sig: int) -> None:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "1"}
    fresh_server.start()
    ids, client = submit_big_pdfs(fresh_server, big_pdf, 3)
    assert fresh_server.process is not None
    fresh_server.process.send_signal(sig)
    assert fresh_server.process.wait(timeout=60) == 0
    left = statuses(fresh_server.data_dir, ids)
    assert left[ids[0]] == "completed", "the running analysis is finished before the exit"
    assert "processing" not in left.values() and "queued" in left.values(), left
    log = log_path(fresh_server.data_dir).read_text()
    assert "stopping gracefully" in log and "Application shutdown complete" in log
    restart_and_wait_all_completed(fresh_server, client, ids)
    client.close()
    assert fresh_server.stop() == 0


def test_second_signal_exits_at_once_and_nothing_is_lost(fresh_server: Server, big_pdf: bytes) -> None:
    fresh_server.env = {"CONTRACTBOX_WORKERS": "1"}
    fresh_server.start()
    ids, client = submit_big_pdfs(fresh_server, big_pdf, 3)
    assert fresh_server.process is not None
    process = fresh_server.process
    process.send_signal(signal.SIGTERM)
    wait_for(lambda: "stopping gracefully" in log_path(fresh_server.data_dir).read_text(), what="the first signal")

    def signalled_again_and_gone() -> bool:  # repeats inside SAME_SIGNAL_WINDOW_S count as the first
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=0.2)
        except subprocess.TimeoutExpired:
            return False
        return True

    wait_for(signalled_again_and_gone, what="the second signal to end the server")
    assert process.returncode == 128 + signal.SIGTERM, "exited at once, not by the graceful path (0)"
    assert statuses(fresh_server.data_dir, ids)[ids[0]] == "processing", "the forced exit interrupted the running analysis"
    assert "exiting now" in log_path(fresh_server.data_dir).read_text()
    restart_and_wait_all_completed(fresh_server, client, ids)
    client.close()
    assert fresh_server.stop() == 0


def test_a_second_server_on_the_same_data_dir_is_refused(fresh_server: Server) -> None:
    fresh_server.start()
    second = contractbox(fresh_server.data_dir, "serve", "--port", str(free_port()))
    assert second.returncode == 1 and "server is running" in second.stderr
    assert (fresh_server.data_dir / "server.lock").read_text().strip() == str(fresh_server.process.pid)
    assert fresh_server.stop() == 0


# --- TLS -----------------------------------------------------------------------------------


def write_self_signed_certificate(folder: Path) -> tuple[Path, Path]:
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "contractbox.test")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
    return cert_path, key_path


def trusting(cert: Path) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(cert))


@pytest.fixture
def tls_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen, int, Path]]:
    cert, key = write_self_signed_certificate(tmp_path)
    port = free_port()
    command = [sys.executable, "-m", "contractbox", "serve", "--data-dir", str(tmp_path / "data"), "--port", str(port)]
    process = subprocess.Popen([*command, "--tls-cert", str(cert), "--tls-key", str(key)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def healthy() -> bool:
        assert process.poll() is None, process.stderr.read().decode() if process.stderr else ""
        try:
            return httpx.get(f"https://127.0.0.1:{port}/healthz", verify=trusting(cert), timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    wait_for(healthy, timeout=30, what="the HTTPS server")
    yield process, port, cert
    process.terminate()
    process.wait(timeout=30)


def test_serves_https_with_a_self_signed_certificate(tls_server: tuple[subprocess.Popen, int, Path]) -> None:
    _, port, cert = tls_server
    assert httpx.get(f"https://127.0.0.1:{port}/healthz", verify=trusting(cert)).json() == {"status": "ok"}
    with pytest.raises(httpx.ConnectError):  # a client that does not trust the certificate refuses it
        httpx.get(f"https://127.0.0.1:{port}/healthz")
    with pytest.raises(httpx.HTTPError):  # no plain HTTP on the TLS port
        httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)


# --- logs and launch -----------------------------------------------------------------------


def test_server_log_is_in_the_data_dir_and_never_holds_a_secret(fresh_server: Server) -> None:
    fresh_server.start()
    key = fresh_server.key(fresh_server.org("logging"))
    with key.client() as client:
        wait_done(client, submit_text(client, NDA_TEXT)["analysisId"])
    httpx.get(fresh_server.base_url + "/v1/analyses", headers={"Authorization": "Bearer fpk_test_" + "x" * 32})
    assert fresh_server.stop() == 0
    text = log_path(fresh_server.data_dir).read_text()
    assert "Application startup complete" in text and key.secret not in text


def test_log_filter_redacts_secrets_and_the_file_rotates(tmp_path: Path) -> None:
    record = logging.LogRecord("t", logging.INFO, __file__, 1, "key %s used", ("fpk_live_" + "A1b2" * 8,), None)
    RedactSecrets().filter(record)
    assert record.getMessage() == "key fpk_live_[redacted] used"

    settings = Settings.from_env({}, data_dir=tmp_path, log_max_bytes=2000, log_backups=2)
    logger = logging.getLogger("contractbox-rotation-test")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler = configure_logging(settings, ("contractbox-rotation-test",))
    try:
        for i in range(200):
            logger.info("line %d with a secret fpk_test_%s", i, "z" * 32)
    finally:
        logger.removeHandler(handler)
        handler.close()
    files = sorted(p.name for p in log_path(tmp_path).parent.iterdir())
    assert files == ["contractbox.log", "contractbox.log.1", "contractbox.log.2"]
    assert all("z" * 32 not in (log_path(tmp_path).parent / f).read_text() for f in files)


def test_no_arguments_without_a_display_prints_how_to_start(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli_main, [], env={"DISPLAY": "", "WAYLAND_DISPLAY": ""})
    assert result.exit_code == 0
    for command in ("serve", "desktop", "console-url"):
        assert command in result.output
    assert not has_display("linux", {}) and has_display("linux", {"WAYLAND_DISPLAY": "wayland-0"})
    assert has_display("win32", {}) and has_display("darwin", {})


def test_no_arguments_with_a_display_opens_the_desktop_window(monkeypatch: pytest.MonkeyPatch) -> None:
    import click

    from contractbox.ops import launch

    opened: list[bool] = []

    @click.group(invoke_without_command=True)
    @click.pass_context
    def group(ctx: click.Context) -> None:
        if ctx.invoked_subcommand is None:
            launch.run_without_arguments(ctx)

    @group.command("desktop")
    def desktop() -> None:
        opened.append(True)

    monkeypatch.setattr(launch, "window_toolkit_available", lambda: True)
    assert CliRunner().invoke(group, [], env={"DISPLAY": ":0"}).exit_code == 0 and opened == [True]
    monkeypatch.setattr(launch, "window_toolkit_available", lambda: False)
    result = CliRunner().invoke(group, [], env={"DISPLAY": ":0"})
    assert result.exit_code == 0 and "this build has no desktop window" in result.output and opened == [True]
