#!/usr/bin/env python3
"""Drives the playground page (GET /) in a real headless Chromium.

Usage: Tests/browser/test_playground.py path/to/segue [artifacts-dir]

Starts the binary on a free port of 127.0.0.1 and reads its `listening on
http://HOST:PORT` line, then launches Debian's chromium (/usr/bin/chromium, or
$CHROMIUM) through Playwright for Python (no `playwright install`: the system
browser) and checks that:

1. the page loads with no console error and no failed request, and requests
   nothing but this server;
2. the preset list fills with every preset GET /v1/presets lists;
3. picking instagram.pop.interactive builds its parameter form and draws its scene;
4. a scripted mouse drag on the stage (pointer events with real timestamps) is
   driven live over the drive socket: before the pointer is lifted, the frames
   the page received are those POST /v1/simulate answers for the samples so
   far (an open gesture, sent by this test), and the `detail` layer's computed
   transform is the server's frame for the latest sample; once lifted, the
   settle plays as it arrives, and the whole run (frames, decision, events) is
   the simulate answer for the gesture, which starts `began` and ends `ended`
   with strictly increasing times; the decision and its explanation show;
5. it stops on the settled frame; after
   Replay, at two moments, the frame shown is the one due for the time elapsed
   and the `detail` layer's computed transform is that frame's;
6. at two frames (scrubbed to), the `detail` layer's computed transform is the
   response's transform, and its on-screen box is the response's
   presentationFrame times the stage's scale;
7. edited parameters (a number, a choice, a boolean) are sent, and only those;
8. 'copy as curl' holds the exact body sent, and the Download buttons save the
   simulation as Lottie, CSS and SVG files;
9. a second drag starts from the preset's start state, not the last run's end;
10. where WebSockets fail (the page without `WebSocket`), a drag polls POST
    /v1/simulate with the samples so far (open gestures) and the card follows.

Saves screenshots to ARTIFACTS/playground.png and, mid-drag,
ARTIFACTS/playground-drive.png (default artifacts/). Prints one
line per check, then `N passed, M failed`; exits 1 on any failure.
"""

from __future__ import annotations

import json
import os
import re
import selectors
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PRESET = "instagram.pop.interactive"
LAYER = "detail"
LISTENING = re.compile(r"^listening on http://(?P<host>\[[^\]]+\]|[^:/]+):(?P<port>\d+)$")
STARTUP_TIMEOUT = 20.0
# Transform entries are rounded to 1e-6 by the server; the browser keeps floats.
TRANSFORM_TOLERANCE = 1e-3
# On-screen boxes: CSS pixels, after the stage's scale and sub-pixel layout.
BOX_TOLERANCE = 1.0
# How far behind real time playback may show a frame (a late animation frame on a busy machine), seconds.
PLAYBACK_LAG = 0.25


class Report:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0

    def check(self, name: str, problem: str = "") -> bool:
        if problem:
            self.failed += 1
            print(f"FAIL  {name}: {problem}", flush=True)
        else:
            self.passed += 1
            print(f"ok    {name}", flush=True)
        return not problem


