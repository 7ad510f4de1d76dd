// Compact drive frames over the real socket: the raw compact stream of GET /v1/drive, expanded by
// expandFrames across messages, is the full stream the server sends for the same samples; and a
// drive() session asked for compact frames emits the simulate answer's full frames. The socket
// is Tests/sdk/websocket.mjs's (Node 20 has none of its own without a flag).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Segue, expandFrames } from "../../Sources/SegueAPI/Resources/sdk/segue.js";
import { startServer } from "./server.mjs";
import { TestWebSocket } from "./websocket.mjs";

let server;
let segue;

before(async () => {
  const started = await startServer();
  server = started.server;
  segue = new Segue({ baseURL: started.base, WebSocket: /** @type {any} */ (TestWebSocket) });
});

after(() => { if (server) server.kill("SIGTERM"); });

/**
 * One session on the socket: start, then the samples one a message; every server message until
 * `settled` (or an error), parsed, with its size in bytes.
 */
function session(start, samples) {
  return new Promise((resolve, reject) => {
    const socket = new TestWebSocket(segue.driveURL);
    const messages = [];
    const timer = setTimeout(() => reject(new Error(`no settled within 30 s: ${JSON.stringify(start)}`)), 30000);
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ type: "start", ...start }));
      for (const sample of samples) socket.send(JSON.stringify({ type: "samples", samples: [sample] }));
    });
    socket.addEventListener("message", (event) => {
      const text = String(event.data);
      const message = JSON.parse(text);
      messages.push({ message, bytes: Buffer.byteLength(text) });
      if (message.type === "settled" || message.type === "error") {
        clearTimeout(timer);
        socket.close(1000);
        resolve(messages);
      }
    });
    socket.addEventListener("close", ({ code }) => { clearTimeout(timer); reject(new Error(`closed ${code} before settled`)); });
  });
}

/** The frames of `frames` messages, each message's expanded against the last frame of the one before. */
function expandStream(messages, layers) {
  const frames = [];
  for (const { message } of messages) {
    if (message.type !== "frames") continue;
    frames.push(...expandFrames(message.frames, layers, frames.length ? frames[frames.length - 1] : null));
  }
  return frames;
}

const framesOf = (messages) => messages.filter((m) => m.message.type === "frames").flatMap((m) => m.message.frames);
const bytesOf = (messages) => messages.filter((m) => m.message.type === "frames").reduce((sum, m) => sum + m.bytes, 0);

test("every interactive preset's compact stream, expanded across messages, is its full stream", async (t) => {
  const { presets } = await segue.presets();
  const interactive = presets.filter((preset) => preset.interactive).map((preset) => preset.id);
  assert.ok(interactive.length > 5);
  for (const id of interactive) {
    const samples = (await segue.preset(id)).exampleGesture.samples;
    for (const pace of id === "instagram.pop.interactive" ? ["asap", "realtime"] : ["asap"]) {
      const full = await session({ preset: id, pace }, samples);
      const compact = await session({ preset: id, pace, encoding: "compact" }, samples);
      assert.equal(full[0].message.encoding, "full");
      assert.equal(compact[0].message.encoding, "compact", `${id}: started echoes the encoding`);
      const fullFrames = framesOf(full);
      assert.ok(fullFrames.length > 1, `${id}: ${fullFrames.length} frames`);
      assert.deepEqual(expandStream(compact, compact[0].message.layers), fullFrames, `${id} ${pace}`);
      // Only the first frame is whole: later messages' first frames are written against the frame before.
      const firsts = compact.filter((m) => m.message.type === "frames").slice(1).map((m) => m.message.frames[0]);
      const layerCount = compact[0].message.layers.length;
      const partial = (frame) => Object.keys(frame.layers).length < layerCount
        || Object.values(frame.layers).some((state) => !("opacity" in state) || !("mask" in state));
      assert.ok(firsts.some(partial), `${id}: every message's first frame is whole`);
      assert.ok(bytesOf(compact) < bytesOf(full), `${id}: ${bytesOf(compact)} bytes compact, ${bytesOf(full)} full`);
      t.diagnostic(`${id} ${pace}: ${fullFrames.length} frames, ${bytesOf(full)} bytes full, ${bytesOf(compact)} compact`);
    }
  }
});

test("drive() with encoding compact emits the simulate answer's full frames", async () => {
  const detail = await segue.preset("instagram.pop.interactive");
  const samples = detail.exampleGesture.samples;
  const whole = await segue.simulate({ preset: detail.id, gesture: { samples } });
  for (const pace of ["asap", "realtime"]) {
    const drive = segue.drive({ preset: detail.id, pace }, { encoding: "compact" });
    assert.equal(drive.transport, "socket");
    assert.equal(drive.start.encoding, "compact");
    for (const sample of samples) drive.send([sample]);
    const events = [];
    for await (const event of drive) events.push(event);
    assert.deepEqual(events.filter((e) => e.type === "frame").map((e) => e.frame), whole.frames, pace);
    assert.deepEqual(drive.frames, whole.frames);
    assert.deepEqual(events.at(-1), { type: "settled", duration: whole.duration, events: whole.events });
  }
});
