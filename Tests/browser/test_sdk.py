#!/usr/bin/env python3
"""Loads the browser SDK (GET /sdk/segue.js) from the server into headless Chromium and checks it.

Usage: Tests/browser/test_sdk.py path/to/segue

Starts the binary on port 0 (as test_playground.py does), opens a page of the server, imports the
SDK from it and checks that:

1. a drive session of instagram.pop.interactive's example gesture over the socket gives the
   frames, decision and settle of POST /v1/simulate for the same gesture;
2. applyFrame draws each frame onto divs: every layer's computed transform, opacity and box are
   the frame's, and a continuous mask is a clip-path path;
3. where the socket cannot open (a WebSocket that closes unopened), the session polls
   POST /v1/simulate and still gives the simulate answer; and a socket that closes mid-session
   is opened again, resent everything, and the frames it repeats are not emitted twice;
4. recordPointer turns a mouse drag into samples: began first, ended last, times strictly
   increasing from 0, points element-local;
5. an invalid request rejects with a SegueProblem carrying its pointers.

Prints one line per check, then `N passed, M failed`; exits 1 on any failure.
"""

import json
import sys

from playwright.sync_api import sync_playwright

from test_playground import CHROMIUM, Report, post_json, start_server, transform_problem

PRESET = "instagram.pop.interactive"
# Opacity and box: the browser keeps floats, the server rounds to 1e-6; CSS pixels.
TOLERANCE = 1e-3

DRIVE = """async ({ base, preset, mode }) => {
  const sdk = await import(base + "/sdk/segue.js");
  const Refused = class extends EventTarget {
    constructor() { super(); this.readyState = 0; setTimeout(() => { this.readyState = 3; this.dispatchEvent(new Event("close")); }, 0); }
    send() { throw new Error("not open"); }
    close() {}
  };
  // The first socket closes itself after its second message, as a proxy's timeout would.
  let made = 0;
  const Dropping = class extends WebSocket {
    constructor(url) {
      super(url);
      if (++made > 1) return;
      let seen = 0;
      this.addEventListener("message", () => { if (++seen === 2) this.close(); });
    }
  };
  const segue = new sdk.Segue(mode === "refuse" ? { WebSocket: Refused } : mode === "drop" ? { WebSocket: Dropping } : {});
  const detail = await segue.preset(preset);
  const stage = document.createElement("div");
  stage.style.cssText = "position: relative; width: 390px; height: 844px; overflow: hidden";
  document.body.replaceChildren(stage);
  const elements = new Map();
  const drawn = [];
  const session = segue.drive({ preset, pace: "asap" });
  session.on("started", ({ layers }) => {
    for (const layer of layers) {
      const div = document.createElement("div");
      div.style.position = "absolute";
      stage.append(div);
      elements.set(layer.id, div);
    }
  });
  session.on("frame", (frame) => {
    sdk.applyFrame(frame, elements, { layers: session.layers });
    const shown = {};
    for (const [id, div] of elements) {
      const style = getComputedStyle(div);
      shown[id] = { transform: style.transform, opacity: Number(style.opacity), clipPath: style.clipPath,
        left: div.offsetLeft, top: div.offsetTop, width: div.offsetWidth, height: div.offsetHeight,
        rawLeft: parseFloat(style.left), rawTop: parseFloat(style.top), rawWidth: parseFloat(style.width), rawHeight: parseFloat(style.height) };
    }
    drawn.push(shown);
  });
  const samples = detail.exampleGesture.samples;
  for (let i = 0; i < samples.length; i += 3) session.send(samples.slice(i, i + 3));
  const events = [];
  for await (const event of session) events.push(event.type === "problem" ? { type: "problem", detail: event.problem.message } : event);
  return { transport: session.transport, events, drawn, layers: session.layers, samples, sockets: made };
}"""

RECORD = """async (base) => {
  const sdk = await import(base + "/sdk/segue.js");
  const pad = document.createElement("div");
  pad.id = "pad";
  pad.style.cssText = "position: absolute; left: 40px; top: 60px; width: 300px; height: 300px; background: #ccc";
  document.body.replaceChildren(pad);
  window.recorded = [];
  window.recording = sdk.recordPointer(pad, { onSample: (s) => window.recorded.push(s) });
}"""

PROBLEM = """async (base) => {
  const sdk = await import(base + "/sdk/segue.js");
  try {
    await new sdk.Segue().simulate({ preset: "instagram.pop.interactive", gesture: { samples: [{ t: "x", x: 0, y: 0, phase: "began" }] } });
    return null;
  } catch (error) {
    return { isProblem: error instanceof sdk.SegueProblem, status: error.status, pointers: error.errors.map((e) => e.pointer) };
  }
}"""