def start_server(binary: str) -> tuple[subprocess.Popen, str]:
    """Starts segue on port 0 and returns it with its base URL, read from its listening line."""
    process = subprocess.Popen([binary, "--port", "0", "--host", "127.0.0.1"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if not selector.select(timeout=deadline - time.monotonic()):
            break
        line = process.stdout.readline()
        if not line:
            break
        match = LISTENING.match(line.strip())
        if match:
            return process, f"http://{match['host']}:{match['port']}"
    process.kill()
    raise RuntimeError(f"{binary} did not print its listening line within {STARTUP_TIMEOUT:.0f} s")


def parse_matrix(text: str) -> list[float] | None:
    match = re.fullmatch(r"matrix\(([^)]*)\)", text.strip())
    return [float(v) for v in match[1].split(",")] if match else None


def transform_problem(computed: str, expected: dict) -> str:
    values = parse_matrix(computed)
    want = [expected[k] for k in ("a", "b", "c", "d", "tx", "ty")]
    if computed == "none":
        values = [1, 0, 0, 1, 0, 0]
    if values is None:
        return f"computed transform {computed!r} is not a matrix"
    off = [f"{k} {v:.6g} ≠ {w:.6g}" for k, v, w in zip("a b c d tx ty".split(), values, want)
           if abs(v - w) > TRANSFORM_TOLERANCE * max(1.0, abs(w))]
    return "; ".join(off)


def box_problem(box: dict, stage: dict, scale: float, frame: dict) -> str:
    want = {"x": stage["x"] + frame["x"] * scale, "y": stage["y"] + frame["y"] * scale,
            "width": frame["width"] * scale, "height": frame["height"] * scale}
    off = [f"{k} {box[k]:.2f} ≠ {want[k]:.2f}" for k in want if abs(box[k] - want[k]) > BOX_TOLERANCE]
    return "; ".join(off)


def run(binary: str, artifacts: Path) -> Report:
    report = Report()
    server, base = start_server(binary)
    report.check(f"server started: {base}")
    try:
        with urllib.request.urlopen(f"{base}/v1/presets") as response:
            preset_ids = [p["id"] for p in json.load(response)["presets"]]
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-dev-shm-usage"])
            try:
                drive(report, browser, base, preset_ids, artifacts)
            finally:
                browser.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            status = server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            status = None
        report.check("SIGTERM: the server exits with status 0", "" if status == 0 else f"exit status {status}")
    return report


def drive(report: Report, browser, base: str, preset_ids: list[str], artifacts: Path) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    console_errors: list[str] = []
    elsewhere: list[str] = []
    failed: list[str] = []
    simulate_bodies: list[str] = []
    page.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console_errors.append(str(e)))
    page.on("requestfailed", lambda r: failed.append(f"{r.method} {r.url}"))
    page.on("request", lambda r: None if r.url.startswith(base) else elsewhere.append(r.url))
    page.on("request", lambda r: simulate_bodies.append(r.post_data or "")
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)

    page.goto(f"{base}/", wait_until="load")
    page.wait_for_selector("#presets li", timeout=10_000)
    listed = page.eval_on_selector_all("#presets li", "items => items.map(li => li.dataset.id)")
    report.check(f"the preset list fills ({len(listed)} presets, as GET /v1/presets lists)",
                 "" if listed == preset_ids else f"listed {listed}, API lists {preset_ids}")
    summaries = page.eval_on_selector_all("#presets li .summary", "items => items.filter(i => i.textContent).length")
    report.check("every preset shows its summary", "" if summaries == len(preset_ids) else f"{summaries} summaries")

    page.click(f'#presets li[data-id="{PRESET}"]')
    page.wait_for_function("id => window.playground.detail && window.playground.detail.id === id", arg=PRESET)
    detail = page.evaluate("window.playground.detail")
    rows = page.eval_on_selector_all("#params [data-param]", "rows => rows.map(r => r.dataset.param)")
    report.check(f"picking {PRESET} builds its parameter form",
                 "" if rows == [p["name"] for p in detail["parameters"]] else f"rows {rows}")
    number = next((p for p in detail["parameters"] if p["type"] == "number"), None)
    if number:
        attributes = page.eval_on_selector(f'#params [data-param="{number["name"]}"] input',
                                           "i => [Number(i.value), Number(i.min), Number(i.max)]")
        report.check(f"the number parameter {number['name']} shows its default and range",
                     "" if attributes == [number["default"], number["minimum"], number["maximum"]]
                     else f"input has {attributes}")
    scene_rects = page.eval_on_selector_all(".scene-rect", "boxes => boxes.map(b => b.dataset.scene)")
    wanted_rects = [k for k, v in detail["scene"].items() if isinstance(v, dict) and "x" in v]
    report.check(f"the default scene is drawn ({', '.join(scene_rects) or 'no rects'})",
                 "" if scene_rects == wanted_rects else f"drew {scene_rects}, scene has {wanted_rects}")

    # A live drag from near the left edge to the right, with real time between the moves.
    stage = page.locator("#stage").bounding_box()
    scale = page.evaluate("window.playground.scale")
    start = (stage["x"] + 20 * scale, stage["y"] + 450 * scale)
    posts_before = len(simulate_bodies)
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 13):
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + step * 15 * scale, start[1] + step * 2 * scale)
    # Before the pointer is lifted: the server's answer for the samples so far, asked by this test.
    so_far = page.evaluate("window.playground.live.samples")
    open_answer = post_simulate(base, {"preset": PRESET, "gesture": {"samples": so_far}})
    expected_open = open_answer.get("frames", [])
    try:
        page.wait_for_function("n => window.playground.live && window.playground.live.frames.length >= n",
                               arg=len(expected_open), timeout=10_000)
    except PlaywrightError:
        pass
    live_frames = page.evaluate("window.playground.live ? window.playground.live.frames : []")
    report.check(f"mid-drag, the page has the server's frames for the {len(so_far)} samples so far "
                 f"({len(expected_open)} frames, open: {open_answer.get('open')})",
                 "" if live_frames == expected_open and open_answer.get("open") is True and expected_open
                 else f"page has {len(live_frames)} frames, the answer {len(expected_open)}")
    if expected_open:
        computed = page.eval_on_selector(f"#layer-{LAYER}", "d => getComputedStyle(d).transform")
        latest = expected_open[-1]
        report.check(f"mid-drag, {LAYER}'s computed transform is the server's frame for the latest sample "
                     f"(t={latest['time']:.3f} s, progress {latest['progress']:.3f})",
                     transform_problem(computed, latest["layers"][LAYER]["transform"]))
    artifacts.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(artifacts / "playground-drive.png"))
    page.mouse.up()
    page.wait_for_function("window.playground.response && document.body.dataset.playing === 'false'",
                           timeout=20_000)
    report.check("the drag streamed over the drive socket: no POST /v1/simulate",
                 "" if len(simulate_bodies) == posts_before else f"{len(simulate_bodies) - posts_before} POSTs")
    simulation = page.evaluate("window.playground.response")
    samples = page.evaluate("window.playground.request.gesture.samples")
    expected = post_simulate(base, {"preset": PRESET, "gesture": {"samples": samples}})
    problems = [f"{name} differs" for name in ("frames", "decision", "events", "layers", "duration")
                if simulation.get(name) != expected.get(name)]
    report.check(f"the live run ({len(simulation.get('frames', []))} frames) is POST /v1/simulate's answer for "
                 "the same gesture", "; ".join(problems))
    times = [s["t"] for s in samples]
    problems = []
    if len(samples) < 3 or samples[0]["phase"] != "began" or samples[-1]["phase"] != "ended":
        problems.append(f"phases {[s['phase'] for s in samples]}")
    if any(b <= a for a, b in zip(times, times[1:])):
        problems.append(f"times not strictly increasing: {times}")
    if samples and not 0.1 < times[-1] < 5:
        problems.append(f"the drag lasted {times[-1]} s (real timestamps expected about 0.2 s)")
    report.check(f"the gesture is the drag: {len(samples)} samples over {times[-1] if times else 0:.3f} s",
                 "; ".join(problems))
    if samples:
        dx = samples[-1]["x"] - samples[0]["x"]
        report.check(f"samples are in window points (drag of {dx:.1f} pt for 180 pt)",
                     "" if abs(dx - 180) < 2 else "the stage's scale is not undone")

    decision = simulation["decision"]
    page.wait_for_selector("#explanation", timeout=5_000)
    shown = page.text_content("#explanation")
    report.check(f"the decision shows: {decision['outcome']} — {decision['explanation']}",
                 "" if shown == decision["explanation"] and page.text_content("#outcome") == decision["outcome"]
                 else f"shows {shown!r}")

    # The settle played live as its frames arrived, and stopped on the settled frame.
    frames = simulation["frames"]
    expected_seconds = frames[-1]["time"] - frames[0]["time"]
    index = page.evaluate("window.playground.frameIndex")
    report.check(f"the live run stops on the settled frame ({len(frames)} frames, {expected_seconds:.3f} s)",
                 "" if index == len(frames) - 1 and frames[-1]["phase"] == "settled" else f"stopped on frame {index}")

    # Replay, read at two moments of real-time playback: the card shows the frame for the time
    # elapsed (not ahead of it, at most PLAYBACK_LAG behind) with that frame's transform.
    page.click("#replay")
    moments = page.evaluate("""delays => Promise.all(delays.map(ms => new Promise(done => setTimeout(() => done({
        elapsed: (performance.now() - window.playground.playStart) / 1000,
        index: window.playground.frameIndex,
        transform: getComputedStyle(document.getElementById('layer-detail')).transform,
    }), ms))))""", [100, 350])
    for moment in moments:
        k, elapsed = moment["index"], moment["elapsed"]
        due = min(int(elapsed * simulation["frameRate"]), len(frames) - 1)
        lag = (due - k) / simulation["frameRate"]
        problem = transform_problem(moment["transform"], frames[k]["layers"][LAYER]["transform"])
        if not 0 <= lag <= PLAYBACK_LAG:
            problem = f"frame {due} was due, frame {k} shown"
        report.check(f"playing, {elapsed:.3f} s in: frame {k} shown (due {due}), {LAYER} at its transform "
                     f"{moment['transform']}", problem)
    page.wait_for_function("document.body.dataset.playing === 'false'", timeout=int(expected_seconds * 1000) + 10_000)

    # The card on screen, at two frames, is where the response says.
    stage_box = page.locator("#stage").bounding_box()
    picks = sorted({len(frames) // 3, len(frames) - 1})
    for k in picks:
        page.eval_on_selector("#scrub", "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", k)
        computed = page.eval_on_selector(f"#layer-{LAYER}", "e => getComputedStyle(e).transform")
        state = frames[k]["layers"][LAYER]
        report.check(f"frame {k} (t={frames[k]['time']:.3f} s): {LAYER}'s computed transform {computed}",
                     transform_problem(computed, state["transform"]))
        box = page.locator(f"#layer-{LAYER}").bounding_box()
        report.check(f"frame {k}: {LAYER} on screen is presentationFrame × stage scale {scale:.4f}",
                     box_problem(box, stage_box, scale, state["presentationFrame"]))
    if len(picks) == 2:
        a, b = (frames[k]["layers"][LAYER]["transform"]["tx"] for k in picks)
        report.check(f"the card moves between those frames (tx {a:.1f} → {b:.1f} pt)", "" if abs(a - b) > 1 else "no move")

    page.eval_on_selector("#scrub", "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }",
                          picks[0])
    page.click("#step-forward")
    report.check("step forward moves one frame",
                 "" if page.evaluate("window.playground.frameIndex") == picks[0] + 1 else "did not step")

    # Edited parameters go into the request: a number, a choice and a boolean, then the example gesture.
    page.fill('#params [data-param="duration"] input', "0.4")
    page.select_option('#params [data-param="releaseRule"] select', "projection")
    page.check('#params [data-param="springSettle"] input')
    with page.expect_response(f"{base}/v1/simulate", timeout=10_000) as answer:
        page.click("#example")
    edited = json.loads(simulate_bodies[-1]) if simulate_bodies else {}
    want = {"duration": 0.4, "releaseRule": "projection", "springSettle": True}
    report.check("edited parameters (and only those) are sent with the example gesture, answered 200",
                 "" if edited.get("parameters") == want and edited.get("gesture") == detail["exampleGesture"]
                 and answer.value.ok else f"sent {edited.get('parameters')}, status {answer.value.status}")
    page.wait_for_function("document.body.dataset.playing === 'false'", timeout=20_000)

    curl = page.text_content("#curl")
    report.check("'copy as curl' holds the exact body sent",
                 "" if simulate_bodies and curl.endswith("-d '" + simulate_bodies[-1].replace("'", "'\\''") + "'")
                 else f"curl is {curl[:120]!r}")
    page.click("#copy-curl")

    # Download: the current simulation as Lottie, CSS and SVG files, each what the server answers.
    for output, starts in (("lottie", b'{"v":"5.'), ("css", b"<!doctype html>"), ("svg", b"<?xml")):
        with page.expect_download(timeout=10_000) as download:
            page.click(f'#downloads button[data-output="{output}"]')
        path = download.value.path()
        content = Path(path).read_bytes() if path else b""
        report.check(f"Download {output}: {download.value.suggested_filename}, {len(content)} bytes",
                     "" if content.startswith(starts) else f"starts {content[:30]!r}")

    second_drag(report, page, start, scale)

    # The screenshot shows the card mid-transition rather than the settled end.
    page.eval_on_selector("#scrub", "s => { s.value = String(Math.floor(s.max / 2)); s.dispatchEvent(new Event('input')); }")
    artifacts.mkdir(parents=True, exist_ok=True)
    screenshot = artifacts / "playground.png"
    page.screenshot(path=str(screenshot))
    report.check(f"screenshot saved to {screenshot}", "" if screenshot.stat().st_size > 0 else "empty file")

    report.check("no console error", "; ".join(console_errors))
    report.check("no failed request", "; ".join(failed))
    report.check("no request to anywhere but this server", "; ".join(elsewhere))
    page.close()
    polling(report, browser, base)


def post_simulate(base: str, body: dict) -> dict:
    """This test's own POST /v1/simulate: the answer the page is checked against."""
    request = urllib.request.Request(f"{base}/v1/simulate", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def second_drag(report: Report, page, start: tuple[float, float], scale: float) -> None:
    """After a run that ended away from the start, a new touch-down shows the preset's start state."""
    page.wait_for_function("document.body.dataset.playing === 'false'", timeout=20_000)
    ended = page.eval_on_selector(f"#layer-{LAYER}", "d => getComputedStyle(d).transform")
    page.mouse.move(*start)
    page.mouse.down()
    page.wait_for_function("window.playground.live && window.playground.live.frames.length >= 1", timeout=10_000)
    first = page.evaluate("window.playground.live.frames[0]")
    computed = page.eval_on_selector(f"#layer-{LAYER}", "d => getComputedStyle(d).transform")
    problem = transform_problem(computed, first["layers"][LAYER]["transform"])
    if not problem and computed == ended:
        problem = f"still shows the last run's end ({ended})"
    if not problem and first["progress"] != 0:
        problem = f"the first frame has progress {first['progress']}"
    report.check(f"a second drag starts from the start state ({LAYER} at {computed}, the last run ended at {ended})",
                 problem)
    page.mouse.move(start[0] + 60 * scale, start[1])
    page.mouse.up()
    page.wait_for_function("window.playground.response && document.body.dataset.playing === 'false'",
                           timeout=20_000)


def polling(report: Report, browser, base: str) -> None:
    """Without WebSocket, a drag polls POST /v1/simulate with open gestures, and the card follows."""
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.add_init_script("window.WebSocket = undefined;")
    bodies: list[str] = []
    page.on("request", lambda r: bodies.append(r.post_data or "")
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("id => window.playground.detail && window.playground.detail.id === id", arg=PRESET)
    stage = page.locator("#stage").bounding_box()
    scale = page.evaluate("window.playground.scale")
    start = (stage["x"] + 20 * scale, stage["y"] + 450 * scale)
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 9):
        page.wait_for_timeout(30)
        page.mouse.move(start[0] + step * 15 * scale, start[1])
    page.wait_for_function("window.playground.live && !window.playground.live.polling", timeout=10_000)
    page.wait_for_timeout(200)
    page.wait_for_function("window.playground.live && !window.playground.live.polling", timeout=10_000)
    open_bodies = [json.loads(b) for b in bodies if b]
    opens = [b for b in open_bodies if b.get("gesture", {}).get("samples", [{}])[-1].get("phase") == "changed"]
    latest = page.evaluate("window.playground.live.frames.slice(-1)[0]")
    computed = page.eval_on_selector(f"#layer-{LAYER}", "d => getComputedStyle(d).transform")
    report.check(f"without WebSocket, the drag polls POST /v1/simulate with open gestures ({len(opens)} so far) "
                 "and the card shows the latest answer's last frame",
                 (transform_problem(computed, latest["layers"][LAYER]["transform"]) if latest else "no frame")
                 if opens else "no POST with an open gesture")
    with page.expect_response(f"{base}/v1/simulate", timeout=10_000):
        page.mouse.up()
    final = json.loads(bodies[-1]) if bodies else {}
    report.check("without WebSocket, the release POSTs the whole gesture",
                 "" if final.get("gesture", {}).get("samples", [{}])[-1].get("phase") == "ended" else f"sent {final}")
    page.close()


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[1] in ("-h", "--help"):
        print("usage: Tests/browser/test_playground.py path/to/segue [artifacts-dir]", file=sys.stderr)
        return 2
    artifacts = Path(argv[2]) if len(argv) == 3 else ROOT / "artifacts"
    try:
        report = run(argv[1], artifacts)
    except (RuntimeError, OSError, PlaywrightError) as error:
        print(f"FAIL  the browser test could not run: {type(error).__name__}: {error}")
        print("0 passed, 1 failed")
        return 1
    print(f"{report.passed} passed, {report.failed} failed")
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
