"""Shared fixtures: a real `contractbox serve` subprocess on a free loopback port with its own
data dir, the real CLI against that data dir, and HTTP clients holding real API keys."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner
from standardwebhooks.webhooks import Webhook

from contractbox.cli import main as cli_main
from openapi_check import VALIDATION, ResponseChecker, install

install()  # every response from a test server is checked against its OpenAPI document (openapi_check.py)

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CUAD = SHARED / "data" / "cuad"
SAMPLE_CONTRACTS = REPO / "sample_contracts"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate: Callable[[], object], timeout: float = 15.0, interval: float = 0.02, what: str = "condition") -> object:
    """Poll until predicate() is truthy; returns its value. Fails the test on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


def run_cli(data_dir: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli_main, [*args, "--data-dir", str(data_dir)], catch_exceptions=False)
    return result.exit_code, result.output


@dataclass
class Server:
    """A real ContractBox server process. start()/kill()/stop() let tests crash and restart it."""

    data_dir: Path
    port: int = field(default_factory=free_port)
    env: dict[str, str] = field(default_factory=dict)
    process: subprocess.Popen | None = None
    log_path: Path | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openapi(self) -> ResponseChecker:
        """Checks responses against the published document (tests/openapi_check.py)."""
        return VALIDATION.register(self.base_url)

    def start(self) -> "Server":
        env = {**os.environ, "CONTRACTBOX_URL_ALLOW_LOOPBACK": "1", "CONTRACTBOX_WEBHOOK_ALLOW_LOOPBACK": "1", **self.env}
        self.log_path = self.data_dir.parent / f"server-{self.port}.log"
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "contractbox", "serve", "--data-dir", str(self.data_dir), "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        # Generous: on the shared 2-core machine under a load average of 30-45 a start took over 30 s.
        self._wait_healthy(timeout=180, what=f"server on port {self.port} to be healthy")
        VALIDATION.register(self.base_url)
        return self

    def _wait_healthy(self, timeout: float, what: str) -> None:
        """Wait for /healthz; a server that never answers is killed before the test fails, so a failed
        start leaves no orphaned server (and its worker processes) behind."""
        try:
            wait_for(self._healthy, timeout=timeout, what=what)
        except BaseException:
            if self.process is not None and self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=30)
            raise

    def _healthy(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise AssertionError(f"server exited with {self.process.returncode}:\n{self.log()}")
        try:
            return httpx.get(self.base_url + "/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path and self.log_path.exists() else ""

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> int:
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=60)

    def cli(self, *args: str) -> tuple[int, str]:
        return run_cli(self.data_dir, *args)

    def org(self, name: str, live: bool = False) -> str:
        code, output = self.cli("orgs", "create", name, "--json")
        assert code == 0, output
        org_id = json.loads(output)["orgId"]
        if live:
            assert self.cli("orgs", "approve-live", org_id)[0] == 0
        return org_id

    def key(self, org: str, mode: str = "test", scopes: str | None = None) -> "Key":
        args = ["keys", "create", "--org", org, "--mode", mode, "--json"]
        if scopes is not None:
            args += ["--scopes", scopes]
        code, output = self.cli(*args)
        assert code == 0, output
        data = json.loads(output)
        return Key(data["keyId"], data["secret"], org, mode, self)


@dataclass
class Key:
    key_id: str
    secret: str
    org: str
    mode: str
    server: Server

    def client(self, header: str = "bearer") -> httpx.Client:
        headers = {"Authorization": f"Bearer {self.secret}"} if header == "bearer" else {"X-Api-Key": self.secret}
        return httpx.Client(base_url=self.server.base_url, headers=headers, timeout=30)


@dataclass
class ProgramServer(Server):
    """Server, but every command, `serve` included, runs `program` (an installed entry point or a
    frozen binary) as a subprocess from `cwd`, with `environment` only: nothing of the checkout."""

    program: list[str] = field(default_factory=list)
    environment: dict[str, str] = field(default_factory=dict)
    cwd: Path | None = None
    new_session: bool = False  # a process group of its own, as a terminal gives a foreground job

    def start(self) -> ProgramServer:
        self.log_path = self.data_dir.parent / f"program-server-{self.port}.log"
        command = [*self.program, "serve", "--data-dir", str(self.data_dir), "--port", str(self.port)]
        env = {**self.environment, **self.env}
        with open(self.log_path, "ab") as log:  # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=self.cwd, start_new_session=self.new_session)
        self._wait_healthy(timeout=60, what=f"{self.program[-1]} serve to be healthy")
        VALIDATION.register(self.base_url)
        return self

    def cli(self, *args: str) -> tuple[int, str]:
        result = self.run(*args, "--data-dir", str(self.data_dir))
        return result.returncode, result.stdout if result.returncode == 0 else result.stdout + result.stderr

    def run(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*self.program, *args], check=False, capture_output=True, text=True, timeout=300, env=self.environment, cwd=self.cwd)


