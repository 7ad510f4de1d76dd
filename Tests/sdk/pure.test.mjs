// The SDK's pure parts under Node's test runner: problems, samples from pointer events, the
// continuous-corner clip path against points computed by hand, a layer's CSS.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  parseProblem, SegueProblem, buildRequest, SampleCoalescer, roundedRectPath, maskClipPath, layerStyle, pathNumber,
  expandFrame, expandFrames,
} from "../../Sources/SegueAPI/Resources/sdk/segue.js";

test("a problem+json answer becomes a SegueProblem with its field errors", () => {
  const body = JSON.stringify({ type: "urn:segue:problem:invalid-request", title: "Invalid request", status: 422,
    detail: "The request body is JSON but 1 field is not valid; see errors.",
    errors: [{ pointer: "/gesture/samples/3/t", detail: "Expected a number here." }] });
  const problem = parseProblem(422, "application/problem+json", body);
  assert.ok(problem instanceof SegueProblem && problem instanceof Error);
  assert.equal(problem.status, 422);
  assert.equal(problem.type, "urn:segue:problem:invalid-request");
  assert.equal(problem.title, "Invalid request");
  assert.deepEqual(problem.errors, [{ pointer: "/gesture/samples/3/t", detail: "Expected a number here." }]);
  assert.equal(problem.message, "422 Invalid request: The request body is JSON but 1 field is not valid; see errors.\n"
    + "/gesture/samples/3/t: Expected a number here.");
});

test("an answer that is not a problem still becomes one, with its status and text", () => {
  const html = parseProblem(502, "text/html", "<html>Bad gateway</html>");
  assert.equal(html.status, 502);
  assert.equal(html.title, "Bad Gateway");
  assert.equal(html.detail, "<html>Bad gateway</html>");
  assert.deepEqual(html.errors, []);
  const empty = parseProblem(503, null, "");
  assert.equal(empty.detail, "The server answered 503 with no problem details.");
  const broken = parseProblem(500, "application/problem+json", "{not json");
  assert.equal(broken.status, 500);
  assert.equal(broken.detail, "{not json");
});

test("a POST is JSON to the base URL's path, with no doubled slash", () => {
  const { url, init } = buildRequest("http://127.0.0.1:8080/", "POST", "/v1/curves", { curve: { type: "named", name: "easeIn" } });
  assert.equal(url, "http://127.0.0.1:8080/v1/curves");
  assert.equal(init.method, "POST");
  assert.deepEqual(init.headers, { Accept: "application/json, application/problem+json", "Content-Type": "application/json" });
  assert.equal(init.body, '{"curve":{"type":"named","name":"easeIn"}}');
  assert.equal(buildRequest("", "POST", "/v1/simulate", '{"preset":"x"}').init.body, '{"preset":"x"}');
  assert.equal(buildRequest("http://h", "GET", "/v1/presets").init.body, undefined);
});

/** Fake pointer events: milliseconds, element-local points. */
const down = (timeStamp, x, y, pointerId = 1) => ({ type: "pointerdown", pointerId, timeStamp, x, y });
const move = (timeStamp, x, y, pointerId = 1) => ({ type: "pointermove", pointerId, timeStamp, x, y });
const up = (timeStamp, x, y, pointerId = 1) => ({ type: "pointerup", pointerId, timeStamp, x, y });

test("moves coalesce to the latest one a display frame; began and ended go out at once", () => {
  const emitted = [];
  const c = new SampleCoalescer((s) => emitted.push(s));
  c.input(down(1000, 10, 20));
  assert.deepEqual(emitted, [{ t: 0, x: 10, y: 20, phase: "began" }]);
  c.input(move(1004, 11, 21));
  c.input(move(1008.4, 12.00049, 22));
  c.input(move(1009, 99, 99, 2)); // another pointer: ignored
  assert.equal(emitted.length, 1, "no move before the frame");
  c.frame();
  c.frame(); // a frame with nothing new emits nothing
  c.input(move(1020, 15, 25));
  c.frame();
  c.input(move(1040, 18, 28)); // pending at the lift: flushed before it
  c.input(up(1045, 18, 28));
  assert.deepEqual(emitted, [
    { t: 0, x: 10, y: 20, phase: "began" },
    { t: 0.0084, x: 12, y: 22, phase: "changed" },
    { t: 0.02, x: 15, y: 25, phase: "changed" },
    { t: 0.04, x: 18, y: 28, phase: "changed" },
    { t: 0.045, x: 18, y: 28, phase: "ended" },
  ]);
  assert.equal(c.active, false);
  assert.deepEqual(c.samples, emitted);
});

