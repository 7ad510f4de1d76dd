// The SDK's client against a live server: typed answers, typed problems, and a drive session over
// the POST polling fallback (Node 20 has no WebSocket; the socket is checked in Chromium by
// Tests/browser/test_sdk.py). Starts SEGUE_BINARY (default .build/debug/segue) on port 0.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Segue, SegueProblem, roundedRectPath } from "../../Sources/SegueAPI/Resources/sdk/segue.js";
import { startServer } from "./server.mjs";

let server;
let segue;

before(async () => {
  const started = await startServer();
  server = started.server;
  segue = new Segue({ baseURL: started.base });
});

after(() => { server.kill("SIGTERM"); });

test("curves answers the spring README shows", async () => {
  const answer = await segue.curves({ curve: { type: "spring", duration: 0.5, dampingRatio: 0.8 }, frameRate: 10 });
  assert.equal(answer.form, "uikit");
  assert.equal(answer.samples.length, 6);
  assert.deepEqual(answer.samples[1], { time: 0.1, value: 0.609318, velocity: 6.268261 });
});

test("a request with mistakes throws a SegueProblem with every field's pointer", async () => {
  await assert.rejects(segue.curves({ curve: { type: "spring", duration: 0.5, bounce: 1.5 }, framerate: 60 }), (error) => {
    assert.ok(error instanceof SegueProblem);
    assert.equal(error.status, 422);
    assert.equal(error.type, "urn:segue:problem:invalid-request");
    assert.deepEqual(error.errors.map((e) => e.pointer), ["/framerate", "/curve/bounce"]);
    return true;
  });
  await assert.rejects(segue.preset("no.such.preset"), (error) => error instanceof SegueProblem && error.status === 404);
});

test("simulate and decisions answer a preset's example gesture", async () => {
  const detail = await segue.preset("instagram.pop.interactive");
  const simulation = await segue.simulate({ preset: detail.id, gesture: detail.exampleGesture });
  assert.equal(simulation.preset, "instagram.pop.interactive");
  assert.equal(simulation.decision.outcome, "finish");
  assert.ok(simulation.frames.length > 10);
  const map = await segue.decisions({ preset: detail.id });
  assert.equal(map.outcomes.length, map.velocity.steps);
});

test("a continuous mask's clip path is the server's own outline", async () => {
  // The SVG preview draws each mask's outline with RoundedRectangle.svgPathData.
  const detail = await segue.preset("instagram.pop.interactive");
  const json = await segue.simulate({ preset: detail.id, gesture: detail.exampleGesture });
  const svg = await segue.simulate({ preset: detail.id, gesture: detail.exampleGesture, output: "svg" });
  const masks = [...svg.matchAll(/class="mask" d="([^"]+)"/g)].map((m) => m[1]);
  // The preview draws from unrounded values and the JSON's rects are rounded to a millionth, so
  // the commands must be the same and the numbers within 1e-5 pt.
  const ours = [];
  for (const frame of json.frames) {
    for (const state of Object.values(frame.layers)) {
      if (state.mask && !state.mask.path) ours.push(roundedRectPath(state.mask.rect, state.mask.cornerRadius, state.mask.cornerCurve));
    }
  }
  const letters = (d) => d.replace(/[-\d.,]+/g, "#");
  const numbers = (d) => (d.match(/-?[\d.]+/g) || []).map(Number);
  const close = (a, b) => letters(a) === letters(b) && numbers(a).every((v, i) => Math.abs(v - numbers(b)[i]) <= 1e-5);
  assert.ok(masks.length > 0, "the preview draws masks");
  for (const d of masks) assert.ok(ours.some((o) => close(o, d)), `the server's mask ${d.slice(0, 60)}… is one of ours`);
});

test("drive by polling: the frames, decision and settle are the simulate answer's", async () => {
  const detail = await segue.preset("instagram.pop.interactive");
  const samples = detail.exampleGesture.samples;
  const whole = await segue.simulate({ preset: detail.id, gesture: { samples } });
  const session = segue.drive({ preset: detail.id, pace: "realtime" });
  assert.equal(session.transport, "poll");
  const decisions = [];
  session.on("decision", (decision) => decisions.push(decision));
  for (let i = 0; i < samples.length; i += 4) session.send(samples.slice(i, i + 4));
  const events = [];
  for await (const event of session) events.push(event);
  assert.equal(events[0].type, "started");
  assert.deepEqual(events[0].layers, whole.layers);
  const frames = events.filter((e) => e.type === "frame").map((e) => e.frame);
  assert.deepEqual(frames, whole.frames);
  assert.deepEqual(decisions, [whole.decision]);
  assert.deepEqual(events.at(-1), { type: "settled", duration: whole.duration, events: whole.events });
  assert.equal(session.done, true);
});

test("drive by polling, compact: the frames, expanded, are the full simulate answer's", async () => {
  const detail = await segue.preset("instagram.pop.interactive");
  const samples = detail.exampleGesture.samples;
  const whole = await segue.simulate({ preset: detail.id, gesture: { samples } });
  const compact = await segue.simulate({ preset: detail.id, gesture: { samples }, encoding: "compact" });
  assert.equal(compact.encoding, "compact");
  assert.notDeepEqual(compact.frames, whole.frames, "the answer really is compact");
  const session = segue.drive({ preset: detail.id }, { transport: "poll", encoding: "compact" });
  for (let i = 0; i < samples.length; i += 3) session.send(samples.slice(i, i + 3));
  const frames = [];
  for await (const event of session) if (event.type === "frame") frames.push(event.frame);
  assert.deepEqual(frames, whole.frames);
});

test("drive by polling: a bad sample is a problem event", async () => {
  const session = segue.drive({ preset: "instagram.pop.interactive" }, { transport: "poll" });
  const problems = [];
  session.on("problem", (problem) => problems.push(problem));
  session.send([{ t: 0, x: 1, y: 1, phase: "changed" }]);
  const first = await session[Symbol.asyncIterator]().next();
  assert.equal(first.value.type, "problem");
  assert.ok(problems[0] instanceof SegueProblem);
  assert.ok(problems[0].errors.length > 0);
  session.end();
});
