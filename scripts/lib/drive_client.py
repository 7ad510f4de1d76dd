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

Needs Python's `websockets` package (13 or later, for its asyncio client).
"""

from __future__ import annotations

import asyncio
import json
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