test("times strictly increase: a late move is dropped, a lift in the same instant is a millisecond later", () => {
  const emitted = [];
  const c = new SampleCoalescer((s) => emitted.push(s));
  c.input(down(500, 0, 0));
  c.input(move(500, 1, 1)); // same instant as the down
  c.frame();
  c.input(move(516, 2, 2));
  c.frame();
  c.input({ type: "pointercancel", pointerId: 1, timeStamp: 516, x: 2, y: 2 });
  assert.deepEqual(emitted.map((s) => [s.t, s.phase]), [[0, "began"], [0.016, "changed"], [0.017, "cancelled"]]);
  c.input(down(900, 5, 5)); // a new gesture starts from its own touch-down
  assert.deepEqual(c.samples, [{ t: 0, x: 5, y: 5, phase: "began" }]);
});

test("a continuous corner's path is the published corner scaled by the radius (points by hand)", () => {
  // rect 100 × 100, radius 10: the corner leaves each edge 1.52866483 r = 15.2866483 pt from the
  // vertex; the top-right corner's points are (100 − u r, v r) for the table's (u, v).
  const d = roundedRectPath({ x: 0, y: 0, width: 100, height: 100 }, 10, "continuous");
  const commands = d.split(/ (?=[MLCAZ])/);
  assert.deepEqual(commands.slice(0, 7), [
    "M 15.286648,0",
    "L 84.713352,0",
    "C 89.11507,0 91.31593,0 93.300657,0.65496",
    "L 93.68506,0.74911",
    "C 96.27176,1.6906 98.3094,3.72824 99.25089,6.31494",
    "L 99.34504,6.699343",
    "C 100,8.68407 100,10.88493 100,15.286648",
  ]);
  // Then down the right edge to where the bottom-right corner begins, four corners of five
  // segments each, and the close.
  assert.equal(commands[7], "L 100,84.713352");
  assert.equal(commands.length, 1 + 4 * 6 + 1);
  assert.equal(commands.at(-1), "Z");
  // The bottom-left corner is the top-right turned half a turn: (u r, 100 − v r).
  assert.equal(commands[14], "C 10.88493,100 8.68407,100 6.699343,99.34504");
});

test("circular corners are exact arcs clamped to half the short side; too large a continuous one is circular", () => {
  assert.equal(roundedRectPath({ x: 0, y: 0, width: 100, height: 50 }, 40, "circular"),
    "M 0,25 L 75,0 A 25,25 0 0 1 100,25 L 100,25 A 25,25 0 0 1 75,50 L 25,50 A 25,25 0 0 1 0,25 L 0,25 A 25,25 0 0 1 25,0 Z"
      .replace("M 0,25 L 75,0", "M 25,0 L 75,0"));
  // 50 / 1.52866483 = 32.71 pt is the largest continuous radius on a 100 pt square.
  assert.match(roundedRectPath({ x: 0, y: 0, width: 100, height: 100 }, 40, "continuous"), /^M 40,0 L 60,0 A 40,40 0 0 1 100,40 /);
  assert.match(roundedRectPath({ x: 0, y: 0, width: 100, height: 100 }, 32.7, "continuous"), /^M 49\.98734,0 L 50\.01266,0 C /);
  assert.equal(roundedRectPath({ x: 10, y: 20, width: 30, height: 40 }, 0, "continuous"), "M 10,20 L 40,20 L 40,60 L 10,60 Z");
  assert.equal(roundedRectPath({ x: 0, y: 0, width: Infinity, height: 1 }, 1), "");
  assert.equal(pathNumber(-0.0000004), "0");
  assert.equal(pathNumber(2.0000005), "2.000001");
  assert.equal(pathNumber(-2.0000005), "-2.000001");
});