@dataclass
class InstalledWheel:
    """The wheel `python -m build` makes (from its sdist), installed in a new venv outside the checkout."""

    wheel: Path
    venv: Path
    workdir: Path  # an empty directory outside the checkout: the cwd of everything run from the venv

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    @property
    def contractbox(self) -> Path:
        return self.venv / "bin" / "contractbox"

    def environment(self) -> dict[str, str]:
        """This process's environment without anything pointing at the checkout or its venv."""
        dropped = ("PYTHONPATH", "VIRTUAL_ENV", "CONTRACTBOX_DATA_DIR", "DISPLAY", "WAYLAND_DISPLAY", "PYTHONHOME")
        env = {k: v for k, v in os.environ.items() if k not in dropped}
        path = [p for p in env.get("PATH", "").split(os.pathsep) if p and not p.startswith(str(REPO))]
        return {**env, "PATH": os.pathsep.join([str(self.venv / "bin"), *path]), "CONTRACTBOX_URL_ALLOW_LOOPBACK": "1"}


@pytest.fixture(scope="session")
def installed_wheel(tmp_path_factory: pytest.TempPathFactory) -> InstalledWheel:
    root = tmp_path_factory.mktemp("wheel")
    assert not root.resolve().is_relative_to(REPO)
    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(root / "dist"), str(REPO)], check=False, capture_output=True, text=True, timeout=900)
    assert built.returncode == 0, built.stdout[-4000:] + built.stderr[-4000:]
    wheel = next((root / "dist").glob("contractbox-*.whl"))
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, timeout=300)
    installed = InstalledWheel(wheel, root / "venv", root / "work")
    installed.workdir.mkdir()
    pip = subprocess.run([str(installed.python), "-m", "pip", "install", "--quiet", str(wheel)], check=False, capture_output=True, text=True, timeout=900, env=installed.environment(), cwd=installed.workdir)
    assert pip.returncode == 0, pip.stdout[-4000:] + pip.stderr[-4000:]
    return installed


def submit_text(client: httpx.Client, text: str, title: str = "Test contract", **extra: object) -> dict:
    response = client.post("/v1/analyses", json={"title": title, "sourceType": "text", "text": text, **extra})
    assert response.status_code == 202, response.text
    return response.json()


def wait_done(client: httpx.Client, analysis_id: str, timeout: float = 60) -> dict:
    def finished() -> dict | None:
        body = client.get(f"/v1/analyses/{analysis_id}").json()
        return body if body["status"] in ("completed", "failed") else None

    return wait_for(finished, timeout=timeout, what=f"analysis {analysis_id} to finish")  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def responses_match_the_document() -> Iterator[None]:
    """Fails a test when a response it received in another thread broke the document (openapi_check.py)."""
    VALIDATION.take_failures()
    yield
    failures = VALIDATION.take_failures()
    assert not failures, "responses the OpenAPI document does not declare:\n" + "\n".join(failures[:5])


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if VALIDATION.checker is not None:
        checker = VALIDATION.checker
        terminalreporter.write_line(
            f"OpenAPI: {checker.checked} responses and {checker.events_checked} webhook deliveries checked against the document"
        )


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the whole session; tests isolate themselves with their own organizations."""
    instance = Server(tmp_path_factory.mktemp("server") / "data").start()
    yield instance
    instance.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, for tests that kill or restart it."""
    instance = Server(tmp_path / "data")
    yield instance
    if instance.process and instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait()


@pytest.fixture
def org_key(server: Server, request: pytest.FixtureRequest) -> Key:
    """A full-scope test key of a new organization of this test's own."""
    org = server.org(f"{request.node.name}-{time.monotonic_ns()}")
    return server.key(org)


# --- a webhook receiver: a small real HTTP server inside the test -------------------------


@dataclass
class Call:
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def webhook_id(self) -> str:
        return self.headers["webhook-id"]

    def verified(self, secret: str) -> dict:
        """The payload, once standardwebhooks has checked the signature (raises otherwise)."""
        return Webhook(secret).verify(self.body, self.headers)


@dataclass
class Receiver:
    """An HTTP server on 127.0.0.1 recording every POST on arrival. `respond(call number, call)`
    picks the status; while `hold` is set, requests wait (to keep a delivery in flight)."""

    respond: Callable[[int, Call], int] = lambda number, call: 200
    hold: threading.Event = field(default_factory=threading.Event)
    calls: list[Call] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                call = Call(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                VALIDATION.after_event(call.headers, body)  # a delivery must match the document's webhooks
                with receiver.lock:
                    receiver.calls.append(call)
                    number = len(receiver.calls)
                while receiver.hold.is_set():
                    receiver.hold.wait(0.05)
                self.send_response(receiver.respond(number, call))
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str = "/hooks") -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}{path}"

    def at(self, path: str = "/hooks") -> list[Call]:
        with self.lock:
            return [c for c in self.calls if c.path == path]

    def close(self) -> None:
        self.hold.clear()
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    instance = Receiver()
    yield instance
    instance.close()
