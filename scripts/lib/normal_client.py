"""A normal client in a process of its own, to measure what a well-behaved user sees beside an attack.

It sends GET /healthz and the canonical POST /v1/simulate alternately, each on a new connection,
until told to stop, and reports each exchange's seconds (connect to last byte) and any failure.

Why a process and not a thread: the attacking client beside it runs in the same Python, and a
thread shares its interpreter lock. Parsing a 14 MB burst holds that lock for tens of
milliseconds, so a thread's timings would measure our own client rather than the server.

    client = NormalClientProcess(port); client.start(); ...; latencies, failures = client.stop()
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from segue_kit import CANONICAL_REQUEST, exchange  # noqa: E402

PAUSE = 0.02  # seconds between two requests: a steady user, not a load generator


class NormalClientProcess:
    """Runs this file as `python3 normal_client.py PORT`; it stops when its stdin closes."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen[str] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, str(self.port)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def stop(self) -> tuple[list[float], list[str]]:
        assert self.process is not None
        output, _ = self.process.communicate(timeout=60)  # closes its stdin: the signal to stop
        if self.process.returncode != 0:
            return [], [f"the normal client's process exited {self.process.returncode}"]
        report = json.loads(output)
        return report["latencies"], report["failures"]


def run(port: int) -> None:
    stopping = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stopping.set()), daemon=True).start()
    body = CANONICAL_REQUEST.read_bytes()
    latencies: list[float] = []
    failures: list[str] = []
    turn = 0
    while not stopping.is_set():
        simulate = turn % 2 == 1
        turn += 1
        try:
            status, _, seconds = exchange(port, "POST" if simulate else "GET",
                                          "/v1/simulate" if simulate else "/healthz", body if simulate else None)
        except OSError as error:
            failures.append(f"{type(error).__name__}: {error}")
            continue
        latencies.append(seconds)
        if status != 200:
            failures.append(f"status {status}")
        stopping.wait(PAUSE)
    json.dump({"latencies": latencies, "failures": failures}, sys.stdout)


if __name__ == "__main__":
    run(int(sys.argv[1]))