test("a layer's CSS: box from its own frame or its layers frame, matrix about the centre, mask as a path", () => {
  const state = { transform: { a: 0.9, b: 0, c: 0, d: 0.9, tx: 12.5, ty: -3 }, presentationFrame: { x: 0, y: 0, width: 1, height: 1 },
    opacity: 0.5, cornerRadius: 8, mask: { rect: { x: 0, y: 0, width: 100, height: 100 }, cornerRadius: 10, cornerCurve: "continuous" },
    shadow: { opacity: 0.3, radius: 6, offset: { x: 0, y: 2 } } };
  const style = layerStyle(state, { x: 1, y: 2, width: 100, height: 100 });
  assert.deepEqual(style, {
    transform: "matrix(0.9, 0, 0, 0.9, 12.5, -3)", transformOrigin: "50% 50%", opacity: "0.5", borderRadius: "8px",
    clipPath: `path('${roundedRectPath(state.mask.rect, 10, "continuous")}')`, boxShadow: "0px 2px 6px rgba(0,0,0,0.3)",
    left: "1px", top: "2px", width: "100px", height: "100px",
  });
  const moved = layerStyle({ ...state, frame: { x: 5, y: 6, width: 7, height: 8 }, mask: null, shadow: undefined }, { x: 1, y: 2, width: 100, height: 100 });
  assert.equal(moved.left, "5px");
  assert.equal(moved.height, "8px");
  assert.equal(moved.clipPath, "none");
  assert.equal(moved.boxShadow, "none");
  assert.equal(maskClipPath({ rect: { x: 0, y: 0, width: 1, height: 1 }, cornerRadius: 0, cornerCurve: "circular", path: "M 0,0 L 1,1 Z" }),
    "path('M 0,0 L 1,1 Z')");
});

test("compact frames expand by the rule: changed members laid over the frame before, a null shadow removed", () => {
  const layers = [
    { id: "card", role: "moving", frame: { x: 0, y: 0, width: 100, height: 50 }, kind: "solid", fill: "#ffffffff" },
    { id: "dim", role: "dimming", frame: { x: 0, y: 0, width: 390, height: 844 }, kind: "solid", fill: "#000000ff" },
  ];
  const identity = { a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0 };
  const card = { transform: identity, presentationFrame: { x: 0, y: 0, width: 100, height: 50 }, opacity: 1,
    cornerRadius: 0, mask: null, shadow: { opacity: 0.3, radius: 8, offset: { x: 0, y: 2 } } };
  const dim = { transform: identity, presentationFrame: { x: 0, y: 0, width: 390, height: 844 }, opacity: 0.4,
    cornerRadius: 0, mask: null };
  const moved = { a: 1, b: 0, c: 0, d: 1, tx: 10, ty: 0 };
  const stream = [
    { time: 0, phase: "interactive", progress: 0, layers: { card, dim } },
    { time: 0.016667, phase: "interactive", progress: 0.1, layers: { card: { transform: moved, shadow: null } } },
    { time: 0.033333, phase: "animating", progress: 0.2, layers: { dim: { opacity: 0.2 } }, annotations: { post: 2 } },
    { time: 0.05, phase: "animating", progress: 0.3, layers: { card: { frame: { x: 5, y: 0, width: 100, height: 50 } } } },
    { time: 0.066667, phase: "settled", progress: 1, layers: { card: { frame: { x: 0, y: 0, width: 100, height: 50 } } } },
  ];
  const { shadow, ...cardWithoutShadow } = card;
  const expected = [
    stream[0],
    { time: 0.016667, phase: "interactive", progress: 0.1, layers: { card: { ...cardWithoutShadow, transform: moved }, dim } },
    { time: 0.033333, phase: "animating", progress: 0.2,
      layers: { card: { ...cardWithoutShadow, transform: moved }, dim: { ...dim, opacity: 0.2 } }, annotations: { post: 2 } },
    { time: 0.05, phase: "animating", progress: 0.3,
      layers: { card: { ...cardWithoutShadow, transform: moved, frame: { x: 5, y: 0, width: 100, height: 50 } },
        dim: { ...dim, opacity: 0.2 } } },
    // Back at its layer's frame: left out, as the full encoding leaves it out.
    { time: 0.066667, phase: "settled", progress: 1,
      layers: { card: { ...cardWithoutShadow, transform: moved }, dim: { ...dim, opacity: 0.2 } } },
  ];
  assert.deepEqual(expandFrames(stream, layers), expected);
  // Across messages: the rest of the stream laid over the last frame of the part before.
  const head = expandFrames(stream.slice(0, 2), layers);
  assert.deepEqual(expandFrames(stream.slice(2), layers, head[1]), expected.slice(2));
  assert.deepEqual(expandFrame(null, stream[0], layers), stream[0]);
  assert.equal(shadow.radius, 8);
});