def drive_check(report: Report, page, base: str, mode: str) -> None:
    label = {"refuse": "polling where the socket cannot open", "drop": "over a socket that closes mid-session",
             "socket": "over the socket"}[mode]
    refuse = mode == "refuse"
    got = page.evaluate(DRIVE, {"base": base, "preset": PRESET, "mode": mode})
    if mode == "drop":
        report.check(f"drive {label}: a second socket was opened", "" if got["sockets"] == 2 else f"{got['sockets']} sockets")
    status, whole = post_json(base, "/v1/simulate", {"preset": PRESET, "gesture": {"samples": got["samples"]}})
    want_transport = "poll" if refuse else "socket"
    report.check(f"drive {label}: transport {want_transport}",
                 "" if got["transport"] == want_transport else f"transport {got['transport']}")
    events = got["events"]
    frames = [e["frame"] for e in events if e["type"] == "frame"]
    problems = [e for e in events if e["type"] == "problem"]
    report.check(f"drive {label}: no problem", json.dumps(problems)[:300] if problems else "")
    report.check(f"drive {label}: started with the simulate answer's layers",
                 "" if events and events[0]["type"] == "started" and events[0]["layers"] == whole["layers"] else "no")
    report.check(f"drive {label}: the frames are the simulate answer's ({len(whole['frames'])})",
                 "" if frames == whole["frames"] else f"{len(frames)} frames differ")
    decisions = [e["decision"] for e in events if e["type"] == "decision"]
    report.check(f"drive {label}: the decision is the simulate answer's",
                 "" if decisions == [whole["decision"]] else json.dumps(decisions)[:200])
    last = events[-1] if events else {}
    report.check(f"drive {label}: settled last, as the simulate answer",
                 "" if last == {"type": "settled", "duration": whole["duration"], "events": whole["events"]} else json.dumps(last)[:200])
    if mode != "socket":
        return
    layers = {layer["id"]: layer for layer in whole["layers"]}
    problems = []
    for frame, shown in zip(frames, got["drawn"]):
        for layer_id, state in frame["layers"].items():
            s = shown[layer_id]
            off = transform_problem(s["transform"], state["transform"])
            box = state.get("frame") or layers[layer_id]["frame"]
            for key, raw in (("x", "rawLeft"), ("y", "rawTop"), ("width", "rawWidth"), ("height", "rawHeight")):
                if abs(s[raw] - box[key]) > TOLERANCE * max(1.0, abs(box[key])):
                    off += f"; {key} {s[raw]} ≠ {box[key]}"
            if abs(s["opacity"] - state["opacity"]) > TOLERANCE:
                off += f"; opacity {s['opacity']} ≠ {state['opacity']}"
            if state["mask"] and not s["clipPath"].startswith("path("):
                off += f"; clip-path {s['clipPath'][:40]}"
            if off:
                problems.append(f"t={frame['time']} {layer_id}: {off.lstrip('; ')}")
    report.check(f"applyFrame: every layer's computed transform, box, opacity and mask are the frame's ({len(frames)} frames)",
                 "; ".join(problems[:3]))


def record_check(report: Report, page, base: str) -> None:
    page.evaluate(RECORD, base)
    page.mouse.move(100, 160)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(100 + 12 * step, 160 + 3 * step)
        page.wait_for_timeout(16)
    page.mouse.up()
    page.wait_for_timeout(50)
    samples = page.evaluate("window.recorded")
    problems = []
    if not samples or samples[0] != {"t": 0, "x": 60, "y": 100, "phase": "began"}:
        problems.append(f"first {samples[:1]}")
    if not samples or samples[-1]["phase"] != "ended" or (samples[-1]["x"], samples[-1]["y"]) != (180, 130):
        problems.append(f"last {samples[-1:]}")
    if any(b["t"] <= a["t"] for a, b in zip(samples, samples[1:])):
        problems.append("times do not strictly increase")
    if any(s["phase"] != "changed" for s in samples[1:-1]):
        problems.append("a middle sample is not 'changed'")
    report.check(f"recordPointer: a mouse drag is {len(samples)} samples, began … ended, element-local",
                 "; ".join(problems))


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    report = Report()
    server, base = start_server(sys.argv[1])
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-dev-shm-usage"])
            try:
                page = browser.new_page(viewport={"width": 800, "height": 1000})
                errors = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(f"{base}/healthz")
                for mode in ("socket", "refuse", "drop"):
                    drive_check(report, page, base, mode)
                record_check(report, page, base)
                problem = page.evaluate(PROBLEM, base)
                report.check("an invalid request rejects with a SegueProblem and its pointers",
                             "" if problem and problem["isProblem"] and problem["status"] == 422
                             and "/gesture/samples/0/t" in problem["pointers"] else json.dumps(problem))
                report.check("no page error", "; ".join(errors))
            finally:
                browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(f"{report.passed} passed, {report.failed} failed")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
