"""The test kit scripts/ shares: one server launcher, one spec loader, one report.

Used by scripts/contract-check, scripts/contract-fuzz, every check in scripts/faults/,
scripts/check-manifests and scripts/cluster (not a script of its own). Each adds this folder to
sys.path and imports what it needs:

- `SegueServer` starts a segue binary on 127.0.0.1 with `--port 0` (or a given port) and any
  flags, keeps its stderr in a temporary file, is ready once it has read the `listening on
  http://HOST:PORT` line (the socket is bound and accepting by then), and stops it (SIGTERM,
  the exit status, SIGKILL if it does not exit in time). It also reads the process's resident
  memory, threads and open descriptors from /proc, for the fault checks.
- `Spec` loads openapi.yaml (the file, or the text a live server serves): JSON Pointer
  lookups that follow `$ref`, the operations and the statuses each documents, documented
  request examples, and JSON Schema 2020-12 validators for any schema in it.
- `Report` prints one line per check and the closing `N passed, M failed`.
- `exchange` makes one timed request on a fresh connection.

The launcher and the report need only the standard library; `Spec` imports PyYAML, and its
validators jsonschema and referencing, when first used.
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
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = ROOT / "openapi.yaml"
EXAMPLES_DIR = ROOT / "scripts" / "examples"
# The request `scripts/load`, the fault checks and `scripts/bench` post: the interactive pop.
CANONICAL_REQUEST = EXAMPLES_DIR / "instagram.pop.interactive.json"
# The heaviest request the default limits allow from a small body: yui.fbPaper.interactivePop
# at 240 frames per second on its example drag with the finger held down until 79 s, 19 081
# frames of 8 layers, about 31 MB of JSON from a 1.3 KB request.
HEAVY_EXAMPLE = EXAMPLES_DIR / "yui.fbPaper.interactivePop.json"
HEAVY_RELEASE_TIME = 79.0  # seconds: (79 + 0.5 s settle) · 240 + 1 = 19 081 frames, under the 20 000 cap


def heavy_simulate_body(output: str | None = None) -> bytes:
    """The heavy request's JSON body (see HEAVY_EXAMPLE), asking for `output` when given."""
    import json
    request = json.loads(HEAVY_EXAMPLE.read_text())
    request["gesture"]["samples"][-1]["t"] = HEAVY_RELEASE_TIME
    request["frameRate"] = 240
    if output:
        request["output"] = output
    return json.dumps(request).encode()

LISTENING = re.compile(r"^listening on http://(?P<host>\[[^\]]+\]|[^:/]+):(?P<port>\d+)$")
STARTUP_TIMEOUT = 20.0
SHUTDOWN_TIMEOUT = 20.0
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


class KitError(Exception):
    """A failure that stops a check before it can start: the binary does not start, the spec does not load."""


# ---------------------------------------------------------------------------- server


class SegueServer:
    """The binary under test on 127.0.0.1, port 0 (or `port`, to come back at the same address
    after a restart, as scripts/cluster's replicas do); extra flags go to segue, `environment`
    is added to this process's. Raises KitError when it does not start and say where it
    listens within STARTUP_TIMEOUT. Usable as a context manager that kills it on exit."""

    def __init__(self, binary: str, *flags: str, environment: dict[str, str] | None = None,
                 port: int = 0) -> None:
        self.log = tempfile.TemporaryFile()
        command = [binary, "--host", "127.0.0.1", "--port", str(port), *flags]
        try:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.log,
                                            env={**os.environ, **(environment or {})})
        except OSError as error:
            raise KitError(f"cannot start {binary}: {error}") from error
        self.pid = self.process.pid
        self.host, self.port = self._await_listening()
        self.base_url = f"http://{self.host}:{self.port}"

    def _await_listening(self) -> tuple[str, int]:
        """Reads the `listening on http://HOST:PORT` line from stdout."""
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
                raise KitError(f"no 'listening on http://HOST:PORT' line on stdout within {STARTUP_TIMEOUT:.0f} s"
                               f"{self.stderr_tail()}")
            if not selector.select(timeout=remaining):
                continue
            chunk = stdout.read1(256)  # type: ignore[attr-defined]
            if not chunk:
                code = self.process.wait()
                raise KitError(f"segue exited with status {code} before saying it listens{self.stderr_tail()}")
            line += chunk
        text = line.decode("utf-8", "replace").strip()
        match = LISTENING.match(text)
        if not match:
            self.kill()
            raise KitError(f"unexpected first line on stdout: {text!r}")
        return match["host"].strip("[]"), int(match["port"])

    def __enter__(self) -> SegueServer:
        return self

    def __exit__(self, *_: object) -> None:
        self.kill()

    def stderr_tail(self, lines: int = 15) -> str:
        """The last lines segue wrote to stderr, indented for a failure message ("" when none)."""
        self.log.seek(0)
        tail = self.log.read().decode("utf-8", "replace").splitlines()[-lines:]
        return "\n  segue's stderr:\n    " + "\n    ".join(tail) if tail else ""

    def connection(self, timeout: float = 10) -> http.client.HTTPConnection:
        """A new (not yet connected) HTTP connection to the server."""
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    # The process

    def alive(self) -> bool:
        return self.process.poll() is None

    def signal(self, number: int) -> None:
        self.process.send_signal(number)

    def wait(self, timeout: float = SHUTDOWN_TIMEOUT) -> int | None:
        """The exit status; None (and SIGKILL) if it did not exit within `timeout` seconds."""
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return None

    def terminate(self, timeout: float = SHUTDOWN_TIMEOUT) -> int | None:
        """SIGTERM, then the exit status; None (and SIGKILL) if it did not exit in time."""
        self.signal(signal.SIGTERM)
        return self.wait(timeout)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    # What /proc says about it

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


