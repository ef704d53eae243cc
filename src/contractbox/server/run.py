"""Running the app under uvicorn in the foreground. The first SIGINT or SIGTERM stops accepting,
lets the app's shutdown finish running analyses and stop the queue consumer, and exits 0; a
second one exits at once (contractbox.ops.shutdown). While serving, the process holds
`data_dir/server.lock` and logs to `data_dir/logs/contractbox.log`."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Callable
from typing import Any

import click
import uvicorn

from contractbox.console.serverinfo import local_url, remove_server_info, write_server_info
from contractbox.core.http.connections import (
    ConnectionLimits,
    connection_cap,
    guarded_protocol,
    raise_descriptor_limit,
)
from contractbox.core.migrations import NewerDataDirError
from contractbox.core.paths import describe_tightened, secure_data_dir
from contractbox.core.serverlock import ServerLock, ServerRunningError
from contractbox.core.settings import Settings
from contractbox.ops.logfile import configure_logging
from contractbox.ops.shutdown import GracefulServer
from contractbox.server.app import create_asgi

# Idle keep-alive connections are closed by the header deadline (CONTRACTBOX_HEADER_TIMEOUT, 10 s)
# before this. Both are longer than clients keep an idle connection (httpx 5 s, Node 4 s): with equal
# times a client could write a request to a connection the server was closing (a rare ReadError).
KEEP_ALIVE_S = 15
# Pending connections the kernel queues, and how many asyncio accepts in one go (core/http/connections.py
# keeps descriptors free for the batches accepted before older connections are closed to make room).
ACCEPT_BACKLOG = 128


def run_server(
    settings: Settings, host: str, port: int, tls_cert: str | None = None, tls_key: str | None = None
) -> None:
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if host not in ("127.0.0.1", "localhost", "::1") and not tls_cert:
        click.echo(
            f"Warning: serving on {host} without TLS. API keys cross the network in clear text; "
            "pass --tls-cert and --tls-key to serve HTTPS.",
            err=True,
        )
    tightened = secure_data_dir(settings.data_dir)  # before anything is written there
    try:
        lock = ServerLock(settings.data_dir).acquire()
    except ServerRunningError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    configure_logging(settings)
    if tightened:
        logging.getLogger("contractbox.server").warning(describe_tightened(settings.data_dir, tightened))
    try:
        app = create_asgi(settings)
    except NewerDataDirError as exc:
        click.echo(f"Error: {exc}", err=True)
        sys.exit(1)
    scheme = "https" if tls_cert else "http"
    click.echo(f"ContractBox serving {settings.data_dir} on {scheme}://{host}:{port} (API reference: /docs)", err=True)
    config = uvicorn_config(app, settings, host, port, tls_cert, tls_key)
    configure_logging(settings, ("uvicorn",))  # uvicorn.Config just replaced its loggers' handlers
    write_server_info(settings.data_dir, local_url(scheme, host, port))  # for `contractbox console-url`
    freeze_startup_objects()
    try:
        GracefulServer(config).run()
    finally:
        remove_server_info(settings.data_dir)
        lock.release()


def freeze_startup_objects() -> None:
    """Leave what start-up built (modules, the app and its services: most of the heap) out of the
    garbage collector's full collections. Those ran every few seconds while results were saved (each
    decode makes many objects) and held the interpreter 50-130 ms scanning that heap: `GET` p99 during
    an import was 100-130 ms with them and 16 ms without (one worker, 150 CUAD texts)."""
    gc.collect()
    gc.freeze()


def uvicorn_config(
    app: Callable[..., Any],
    settings: Settings,
    host: str,
    port: int,
    tls_cert: str | None = None,
    tls_key: str | None = None,
) -> uvicorn.Config:
    """The one uvicorn configuration, for `serve` and for the desktop window's server thread.

    Connections are guarded by core/http/connections.py (header deadline, connection cap) instead of
    uvicorn's `limit_concurrency`, whose plain-text 503 would refuse /healthz too."""
    limits = ConnectionLimits(
        max_connections=connection_cap(settings.max_connections, raise_descriptor_limit(), ACCEPT_BACKLOG),
        header_timeout=settings.header_timeout,
        body_timeout=settings.body_timeout,
    )
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=settings.log_level.lower(),
        access_log=False,
        ssl_certfile=tls_cert,
        ssl_keyfile=tls_key,
        timeout_graceful_shutdown=30,
        lifespan="on",
        http=guarded_protocol(limits),
        timeout_keep_alive=KEEP_ALIVE_S,
        backlog=ACCEPT_BACKLOG,
        loop="asyncio",  # measured: uvloop halved analyses/s here (bench/api.py, GIL contention with the worker threads)
    )
