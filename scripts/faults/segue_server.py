"""Shared by the fault checks in this folder (not a script of its own).

`SegueServer` starts a segue binary on a free port of 127.0.0.1, reads its
`listening on http://HOST:PORT` line, and reads the process's resident memory,
thread count and open descriptors from /proc; `Report` prints one line per check
and the closing `N passed, M failed` line; `exchange` makes one timed request on
a fresh connection. Standard library only.
"""

from __future__ import annotations

import http.client
import os
import re
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CANONICAL_REQUEST = ROOT / "scripts" / "examples" / "instagram.pop.interactive.json"
LISTENING = re.compile(r"^listening on http://(?P<host>\[[^\]]+\]|[^:/]+):(?P<port>\d+)$")
STARTUP_TIMEOUT = 20.0


class SegueServer:
    """The binary under test on 127.0.0.1, port 0; extra flags go to segue."""

    def __init__(self, binary: str, *flags: str, environment: dict[str, str] | None = None) -> None:
        self.log = tempfile.TemporaryFile()
        command = [binary, "--host", "127.0.0.1", "--port", "0", *flags]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log,
                                        env={**os.environ, **(environment or {})})
        self.pid = self.process.pid
        self.port = self._await_listening()

    def _await_listening(self) -> int:
        stdout = self.process.stdout
        assert stdout is not None
        selector = selectors.DefaultSelector()
        selector.register(stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + STARTUP_TIMEOUT
        line = b""
        while not line.endswith(b"\n"):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.kill()
                sys.exit(f"no 'listening on' line within {STARTUP_TIMEOUT:.0f} s{self.stderr_tail()}")
            if not selector.select(timeout=remaining):
                continue
            chunk = stdout.read1(256)  # type: ignore[attr-defined]
            if not chunk:
                sys.exit(f"segue exited with status {self.process.wait()} before listening{self.stderr_tail()}")
            line += chunk
        match = LISTENING.match(line.decode("utf-8", "replace").strip())
        if not match:
            self.kill()
            sys.exit(f"unexpected first line on stdout: {line!r}")
        return int(match["port"])

    def stderr_tail(self, lines: int = 15) -> str:
        self.log.seek(0)
        tail = self.log.read().decode("utf-8", "replace").splitlines()[-lines:]
        return "\n  segue's stderr:\n    " + "\n    ".join(tail) if tail else ""

    def _status(self, field: str) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1])
        raise KeyError(field)

    def rss_kib(self) -> int:
        """Resident memory (VmRSS), KiB."""
        return self._status("VmRSS")

    def threads(self) -> int:
        return self._status("Threads")

    def connection_threads(self) -> int:
        """libmicrohttpd's per-connection threads (named MHD-connection) alive now."""
        count = 0
        for task in os.listdir(f"/proc/{self.pid}/task"):
            try:
                count += Path(f"/proc/{self.pid}/task/{task}/comm").read_text().strip() == "MHD-connection"
            except OSError:  # the thread ended while we looked
                pass
        return count

    def open_fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def terminate(self, timeout: float = 20) -> int | None:
        """SIGTERM, then the exit status; None (and SIGKILL) if it did not exit in time."""
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Report:
    """One line per check; `finish` prints `N passed, M failed` and returns the exit code."""

    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        print(f"{'ok  ' if ok else 'FAIL'}  {name}{'' if ok or not detail else ': ' + detail}", flush=True)
        return ok

    def note(self, text: str) -> None:
        print(f"      {text}", flush=True)

    def finish(self) -> int:
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        return 1 if self.failed else 0


def exchange(port: int, method: str, path: str, body: bytes | None = None,
             timeout: float = 10) -> tuple[int, bytes, float]:
    """One request on a new connection: (status, body, seconds from connect to the last body byte)."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        return response.status, data, time.monotonic() - started
    finally:
        connection.close()


def reset_on_close(sock: socket.socket) -> None:
    """SO_LINGER 0: close() then sends RST instead of FIN, as a crashed or killed client would."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
