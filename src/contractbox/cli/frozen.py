"""Entry point of the PyInstaller binary. One executable plays two roles: the `contractbox`
command, and the PDF extraction worker that documents.pdf starts as a subprocess (a frozen
program has no `python -c`)."""

from __future__ import annotations

import signal
import sys

PDF_WORKER_FLAG = "--contractbox-pdf-worker"


def main() -> None:
    if len(sys.argv) >= 2 and sys.argv[1] == PDF_WORKER_FLAG:
        from contractbox.documents.pdf import serve_worker

        # Ctrl+C in a terminal signals the whole process group; the server decides when its
        # workers stop (it closes their stdin), or the running analysis would fail.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        serve_worker(int(sys.argv[2]))
        return
    from contractbox.documents import pdf

    pdf.WORKER_COMMAND = [sys.executable, PDF_WORKER_FLAG, str(pdf.WORKER_ADDRESS_SPACE_BYTES)]
    from contractbox.cli import main as cli_main

    cli_main(prog_name="contractbox")
