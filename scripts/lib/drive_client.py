"""A live drive client that outlives its replica: scripts/drive-demo and scripts/cluster share it.

`drive(url, start, samples)` opens `GET /v1/drive` (a WebSocket), sends the `start` message, then
each gesture sample in its own `samples` message when `before_sample` lets it, and collects what
the server sends until `settled`.

With `resume=True`, a connection that ends before `settled` with a close code that means "try
again elsewhere" (1001 going away, as a draining Segue sends; 1012 service restart; 1013 try again
later; or no close frame at all, which websockets reports as 1006) is replaced: the client connects
to the same URL again (behind a load balancer, another replica), sends `start` and, in one
`samples` message, every sample the earlier connection was sent, then goes on with the rest. A
session lives in its connection only (openapi.yaml, /v1/drive, "Scaling out"), and a frame depends
only on the samples up to its time, so the new session answers every frame again from the first:
those an earlier connection already delivered must come back identical. They are compared, not
passed on twice; any difference is kept in `Outcome.mismatches`.

`RawDriveSocket` speaks the same protocol over a plain socket, for clients that read at a pace
of their own or not at all.

Needs Python's `websockets` package (13 or later, for its asyncio client).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable

import websockets
from websockets.asyncio.client import connect

# Close codes after which a client may reconnect and resend (RFC 6455 §7.4.1; 1012 and 1013 from
# the IANA registry). 1006 is never sent: it is how a client reports a connection that ended
# without a close frame, as a killed replica's does.
RESUMABLE_CLOSE_CODES = frozenset({1001, 1006, 1012, 1013})


@dataclass
class Connection:
    """What one WebSocket connection of a session saw."""

    resent: int  # samples sent again when it opened (0 on the first)
    frames: int = 0  # frames it received, including those an earlier connection delivered
    close_code: int | None = None  # None while open, or after `settled` with no close yet


@dataclass
class Outcome:
    """A session as the client saw it, over however many connections it took."""

    started: dict | None = None
    refused: dict | None = None  # the first message, when it is not `started` (an `error`)
    frames: list[dict] = field(default_factory=list)  # every frame once, in order
    decision: dict | None = None
    settled: dict | None = None
    errors: list[dict] = field(default_factory=list)  # `error` messages
    connections: list[Connection] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)  # frames a later connection sent differently
    connect_failures: list[str] = field(default_factory=list)  # attempts that never opened

    @property
    def close_codes(self) -> list[int | None]:
        """The close code of each connection that ended before the session settled."""
        return [c.close_code for c in self.connections if c.close_code is not None]


# on_event(kind, payload, fresh): kind is a server message type ("started", "frames" (one
# frame per call), "decision", "settled", "error"), "opened" (the handshake's response headers,
# on every connection), "sent" (a sample index), "closed" (a close code) or "reconnected" (the
# number of samples resent). `fresh` is False for a message an earlier connection already
# delivered.
EventHandler = Callable[[str, Any, bool], None]


async def drive(url: str, start: dict, samples: list[dict], *,
                before_sample: Callable[[int], Awaitable[None]] | None = None,
                resume: bool = False, max_connections: int = 5, reconnect_delay: float = 0.05,
                on_event: EventHandler | None = None, open_timeout: float = 10) -> Outcome:
    """Drives one session at `url` (ws://host:port/v1/drive) and returns what it saw.

    `before_sample(i)` is awaited before sample i is sent the first time (pacing; none by
    default). Returns when `settled` arrives, the server refuses `start`, or a connection ends
    and may not (or can no longer) be resumed: `Outcome.settled` is None then. Raises OSError or
    a websockets exception when the first connection cannot be opened, or a resumed one cannot
    be opened within `max_connections` attempts."""
    outcome = Outcome()
    emit = on_event or (lambda kind, payload, fresh: None)
    sent = 0  # samples handed to some connection, in order
    attempts = 0
    while True:
        attempts += 1
        try:
            ws = await connect(url, max_size=None, open_timeout=open_timeout)
        except (OSError, asyncio.TimeoutError, websockets.exceptions.WebSocketException) as error:
            outcome.connect_failures.append(f"{type(error).__name__}: {error}")
            if not resume or not outcome.connections or attempts >= max_connections:
                raise
            await asyncio.sleep(reconnect_delay * attempts)
            continue
        connection = Connection(resent=sent)
        outcome.connections.append(connection)
        emit("opened", ws.response.headers if ws.response is not None else {}, True)
        if len(outcome.connections) > 1:
            emit("reconnected", sent, True)
        async with ws:
            await ws.send(json.dumps(start))
            try:
                first = json.loads(await ws.recv())
            except websockets.exceptions.ConnectionClosed:
                first = None
            if first is not None and first.get("type") != "started":
                outcome.refused = first
                return outcome
            if first is not None:
                fresh = outcome.started is None
                if fresh:
                    outcome.started = first
                elif first != outcome.started:
                    outcome.mismatches.append(f"connection {len(outcome.connections)}: started differs")
                emit("started", first, fresh)

                async def send_rest() -> None:
                    nonlocal sent
                    if sent:
                        await ws.send(json.dumps({"type": "samples", "samples": samples[:sent]}))
                    for index in range(sent, len(samples)):
                        if before_sample is not None:
                            await before_sample(index)
                        await ws.send(json.dumps({"type": "samples", "samples": [samples[index]]}))
                        sent = index + 1
                        emit("sent", index, True)

                sender = asyncio.create_task(send_rest())
                try:
                    async for raw in ws:
                        _take(outcome, connection, json.loads(raw), emit)
                        if outcome.settled is not None and connection.frames >= len(outcome.frames):
                            break
                except websockets.exceptions.ConnectionClosed:
                    pass
                finally:
                    sender.cancel()
                    await asyncio.gather(sender, return_exceptions=True)
                if outcome.settled is not None and connection.frames >= len(outcome.frames):
                    return outcome
        connection.close_code = ws.close_code if ws.close_code is not None else 1006
        emit("closed", connection.close_code, True)
        if not resume or connection.close_code not in RESUMABLE_CLOSE_CODES:
            return outcome
        if len(outcome.connections) >= max_connections:
            return outcome
        attempts = 0
        await asyncio.sleep(reconnect_delay)


def _take(outcome: Outcome, connection: Connection, message: dict, emit: EventHandler) -> None:
    """Records one server message of `connection`, comparing what an earlier connection delivered."""
    kind = message.get("type")
    label = f"connection {len(outcome.connections)}"
    if kind == "frames":
        for frame in message["frames"]:
            index = connection.frames
            connection.frames += 1
            if index < len(outcome.frames):
                if frame != outcome.frames[index]:
                    outcome.mismatches.append(f"{label}: frame {index} differs from the one sent before")
                emit("frames", frame, False)
            else:
                outcome.frames.append(frame)
                emit("frames", frame, True)
    elif kind in ("decision", "settled"):
        earlier = getattr(outcome, kind)
        if earlier is None:
            setattr(outcome, kind, message[kind] if kind == "decision" else message)
            emit(kind, message, True)
        else:
            if (message[kind] if kind == "decision" else message) != earlier:
                outcome.mismatches.append(f"{label}: {kind} differs from the one sent before")
            emit(kind, message, False)
    elif kind == "error":
        outcome.errors.append(message)
        emit("error", message, True)


# --------------------------------------------------------------------------- raw socket

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455 §1.3


class RawDriveSocket:
    """A drive socket over a plain TCP socket, for the clients a library will not play: one that
    reads at a pace of its own, pauses, or stops reading (scripts/faults/drive-burst).

    Opens `GET /v1/drive` with an RFC 6455 handshake (raises OSError when the answer is not 101),
    sends masked text messages, and reads the server's frames (unmasked, each whole: Segue does
    not fragment) `chunk` bytes per `recv` at most. `received` counts every byte read after the
    handshake; `request_id` is the session's X-Request-Id, which names it in the server's log. A receive buffer (`rcvbuf`, SO_RCVBUF) is set before connecting, as the kernel
    sizes the window from it."""

    def __init__(self, port: int, *, rcvbuf: int | None = None, timeout: float = 10) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.settimeout(timeout)
        sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET /v1/drive HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = sock.recv(4096)
            if not chunk:
                break
            head += chunk
        answer, _, rest = head.partition(b"\r\n\r\n")
        if not answer.startswith(b"HTTP/1.1 101"):
            sock.close()
            status = answer.split(b"\r\n", 1)[0]
            raise OSError(f"the handshake was answered {status!r}")
        self.sock = sock
        self.request_id = next((line.split(b":", 1)[1].strip().decode() for line in answer.split(b"\r\n")
                                if line.lower().startswith(b"x-request-id:")), "")
        self.buffer = bytearray(rest)
        self.received = len(rest)

    def send_text(self, text: str) -> None:
        """One masked text frame (RFC 6455 §5.3: a client masks every frame)."""
        payload = text.encode()
        length = len(payload)
        if length < 126:
            head = bytes([0x81, 0x80 | length])
        elif length < 65536:
            head = bytes([0x81, 0x80 | 126]) + struct.pack(">H", length)
        else:
            head = bytes([0x81, 0x80 | 127]) + struct.pack(">Q", length)
        mask = os.urandom(4)
        # XOR the payload with the key repeated, as one big integer (fast for a large message).
        repeated = (mask * (length // 4 + 1))[:length]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(length, "big")
        self.sock.sendall(head + mask + masked)

    def read_frame(self, chunk: int = 1 << 16, pause: float = 0) -> tuple[int, bytes] | None:
        """The next frame as (opcode, payload); None once the server has closed the TCP connection
        (or reset it). Each `recv` takes at most `chunk` bytes and is followed by `pause` seconds."""
        while True:
            frame = self._parse()
            if frame is not None:
                return frame
            try:
                data = self.sock.recv(chunk)
            except ConnectionResetError:
                return None
            if not data:
                return None
            self.received += len(data)
            self.buffer += data
            if pause:
                time.sleep(pause)

    def _parse(self) -> tuple[int, bytes] | None:
        if len(self.buffer) < 2:
            return None
        opcode, length, offset = self.buffer[0] & 0x0F, self.buffer[1] & 0x7F, 2
        if length == 126:
            if len(self.buffer) < 4:
                return None
            length, offset = struct.unpack(">H", self.buffer[2:4])[0], 4
        elif length == 127:
            if len(self.buffer) < 10:
                return None
            length, offset = struct.unpack(">Q", self.buffer[2:10])[0], 10
        if len(self.buffer) < offset + length:
            return None
        payload = bytes(self.buffer[offset:offset + length])
        del self.buffer[:offset + length]
        return opcode, payload

    def drain(self) -> None:
        """Reads until the server closes the connection, counting the bytes."""
        while True:
            try:
                data = self.sock.recv(1 << 20)
            except (ConnectionResetError, socket.timeout):
                return
            if not data:
                return
            self.received += len(data)

    def close(self) -> None:
        self.sock.close()
