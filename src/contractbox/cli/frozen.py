"""Entry point of the PyInstaller binary. One executable plays three roles: the `contractbox`
command, the analysis worker that analyses/execution.py starts, and the PDF extraction worker
that documents.pdf starts (a frozen program has no `python -c`). Workers are plain subprocesses,
not `multiprocessing`, so no `freeze_support()` is needed."""

from __future__ import annotations

import signal
import sys

PDF_WORKER_FLAG = "--contractbox-pdf-worker"
ANALYSIS_WORKER_FLAG = "--contractbox-analysis-worker"


def main() -> None:
    if len(sys.argv) >= 2 and sys.argv[1] == PDF_WORKER_FLAG:
        from contractbox.documents.pdf import serve_worker

        # Ctrl+C in a terminal signals the whole process group; the server decides when its
        # workers stop (it closes their stdin), or the running analysis would fail.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        serve_worker(int(sys.argv[2]))
        return
    _use_frozen_worker_commands()
    if len(sys.argv) >= 2 and sys.argv[1] == ANALYSIS_WORKER_FLAG:
        from contractbox.analyses.worker import serve_worker as serve_analysis_worker

        serve_analysis_worker()  # it starts PDF workers in turn: the commands above are set
        return
    from contractbox.cli import main as cli_main

    cli_main(prog_name="contractbox")


def _use_frozen_worker_commands() -> None:
    from contractbox.analyses import execution
    from contractbox.documents import pdf

    pdf.WORKER_COMMAND = [sys.executable, PDF_WORKER_FLAG, str(pdf.WORKER_ADDRESS_SPACE_BYTES)]
    execution.WORKER_COMMAND = [sys.executable, ANALYSIS_WORKER_FLAG]