def start_or_exit(binary: str, *flags: str, environment: dict[str, str] | None = None) -> SegueServer:
    """A SegueServer, or the process exits with the reason it did not start (for the fault checks)."""
    try:
        return SegueServer(binary, *flags, environment=environment)
    except KitError as error:
        raise SystemExit(str(error)) from error


# ------------------------------------------------------------------------------ spec


def escape(token: str) -> str:
    """Escapes one JSON Pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Operation:
    """One operation the spec declares."""

    method: str  # upper case
    path: str  # as in the spec, a template when it has {parameters}

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}"


class Spec:
    """openapi.yaml, with lookups that follow `$ref` and remember where they landed.

    `Spec.load()` reads the file in this repository; `Spec(text)` the document a server serves.
    """

    # The base URI the document is registered under for validators, so `#/components/...`
    # references inside schemas resolve against the whole document.
    URI = "urn:segue:openapi.yaml"

    def __init__(self, text: str | bytes) -> None:
        import yaml

        self.raw = text.encode() if isinstance(text, str) else text
        self.doc = yaml.safe_load(self.raw)
        if not isinstance(self.doc, dict) or not isinstance(self.doc.get("paths"), dict):
            raise KitError("not an OpenAPI document with paths")
        self.operations = [Operation(method.upper(), path)
                           for path, item in self.doc["paths"].items()
                           for method in HTTP_METHODS if method in item]
        self._patterns = [(template, re.compile("".join(
            "[^/]+" if re.fullmatch(r"\{[^/{}]+\}", part) else re.escape(part)
            for part in re.split(r"(/)", template)))) for template in self.doc["paths"] if "{" in template]
        self._registry = None

    @classmethod
    def load(cls, path: Path = SPEC_PATH) -> Spec:
        return cls(path.read_bytes())

    # Pointers

    def lookup(self, pointer: str) -> Any:
        """The node at a JSON Pointer into the document (`/a/b`, or a local `$ref`'s `#/a/b`)."""
        node: Any = self.doc
        for token in pointer.removeprefix("#").split("/")[1:]:
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    def resolve(self, node: Any, pointer: str) -> tuple[Any, str]:
        """Follows local `$ref`s from `node` (found at `pointer`); returns the target and its pointer."""
        seen = set()
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if not ref.startswith("#/") or ref in seen:
                raise KitError(f"cannot follow $ref {ref!r} at {pointer}")
            seen.add(ref)
            pointer = ref[1:]
            node = self.lookup(pointer)
        return node, pointer

    def validator(self, schema_pointer: str) -> Any:
        """A JSON Schema 2020-12 validator (jsonschema's) for the schema at `schema_pointer`."""
        from jsonschema import Draft202012Validator
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        if self._registry is None:
            self._registry = Registry().with_resource(self.URI, DRAFT202012.create_resource(self.doc))
        return Draft202012Validator({"$ref": f"{self.URI}#{schema_pointer}"}, registry=self._registry,
                                    format_checker=Draft202012Validator.FORMAT_CHECKER)

    # Paths and operations

    def operation(self, label: str) -> Operation | None:
        """The operation called `METHOD /path` (as its label), if declared."""
        return next((op for op in self.operations if op.label == label), None)

    def of_path(self, path: str) -> list[Operation]:
        """The operations of a documented path (or template)."""
        return [op for op in self.operations if op.path == path]

    def template_of(self, path: str) -> str | None:
        """The documented path a request path falls under: itself when listed, else the
        template whose `{parameter}` segments match one non-empty segment each."""
        if path in self.doc["paths"]:
            return path
        return next((template for template, pattern in self._patterns if pattern.fullmatch(path)), None)

    def methods_of(self, path: str) -> list[str]:
        """The methods declared for a request path (or template), upper case, in HTTP_METHODS order."""
        template = self.template_of(path) or path
        return [op.method for op in self.of_path(template)]

    def operation_object(self, op: Operation) -> dict:
        return self.doc["paths"][op.path][op.method.lower()]

    def responses(self, op: Operation) -> dict[str, Any]:
        """The operation's responses by status, as written (`$ref`s not followed)."""
        return self.operation_object(op).get("responses", {})

    def documented(self, op: Operation) -> set[int]:
        """The statuses the operation documents."""
        return {int(status) for status in self.responses(op) if status.isdigit()}

    def parameters(self, op: Operation) -> list[dict]:
        """The operation's parameters and its path's, `$ref`s followed."""
        item = self.doc["paths"][op.path]
        return [self.resolve(p, "")[0] for p in item.get("parameters", []) + self.operation_object(op).get("parameters", [])]

    def takes_only_headers(self, op: Operation) -> bool:
        """Whether the operation's only inputs are header parameters (no body, path or query)."""
        if self.operation_object(op).get("requestBody"):
            return False
        return all(parameter.get("in") == "header" for parameter in self.parameters(op))

    def request_media_types(self, op: Operation) -> dict[str, tuple[dict, str]]:
        """The request body media types an operation documents: {media type: (media type object, its pointer)}."""
        operation = self.operation_object(op)
        if "requestBody" not in operation:
            return {}
        base = f"/paths/{escape(op.path)}/{op.method.lower()}/requestBody"
        body, pointer = self.resolve(operation["requestBody"], base)
        return {media_type: (content, f"{pointer}/content/{escape(media_type)}")
                for media_type, content in body.get("content", {}).items()}

    def has_json_body(self, op: Operation) -> bool:
        return any(media == "application/json" or media.endswith("+json") for media in self.request_media_types(op))

    def request_examples(self, op: Operation) -> Iterator[tuple[str, Any]]:
        """(name, value) of every documented application/json request body example."""
        content, _ = self.request_media_types(op).get("application/json", ({}, ""))
        for name, example in content.get("examples", {}).items():
            if isinstance(example, dict) and "value" in example:
                yield name, example["value"]

    def request_example(self, op: Operation) -> Any:
        """The first documented example of the JSON request body, or None."""
        return next((value for _, value in self.request_examples(op)), None)

    def iter_responses(self) -> Iterator[tuple[str, dict, str]]:
        """Every response object the operations use: (`METHOD /path STATUS`, response, its pointer)."""
        for op in self.operations:
            base = f"/paths/{escape(op.path)}/{op.method.lower()}/responses"
            for status, response in self.responses(op).items():
                resolved, pointer = self.resolve(response, f"{base}/{status}")
                yield f"{op.label} {status}", resolved, pointer


# ---------------------------------------------------------------------------- report


class Report:
    """Counts checks and prints one line for each; `finish` prints `N passed, M failed` and
    returns the exit status.

    `check(name, ok, detail)` records a check that passes when `ok` is true (`detail` says why
    not); `check(name, problems)`, with a list of problems, one (a string) or None, one that
    passes when there are none.
    """

    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, name: str, outcome: bool | list[str] | str | None = None, detail: str = "") -> bool:
        if isinstance(outcome, str):
            problems = [outcome] if outcome else []
        elif isinstance(outcome, list) or outcome is None:
            problems = [p for p in outcome or [] if p]
        else:
            problems = [] if outcome else [detail]
        if problems:
            self.failed += 1
            shown = "; ".join(p for p in problems if p)
            print(f"FAIL  {name}{': ' + shown if shown else ''}", flush=True)
        else:
            self.passed += 1
            print(f"ok    {name}", flush=True)
        return not problems

    def note(self, text: str) -> None:
        print(f"      {text}", flush=True)

    def summary(self) -> str:
        return f"{self.passed} passed, {self.failed} failed"

    def finish(self) -> int:
        print(self.summary(), flush=True)
        return 1 if self.failed else 0


# ------------------------------------------------------------------------- requests


def exchange(port: int, method: str, path: str, body: bytes | None = None,
             timeout: float = 10) -> tuple[int, bytes, float]:
    """One request on a new connection to 127.0.0.1:`port`: (status, body, seconds from connect
    to the last body byte). A body is sent as application/json."""
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
