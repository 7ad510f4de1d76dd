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

Then, at 1280×800 and at 390×844 (a phone), the design surface:

11. nothing overflows or is cut off: no horizontal scroll, every visible
    element inside its clipping or scrolling container (the display's own
    layers excepted: a display clips as a real one does), the whole device in
    the viewport, and on the phone the decision directly under the device;
12. the start state is drawn before any gesture (instagram.pop.interactive and
    yui.modalCard): the layers the server's own answer lists, each with a
    nonzero box, at its frame 0 transform;
13. a drag moves the card live and the run is the server's; the decision map
    (POST /v1/decisions) marks the release at (translation, velocity) · axis
    computed here from this test's own simulate, in a cell whose outcome (from
    this test's own map request) is the outcome the decision panel shows, and
    the map's colour under the dot says the same (skipped, with the reason, only
    while the server answers 404, and then the panel must be hidden); the release
    and each margin are said once, rounded as a person reads them;
14. a scene rect dragged on the device moves in the next request (POST and the
    drive `start` message) by the drag's CSS pixels divided by the device's
    scale, measured here as the display's width over the window's width;
15. A/B: one drag drives both parameter sets, and both decisions show, each
    the server's for its parameters;
16. a share link (`#r=` + base64url of the body) decodes to the body sent,
    and opening it sends that same body, byte for byte;
17. the same gentle drag, three times in a row, gets the same decision each
    time, and the device does not move from touch-down to lift-off.

And, at 1280×800, that what the page shows is so:

18. a drive socket that closes mid-drag loses nothing: the run is the server's;
19. a frame's per-layer layout `frame` is drawn as the layer's box, and every
    layer of yui.modalCard's run is on screen where presentationFrame says;
20. the status bar's clock is legible and grey, and no text runs under it;
21. a pan the start gate refused is shown refused on the decision map;
22. scene fields show rounded values and send the exact ones;
23. an iPad window forgets the last run and re-lays the scene for itself;
24. #preset typed in the address bar opens that preset, without a reload.

Saves screenshots to ARTIFACTS/playground.png and, mid-drag,
ARTIFACTS/playground-drive.png (default artifacts/), and ARTIFACTS/playground-desktop.png
and ARTIFACTS/playground-phone.png after a drag, mid-transition (README's pictures are
these, copied to docs/ by hand when the page changes). Prints one line per check
(`skip` lines for checks the server cannot run yet), then `N passed, M failed`;
exits 1 on any failure.
"""

from __future__ import annotations

import base64
import json
import os
import re
import selectors
import signal
import subprocess
import sys
import time
import urllib.error
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
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# The narrowest phone the page promises (360 px), a small tablet and a large screen: layout only.
NARROW_AND_WIDE = [{"width": 360, "height": 640}, {"width": 768, "height": 1024}, {"width": 1920, "height": 1080}]
# A scene rect's coordinates are rounded to 0.1 pt by the page; the pointer lands on whole CSS pixels.
SCENE_TOLERANCE = 0.11
# On a phone the decision panel starts at most this far below the device (CSS px): directly under it.
UNDER_DEVICE = 24
# The duration the share check sets on A (s); A/B then compares it against B.
SHARED_DURATION = 0.35
# How far the device may move on screen while a finger is on it (CSS px): not at all, but sub-pixel layout.
STILL = 0.5
# A gentle drag (window points from its start, one move per 16 ms): 60 pt to the right, level.
GENTLE = [(5.0 * step, 0.0) for step in range(1, 13)]
# The smallest WCAG 2.1 contrast ratio for the status bar's text against what is under it (AA, normal text).
LEGIBLE = 4.5


class Report:
    def __init__(self) -> None:
        self.passed = 0
        self.failed = 0
        self.skipped = 0

    def skip(self, name: str, reason: str) -> None:
        self.skipped += 1
        print(f"skip  {name}: {reason}", flush=True)

    def check(self, name: str, problem: str = "") -> bool:
        if problem:
            self.failed += 1
            print(f"FAIL  {name}: {problem}", flush=True)
        else:
            self.passed += 1
            print(f"ok    {name}", flush=True)
        return not problem


def stop_server(report: Report, server: subprocess.Popen) -> None:
    """SIGTERM, then a check that the server exits with status 0 within 20 s (killed if not)."""
    server.send_signal(signal.SIGTERM)
    try:
        status = server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        status = None
    report.check("SIGTERM: the server exits with status 0", "" if status == 0 else f"exit status {status}")


def start_server(binary: str, *flags: str) -> tuple[subprocess.Popen, str]:
    """Starts segue on port 0 with `flags` and returns it with its base URL, read from its listening line."""
    process = subprocess.Popen([binary, "--port", "0", "--host", "127.0.0.1", *flags], stdout=subprocess.PIPE,
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
                decisions = decisions_available(base)
                drive(report, browser, base, preset_ids, artifacts, decisions)
                for label, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
                    design(report, browser, base, label, viewport, decisions, artifacts)
                truths(report, browser, base, decisions, artifacts)
                for viewport in NARROW_AND_WIDE:
                    sizes(report, browser, base, viewport)
            finally:
                browser.close()
    finally:
        stop_server(report, server)
    return report


def drive(report: Report, browser, base: str, preset_ids: list[str], artifacts: Path, decisions: bool) -> None:
    page = browser.new_page(viewport=DESKTOP)
    console_errors = page_errors(page, base, decisions)
    elsewhere: list[str] = []
    failed: list[str] = []
    simulate_bodies: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.method} {r.url}"))
    page.on("request", lambda r: None if r.url.startswith(base) else elsewhere.append(r.url))
    page.on("request", lambda r: simulate_bodies.append(r.post_data or "")
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)

    page.goto(f"{base}/", wait_until="load")
    page.wait_for_selector("#presets li", state="attached", timeout=10_000)
    listed = page.eval_on_selector_all("#presets li", "items => items.map(li => li.dataset.id)")
    report.check(f"the preset list fills ({len(listed)} presets, as GET /v1/presets lists)",
                 "" if listed == preset_ids else f"listed {listed}, API lists {preset_ids}")
    summaries = page.eval_on_selector_all("#presets li .summary", "items => items.filter(i => i.textContent).length")
    report.check("every preset shows its summary", "" if summaries == len(preset_ids) else f"{summaries} summaries")

    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
    shown_before = page.evaluate("Number(document.body.dataset.startShown)")
    page.click("#preset-button")
    page.click(f'#presets li[data-id="{PRESET}"]')
    # Wait for the start state too, so that its preview request is not counted as the drag's.
    page.wait_for_function("([id, n]) => window.playground.detail && window.playground.detail.id === id "
                           "&& Number(document.body.dataset.startShown) > n", arg=[PRESET, shown_before])
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
                 "" if sorted(scene_rects) == sorted(wanted_rects) else f"drew {scene_rects}, scene has {wanted_rects}")

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
    with page.expect_response(lambda r: r.url == f"{base}/v1/simulate" and has_example(r.request, detail),
                              timeout=10_000) as answer:
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

def page_errors(page, base: str, decisions: bool) -> list[str]:
    """The page's console errors (but those `is_error` expects) and uncaught exceptions, as they come."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if is_error(m, base, decisions) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def is_error(message, base: str, decisions: bool) -> bool:
    """A console error, except Chromium's own line for POST /v1/decisions answering 404 while the
    server has no such endpoint (the page then hides its map, as it should)."""
    if message.type != "error":
        return False
    url = (message.location or {}).get("url", "")
    return decisions or not (url == f"{base}/v1/decisions" and "404" in message.text)


def has_example(request, detail: dict) -> bool:
    """A POST /v1/simulate carrying the preset's whole example gesture (not a start-state preview)."""
    try:
        return json.loads(request.post_data or "{}").get("gesture") == detail["exampleGesture"]
    except ValueError:
        return False


def post_json(base: str, path: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, {}


def get_json(base: str, path: str) -> dict:
    with urllib.request.urlopen(f"{base}{path}", timeout=30) as response:
        return json.load(response)


def decisions_available(base: str) -> bool:
    """Whether the server has POST /v1/decisions (being built on main): 404 means not yet."""
    status, _ = post_json(base, "/v1/decisions", {"preset": PRESET})
    return status != 404


LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const vw = document.documentElement.clientWidth, vh = window.innerHeight;
  if (document.documentElement.scrollWidth > vw + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${vw})`);
  const describe = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '');
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('.screen')) continue;              // the display clips its layers as a real one does
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(e).visibility === 'hidden') continue;
    let a = e.parentElement;
    while (a && a !== document.body) {
      const s = getComputedStyle(a);
      if (s.display !== 'contents' && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) break;  // `contents` has no box to clip
      a = a.parentElement;
    }
    let box;
    if (!a || a === document.body) box = { left: 0, right: vw, top: -Infinity, bottom: Infinity };
    else {
      const c = a.getBoundingClientRect(), s = getComputedStyle(a);
      const scrollsY = s.overflowY === 'auto' || s.overflowY === 'scroll';
      const top = c.top + a.clientTop;
      box = { left: c.left + a.clientLeft, right: c.left + a.clientLeft + a.clientWidth,
              top: scrollsY ? top - a.scrollTop : top, bottom: scrollsY ? top - a.scrollTop + a.scrollHeight : top + a.clientHeight };
    }
    if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
      problems.push(`${describe(e)} [${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}] is cut by ${a && a !== document.body ? describe(a) : 'the viewport'}`);
    }
  }
  for (const d of document.querySelectorAll('.device')) {
    const r = d.getBoundingClientRect();
    if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) problems.push(`${d.id} [${Math.round(r.left)},${Math.round(r.top)},${Math.round(r.right)},${Math.round(r.bottom)}] is not wholly in the ${vw}×${vh} viewport`);
  }
  return problems;
}"""


def layout_check(report: Report, page, label: str, when: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")  # the device is checked as the page opens, unscrolled
    problems = page.evaluate(LAYOUT_PROBLEMS)
    report.check(f"{label}: nothing overflows or is cut off {when}",
                 "; ".join(problems[:6]) + (f" (+{len(problems) - 6} more)" if len(problems) > 6 else ""))


def wait_settled(page) -> None:
    page.wait_for_function("window.playground.response && document.body.dataset.playing === 'false'", timeout=20_000)


def open_preset(page, base: str, preset: str) -> dict:
    """Picks a preset with the picker's search (typed, then Enter) and waits for its start state."""
    shown = page.evaluate("Number(document.body.dataset.startShown || 0)")
    page.click("#preset-button")
    page.fill("#preset-search", preset)
    page.press("#preset-search", "Enter")
    page.wait_for_function("([id, n]) => window.playground.detail && window.playground.detail.id === id "
                           "&& Number(document.body.dataset.startShown || 0) > n", arg=[preset, shown], timeout=10_000)
    return get_json(base, f"/v1/presets/{preset}")


def start_state_check(report: Report, page, base: str, label: str, detail: dict) -> None:
    """Before any gesture: every layer of the server's own start answer drawn, nonzero, at frame 0."""
    body = {"preset": detail["id"]}
    if detail["exampleGesture"]:
        body["gesture"] = {"samples": detail["exampleGesture"]["samples"][:1]}
    _, answer = post_json(base, "/v1/simulate", body)
    problems = []
    for layer in answer.get("layers", []):
        handle = page.query_selector(f"#stage #layer-{layer['id']}")
        if handle is None:
            problems.append(f"{layer['id']} not drawn")
            continue
        box = handle.bounding_box()
        if not box or box["width"] <= 0 or box["height"] <= 0:
            problems.append(f"{layer['id']} has no size")
        problem = transform_problem(handle.evaluate("d => getComputedStyle(d).transform"),
                                    answer["frames"][0]["layers"][layer["id"]]["transform"])
        if problem:
            problems.append(f"{layer['id']}: {problem}")
    report.check(f"{label}: {detail['id']}'s start state is drawn before any gesture "
                 f"({len(answer.get('layers', []))} layers, none zero-sized, at frame 0)",
                 "; ".join(problems) if answer.get("layers") else "the server gave no layers")


def drag(page, start: tuple[float, float], delta: tuple[float, float], steps: int = 12) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, steps + 1):
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + delta[0] * step / steps, start[1] + delta[1] * step / steps)
    page.mouse.up()


WATCH_DEVICE = """() => {
  // Every position of the device from touch-down to lift-off: at each pointer event (before the
  // page handles it) and at every animation frame between them.
  const watch = window.__deviceWatch = { boxes: [], down: false };
  const note = (why) => {
    const r = document.getElementById('device-a').getBoundingClientRect();
    watch.boxes.push({ why, x: r.x, y: r.y, width: r.width, height: r.height });
  };
  window.addEventListener('pointerdown', () => { watch.down = true; note('down'); }, true);
  window.addEventListener('pointermove', () => { if (watch.down) note('move'); }, true);
  window.addEventListener('pointerup', () => { note('up'); watch.down = false; }, true);
  const frame = () => { if (watch.down) note('frame'); requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
}"""


def same_path_check(report: Report, page, base: str, label: str) -> None:
    """The same gentle drag, three times in a row: the same decision each time, the device still
    under the finger from touch-down to lift-off, and every sample on the path's level line."""
    page.evaluate("window.scrollTo(0, 0)")
    page.evaluate(WATCH_DEVICE)
    decisions = []
    problems = []
    for attempt in range(3):
        page.evaluate("window.__deviceWatch.boxes = []")
        stage = page.locator("#stage").bounding_box()
        scale = page.evaluate("window.playground.scale")
        start = (stage["x"] + 40 * scale, stage["y"] + 450 * scale)
        page.mouse.move(*start)
        page.mouse.down()
        for dx, dy in GENTLE:
            page.wait_for_timeout(16)
            page.mouse.move(start[0] + dx * scale, start[1] + dy * scale)
        page.mouse.up()
        wait_settled(page)
        decision = page.evaluate("window.playground.response.decision")
        samples = page.evaluate("window.playground.request.gesture.samples")
        boxes = page.evaluate("window.__deviceWatch.boxes")
        decisions.append((decision["outcome"], decision["rule"]))
        moved = [b for b in boxes if any(abs(b[k] - boxes[0][k]) > STILL for k in ("x", "y", "width", "height"))]
        if moved:
            problems.append(f"run {attempt}: the device moved under the finger, from y {boxes[0]['y']:.1f} to "
                            f"{moved[0]['y']:.1f} px ({moved[0]['why']}, {len(moved)} of {len(boxes)} readings)")
        off_level = [s for s in samples if abs(s["y"] - samples[0]["y"]) > 0.5]
        if off_level:
            problems.append(f"run {attempt}: {len(off_level)} samples left the level line "
                            f"(y {samples[0]['y']} → {off_level[0]['y']})")
        want = post_simulate(base, {"preset": PRESET, "gesture": {"samples": samples}})["decision"]
        if (want["outcome"], want["rule"]) != decisions[-1]:
            problems.append(f"run {attempt}: shows {decisions[-1]}, the server decides {(want['outcome'], want['rule'])}")
    if len(set(decisions)) != 1:
        problems.append(f"decisions {decisions}")
    report.check(f"{label}: the same gentle drag three times gets the same decision each time "
                 f"({', '.join(o + ' by ' + r for o, r in decisions)}) and the device stays still under the finger",
                 "; ".join(problems))


def measured_scale(page, detail: dict) -> float:
    """The device's scale, measured: the display's on-screen width over the window's width in points."""
    return page.locator("#stage").bounding_box()["width"] / detail["scene"]["window"]["width"]


def design(report: Report, browser, base: str, label: str, viewport: dict, decisions: bool, artifacts: Path) -> None:
    page = browser.new_page(viewport=viewport)
    errors = page_errors(page, base, decisions)
    simulate_bodies: list[str] = []
    decision_bodies: list[str] = []
    drive_starts: list[dict] = []
    page.on("request", lambda r: (simulate_bodies if r.url.endswith("/v1/simulate") else decision_bodies).append(
        r.post_data or "") if r.method == "POST" and r.url.startswith(base) else None)
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: drive_starts.append(json.loads(payload))
                                          if isinstance(payload, str) and '"type":"start"' in payload else None))
    label = f"{label} {viewport['width']}×{viewport['height']}"
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
    detail = get_json(base, f"/v1/presets/{PRESET}")
    layout_check(report, page, label, "on load")
    start_state_check(report, page, base, label, detail)
    if viewport is PHONE:
        device = page.locator("#device-a").bounding_box()
        panel = page.locator("#decision-panel").bounding_box()
        gap = panel["y"] - (device["y"] + device["height"])
        report.check(f"{label}: the device fills the width ({device['width']:.0f} of {viewport['width']} px) with the "
                     f"decision {gap:.0f} px under it",
                     "" if 0 <= gap <= UNDER_DEVICE and device["width"] >= 0.8 * viewport["width"] else "not so")

    same_path_check(report, page, base, label)

    # A live drag; then the run, the decision and the map against this test's own requests.
    scale = measured_scale(page, detail)
    stage = page.locator("#stage").bounding_box()
    drag(page, (stage["x"] + 40 * scale, stage["y"] + 450 * scale), (150 * scale, 30 * scale))
    wait_settled(page)
    samples = page.evaluate("window.playground.request.gesture.samples")
    expected = post_simulate(base, {"preset": PRESET, "gesture": {"samples": samples}})
    shown = page.text_content("#outcome")
    report.check(f"{label}: a drag moves the card live; the run and its decision ({shown}) are the server's",
                 "" if page.evaluate("window.playground.response.frames") == expected["frames"]
                 and shown == expected["decision"]["outcome"] else "the run differs from POST /v1/simulate's")
    map_check(report, page, base, label, decisions, decision_bodies, expected)
    layout_check(report, page, label, "after a run")
    artifacts.mkdir(parents=True, exist_ok=True)
    shot = artifacts / f"playground-{'phone' if viewport is PHONE else 'desktop'}.png"
    page.evaluate("window.scrollTo(0, 0); for (const c of document.querySelectorAll('.column')) c.scrollTop = 0")
    # The picture shows the card mid-transition, the finger on it, rather than the settled end.
    page.eval_on_selector("#scrub", "s => { s.value = String(Math.floor(s.max * 0.3)); s.dispatchEvent(new Event('input')); }")
    page.screenshot(path=str(shot))
    report.check(f"{label}: screenshot saved to {shot}", "" if shot.stat().st_size > 0 else "empty")

    share_check(report, browser, page, base, label, detail, simulate_bodies)
    scene = scene_check(report, page, base, label, detail, simulate_bodies, drive_starts)
    ab_check(report, page, base, label, detail, scene, {"duration": SHARED_DURATION}, decision_bodies, decisions)
    window_follow_check(report, page, label, detail)

    modal = open_preset(page, base, "yui.modalCard")
    start_state_check(report, page, base, label, modal)
    layout_check(report, page, label, "with yui.modalCard")
    report.check(f"{label}: no console error", "; ".join(errors))
    page.close()


def truths(report: Report, browser, base: str, decisions: bool, artifacts: Path) -> None:
    """What the page shows is what is so, at 1280×800 (items 18 on of this file's header)."""
    page = browser.new_page(viewport=DESKTOP)
    errors = page_errors(page, base, decisions)
    starts: list[dict] = []
    page.on("request", lambda r: starts.append(json.loads(r.post_data or "{}"))
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
    detail = get_json(base, f"/v1/presets/{PRESET}")
    scene_values_check(report, page, detail, starts)
    dropped_socket_check(report, page, base)
    refused_check(report, page, base, decisions)
    layout_frame_check(report, page)
    page.evaluate("window.__sameDocument = true")
    shown = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.evaluate("location.hash = '#touchwonders.zoomPop'")
    try:
        page.wait_for_function("n => window.playground.detail.id === 'touchwonders.zoomPop' "
                               "&& Number(document.body.dataset.startShown || 0) > n", arg=shown, timeout=10_000)
        problem = "" if page.evaluate("window.__sameDocument === true") else "the page was reloaded"
    except PlaywrightError:
        problem = f"still shows {page.evaluate('window.playground.detail.id')}"
    report.check("#touchwonders.zoomPop typed in the address bar opens that preset, without a reload", problem)
    if problem:
        open_preset(page, base, "touchwonders.zoomPop")
    window_change_check(report, page, base, starts, decisions)
    open_preset(page, base, "yui.modalCard")
    modal_card_check(report, page, base)
    for preset in ("yui.twitterSplash", "appstore.card.present", PRESET):
        open_preset(page, base, preset)
        status_bar_check(report, page, preset, artifacts)
    # Mid-drag the card's top crosses the status bar: its clock over the dimmed grid, its icons over the card.
    stage = page.locator("#stage").bounding_box()
    scale = page.evaluate("window.playground.scale")
    drag(page, (stage["x"] + 40 * scale, stage["y"] + 450 * scale), (150 * scale, 30 * scale))
    wait_settled(page)
    page.eval_on_selector("#scrub", "s => { s.value = String(Math.floor(s.max * 0.3)); s.dispatchEvent(new Event('input')); }")
    status_bar_check(report, page, f"{PRESET} mid-drag", artifacts)
    report.check("truths: no console error", "; ".join(errors))
    page.close()


def dropped_socket_check(report: Report, page, base: str) -> None:
    """A drive socket that closes mid-drag (a proxy's timeout, a replica's restart) loses nothing:
    the drag goes on over a new socket, and the run is POST /v1/simulate's answer for the whole
    gesture."""
    page.evaluate("window.scrollTo(0, 0)")
    stage = page.locator("#stage").bounding_box()
    scale = page.evaluate("window.playground.scale")
    start = (stage["x"] + 40 * scale, stage["y"] + 450 * scale)
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 13):
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + step * 15 * scale, start[1])
        if step == 6:
            page.wait_for_function("window.playground.live && window.playground.live.frames.length > 0", timeout=10_000)
            page.evaluate("window.playground.socket.close()")
    page.mouse.up()
    try:
        wait_settled(page)
    except PlaywrightError:
        report.check("a drive socket closed mid-drag: the drag goes on over a new one",
                     f"the run never settled; the page says {page.text_content('#error')[:120]!r}")
        return
    samples = page.evaluate("window.playground.request.gesture.samples")
    expected = post_simulate(base, {"preset": PRESET, "gesture": {"samples": samples}})
    run = page.evaluate("window.playground.response")
    problems = [f"{name} differs" for name in ("frames", "decision", "events") if run.get(name) != expected.get(name)]
    if page.text_content("#error"):
        problems.append(f"the page says {page.text_content('#error')[:120]!r}")
    report.check(f"a drive socket closed mid-drag: the drag goes on over a new one ({len(samples)} samples, "
                 f"{len(run.get('frames', []))} frames, the server's answer)", "; ".join(problems))


def scene_values_check(report: Report, page, detail: dict, starts: list[dict]) -> None:
    """A scene field shows its value rounded (the resolved cellFrame is 130.666667 …), and editing
    one part of it sends the other parts exact, as resolved, not as shown."""
    shown = page.eval_on_selector_all("#scene-form input[type=number]", "inputs => inputs.map(i => i.value)")
    long = [v for v in shown if "." in v and len(v.split(".")[1]) > 2]
    name = "cellFrame"
    default = detail["scene"][name]
    count = len(starts)
    shown_before = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.fill(f'[data-scene-field="{name}"] input[data-part="width"]', "120")
    page.dispatch_event(f'[data-scene-field="{name}"] input[data-part="width"]', "change")
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown_before, timeout=10_000)
    sent = next((b.get("scene", {}).get(name) for b in starts[count:] if name in b.get("scene", {})), None)
    want = {**default, "width": 120}
    problems = [f"the form shows {long}"] if long else []
    if sent != want:
        problems.append(f"sent {sent}, want {want}")
    report.check(f"scene fields show at most two decimals ({', '.join(shown[:6])}, …) and send the exact value "
                 f"of the parts not edited", "; ".join(problems))
    shown_before = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.click(f'[data-field-wrap="{name}"] button.reset')
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown_before, timeout=10_000)


def refused_check(report: Report, page, base: str, decisions: bool) -> None:
    """A pan the gate refuses (down, not across: Foltányi's pop wants |vx| > |vy|) decided nothing:
    the map marks no release there and says it was refused, with no margins."""
    name = "a refused pan is shown refused on the map: no dot, no margins, says refused"
    if not decisions:
        report.skip(name, "the server answers POST /v1/decisions with 404")
        return
    page.evaluate("window.scrollTo(0, 0)")
    stage = page.locator("#stage").bounding_box()
    scale = page.evaluate("window.playground.scale")
    with page.expect_response(lambda r: r.url == f"{base}/v1/decisions", timeout=20_000):
        drag(page, (stage["x"] + 200 * scale, stage["y"] + 300 * scale), (10 * scale, 150 * scale), steps=8)
        wait_settled(page)
    page.wait_for_timeout(300)
    samples = page.evaluate("window.playground.request.gesture.samples")
    want = post_simulate(base, {"preset": PRESET, "gesture": {"samples": samples}})["decision"]
    shown = page.evaluate("""() => ({ dot: !!document.getElementById('map-dot'),
        summary: document.getElementById('map-summary').textContent,
        words: document.querySelectorAll('#map-words li').length })""")
    problems = []
    if want["rule"] != "gate":
        problems.append(f"the drag was meant to be refused, the server decided {want['outcome']} by {want['rule']}")
    if shown["dot"]:
        problems.append("a dot marks the release")
    if "refused" not in shown["summary"].lower() or re.search(r": (finish|cancel)\.", shown["summary"]):
        problems.append(f"the map says {shown['summary']!r}")
    if shown["words"]:
        problems.append(f"{shown['words']} margins listed")
    report.check(f"{name} ({shown['summary'][:70]!r}…)", "; ".join(problems))


def layout_frame_check(report: Report, page) -> None:
    """A frame whose layer state carries a layout `frame` (a layer resized by layout) draws the layer's
    box there, its transform about that box's centre, its content not stretched: fed a synthetic frame
    (detail laid out at (40, 120, 200 × 300), scaled by 0.5 and moved by (10, −20)), the box on screen
    is the centre (140, 270) + (10, −20) with half the size: (100, 175, 100 × 150) pt."""
    page.evaluate("window.scrollTo(0, 0)")
    got = page.evaluate("""() => {
        const p = window.playground, layers = p.response.layers;
        const frame = JSON.parse(JSON.stringify(p.response.frames[p.frameIndex]));
        const div = document.getElementById('layer-detail'), photo = div.querySelector('.ph');
        const before = photo ? [photo.offsetWidth, photo.offsetHeight] : null;
        Object.assign(frame.layers.detail, { frame: { x: 40, y: 120, width: 200, height: 300 },
            transform: { a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: -20 }, mask: null, cornerRadius: 12 });
        applyFrame(p, layers, frame);
        const stage = document.getElementById('stage').getBoundingClientRect(), r = div.getBoundingClientRect();
        const out = { size: [div.offsetWidth, div.offsetHeight], before, after: photo ? [photo.offsetWidth, photo.offsetHeight] : null,
            box: [(r.x - stage.x) / p.scale, (r.y - stage.y) / p.scale, r.width / p.scale, r.height / p.scale] };
        showFrame(p.frameIndex);
        out.restored = [div.offsetWidth, div.offsetHeight];
        return out; }""")
    problems = []
    if got["size"] != [200, 300]:
        problems.append(f"the layer's box is {got['size']}, not 200 × 300")
    if any(abs(a - b) > BOX_TOLERANCE for a, b in zip(got["box"], (100, 175, 100, 150))):
        problems.append(f"on screen at {[round(v, 1) for v in got['box']]} pt, not (100, 175, 100, 150)")
    if got["before"] != got["after"]:
        problems.append(f"its photo went from {got['before']} to {got['after']}")
    report.check("a layer's per-frame layout frame is its box (transform about its centre, content unstretched)",
                 "; ".join(problems))


def modal_card_check(report: Report, page, base: str) -> None:
    """yui.modalCard's example run: at frames through the run, every layer's on-screen box is its
    presentationFrame times the stage's scale. The card is re-laid out between stages (its state's
    `frame`, where the server sends one), so a page that drew it in the description's frame shows
    it at the wrong height."""
    with page.expect_response(lambda r: r.url == f"{base}/v1/simulate" and r.request.method == "POST"
                              and "samples" in (r.request.post_data or ""), timeout=10_000):
        page.click("#example")
    wait_settled(page)
    page.evaluate("window.scrollTo(0, 0)")
    run = page.evaluate("window.playground.response")
    frames = run["frames"]
    scale = page.evaluate("window.playground.scale")
    laid_out = sum(1 for f in frames if any("frame" in s for s in f["layers"].values()))
    problems = []
    for k in sorted({0, len(frames) // 4, len(frames) // 2, len(frames) - 1}):
        page.eval_on_selector("#scrub", "(s, k) => { s.value = String(k); s.dispatchEvent(new Event('input')); }", k)
        stage = page.locator("#stage").bounding_box()
        for layer, state in frames[k]["layers"].items():
            if state["opacity"] < 0.02:
                continue
            problem = box_problem(page.locator(f"#layer-{layer}").bounding_box(), stage, scale, state["presentationFrame"])
            if problem:
                problems.append(f"frame {k}, {layer}: {problem}")
    report.check(f"yui.modalCard: every layer on screen is presentationFrame × scale through the run "
                 f"({laid_out} of {len(frames)} frames carry a layout frame)", "; ".join(problems[:4]))


def window_change_check(report: Report, page, base: str, starts: list[dict], decisions: bool) -> None:
    """After a run of touchwonders.zoomPop, picking an iPad forgets that run (its finger trail, decision
    and map dot) and lays the scene out for the iPad: the header image, a fixed rect on the server's
    side, spans the same share of the window's width as the default does of the iPhone's."""
    detail = get_json(base, "/v1/presets/touchwonders.zoomPop")
    scale = measured_scale(page, detail)
    stage = page.locator("#stage").bounding_box()
    drag(page, (stage["x"] + 195 * scale, stage["y"] + 250 * scale), (20 * scale, 230 * scale), steps=10)
    wait_settled(page)
    before = page.evaluate("document.querySelector('#stage .trail polyline').getAttribute('points')")
    shown = int(page.evaluate("document.body.dataset.startShown || 0"))
    count = len(starts)
    page.select_option("#device-select", label='iPad Pro 11" (834 × 1194)')
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown, timeout=10_000)
    page.wait_for_timeout(400)  # the map's debounced refresh
    now = page.evaluate("""() => { const line = document.querySelector('#stage .trail polyline');
        return { trail: line ? line.getAttribute('points') : '', decision: document.getElementById('decision').textContent,
                 dot: !!document.getElementById('map-dot'), label: document.getElementById('frame-label').textContent }; }""")
    default, window = detail["scene"]["headerImageFrame"], detail["scene"]["window"]
    share = default["width"] / window["width"]
    sent = [b.get("scene", {}) for b in starts[count:]]
    header = sent[-1].get("headerImageFrame") if sent else None
    stage = page.locator("#stage").bounding_box()
    drawn = page.locator("#stage #layer-headerImage").bounding_box()
    problems = [] if before else ["the run left no trail to forget (the check proves nothing)"]
    if now["trail"]:
        problems.append("the last run's finger trail is still drawn")
    if now["decision"] != "No simulation yet.":
        problems.append(f"the decision panel still says {now['decision'][:60]!r}")
    if decisions and now["dot"]:
        problems.append("the map still marks the last release")
    if not header or abs(header["width"] / 834 - share) > 0.01 or header["y"] + header["height"] > 1194:
        problems.append(f"the start state was asked with headerImageFrame {header}, not {share:.3f} of the width")
    if not drawn or abs(drawn["width"] / stage["width"] - share) > 0.01:
        problems.append(f"the header image is drawn {drawn['width'] / stage['width'] if drawn else 0:.3f} of the width")
    report.check(f"an iPad window forgets the last run and re-lays the scene (header image {share:.3f} of the width)",
                 "; ".join(problems))


def status_bar_check(report: Report, page, preset: str, artifacts: Path) -> None:
    """The status bar's clock and icons, read from the pixels on screen, each have a WCAG 2.1
    contrast ratio of at least LEGIBLE against the colour around them and are grey (not a hue made
    by blending), and no placeholder text of the screen runs under the status bar."""
    from io import BytesIO
    from PIL import Image
    page.evaluate("window.scrollTo(0, 0)")
    problems = []
    # "9:41" and the icons, each clear of the display's corners and the notch.
    for part, selector in (("clock", "#stage .status-bar > span"), ("icons", "#stage .status-bar .icons")):
        box = page.locator(selector).first.bounding_box()
        clip = {"x": box["x"] - 2, "y": box["y"] - 2, "width": box["width"] + 4, "height": box["height"] + 4}
        image = Image.open(BytesIO(page.screenshot(clip=clip))).convert("RGB")
        pixels = list(image.getdata())
        background = max(set(pixels), key=pixels.count)
        ink = max(pixels, key=lambda p: contrast(p, background))
        ratio = contrast(ink, background)
        if ratio < LEGIBLE:
            problems.append(f"the {part} {ink} on {background}: contrast {ratio:.2f}")
        if max(ink) - min(ink) > 40:
            problems.append(f"the {part} is coloured {ink}")
        if problems:
            image.save(artifacts / f"status-bar-{preset}-{part}.png")
        if part == "clock":
            clock = (ink, background, ratio)
    under = page.evaluate("""() => { const bar = document.querySelector('#stage .status-bar').getBoundingClientRect();
        return [...document.querySelectorAll('#stage .layer .ph-title')].filter(t => {
          const r = t.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && r.top < bar.bottom - 0.5 && r.bottom > bar.top + 0.5 && getComputedStyle(t.closest('.layer')).opacity > 0.02;
        }).map(t => t.textContent); }""")
    if under:
        problems.append(f"{under} printed under the status bar")
    ink, background, ratio = clock
    report.check(f"{preset}: the status bar is legible (the clock {ink} on {background}, contrast {ratio:.1f}) "
                 "and clear of text", "; ".join(problems))


def contrast(p: tuple, q: tuple) -> float:
    """WCAG 2.1's contrast ratio of two sRGB colours."""
    def luminance(c: tuple) -> float:
        linear = [v / 255 / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c[:3]]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    a, b = sorted((luminance(p), luminance(q)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def sizes(report: Report, browser, base: str, viewport: dict) -> None:
    """Nothing overflows or is cut off at other sizes, on an iPhone window and on an iPad one."""
    page = browser.new_page(viewport=viewport)
    label = f"{viewport['width']}×{viewport['height']}"
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
    layout_check(report, page, label, "on load")
    shown = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.select_option("#device-select", label='iPad Pro 11" (834 × 1194)')
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown, timeout=10_000)
    layout_check(report, page, label, "with an iPad window")
    page.close()


def map_check(report: Report, page, base: str, label: str, decisions: bool, bodies: list[str], run: dict) -> None:
    """The map's dot is the release along the map's axis, in a cell with the decision's outcome."""
    name = f"{label}: the decision map's dot sits in a cell of the outcome the decision shows"
    if not decisions:
        hidden = page.evaluate("document.getElementById('map-panel').hidden")
        report.skip(name, "the server answers POST /v1/decisions with 404 (not merged yet)")
        report.check(f"{label}: with /v1/decisions answering 404, the map panel hides itself",
                     "" if hidden else "the panel shows")
        return
    try:
        page.wait_for_selector("#map-dot", timeout=10_000)
    except PlaywrightError:
        report.check(name, "no dot drawn")
        return
    sent = [json.loads(b) for b in bodies if b and "release" in json.loads(b)]
    if not sent:
        report.check(name, "the page sent no map request with a release")
        return
    status, answer = post_json(base, "/v1/decisions", sent[-1])
    axis = answer.get("axis", {"x": 0, "y": 0})
    decision = run["decision"]
    along = lambda p: p["x"] * axis["x"] + p["y"] * axis["y"]
    t, v = along(decision["inputs"]["translation"]), along(decision["inputs"]["velocity"])
    problems = []
    if abs(sent[-1]["release"]["translation"] - t) > 1e-6 or abs(sent[-1]["release"]["velocity"] - v) > 1e-6:
        problems.append(f"the page marked {sent[-1]['release']}, the decision · axis is ({t:.3f}, {v:.3f})")
    columns, rows = answer["translation"]["values"], answer["velocity"]["values"]
    column = min(range(len(columns)), key=lambda i: abs(columns[i] - t))
    row = min(range(len(rows)), key=lambda i: abs(rows[i] - v))
    outcome = {"f": "finish", "c": "cancel"}[answer["outcomes"][row][column]]
    shown = page.text_content("#outcome")
    if outcome != shown:
        problems.append(f"cell ({column}, {row}) is {outcome}, the panel shows {shown}")
    under = page.evaluate("""() => {
        document.getElementById('map').scrollIntoView({ block: 'center' });  // below the fold on a phone
        const dot = document.getElementById('map-dot').getBoundingClientRect();
        const x = dot.left + dot.width / 2, y = dot.top + dot.height / 2;
        const cell = document.elementsFromPoint(x, y).find(e => e.dataset && e.dataset.outcome && e.tagName === 'rect');
        return cell ? cell.dataset.outcome : null; }""")
    if under != answer["outcomes"][row][column]:
        problems.append(f"the colour under the dot is {under!r}")
    report.check(f"{name} ({outcome} at {t:.1f} pt, {v:.0f} pt/s; status {status})", "; ".join(problems))
    # Each margin in words, as the answer's numbers say: how far, which way, and what it would become;
    # each said once in the panel, none more precisely than the map can mean (a pointer lands on whole
    # pixels): a whole number from 100 up, else at most three significant digits.
    release = answer.get("release") or {}
    flip = "cancel" if release.get("outcome") == "finish" else "finish"
    words = page.eval_on_selector_all("#map-words li", "items => items.map(i => i.textContent)")
    problems = [] if len(words) == 4 else [f"{len(words)} lines"]
    for line, (key, unit, direction) in zip(words, (("velocityBelow", "pt/s", "slower"), ("velocityAbove", "pt/s", "faster"),
                                                    ("translationBelow", "pt", "shorter"), ("translationAbove", "pt", "longer"))):
        value = (release.get("margin") or {}).get(key)
        if value is None:
            if line != f"No {direction} release on the map would {flip}.":
                problems.append(f"{key} is null, the page says {line!r}")
            continue
        said = re.fullmatch(rf"(-?[0-9.]+) {unit} {direction} and it would {flip}\.", line)
        if not said or not said_as(said.group(1), value):
            problems.append(f"{key} is {value}, the page says {line!r}")
    panel = page.text_content("#map-panel")
    for direction in ("slower", "faster", "shorter", "longer"):
        if panel.count(direction) > 1:
            problems.append(f"'{direction}' is said {panel.count(direction)} times")
    summary = page.text_content("#map-summary")
    for number in re.findall(r"-?\d+(?:\.\d+)?", summary):
        if not said_as(number, float(number)):
            problems.append(f"the sentence gives {number}, more digits than the map means")
    for number, value in zip(re.findall(r"-?\d+(?:\.\d+)?", summary), (t, v)):
        if not said_as(number, value):
            problems.append(f"the sentence gives {number} for {value:.6g}")
    report.check(f"{label}: the release and each margin are said once, rounded ({summary!r})", "; ".join(problems))


def said_as(text: str, value: float) -> bool:
    """Whether `text` is `value` rounded as a person reads it: whole from 100 up, else three significant
    digits (no more digits than that, and the value within half a unit of the last digit shown)."""
    digits = text.lstrip("-").replace(".", "").lstrip("0")
    decimals = len(text.split(".")[1]) if "." in text else 0
    if abs(value) >= 100:
        return decimals == 0 and abs(float(text) - value) <= 0.5
    return len(digits) <= 3 and abs(float(text) - value) <= 0.5 * 10 ** -decimals + 1e-9


def share_check(report: Report, browser, page, base: str, label: str, detail: dict, bodies: list[str]) -> None:
    """The share link holds the body sent, and opening it sends that body again, byte for byte."""
    page.fill('#params [data-param="duration"] input', str(SHARED_DURATION))
    page.dispatch_event('#params [data-param="duration"] input', "change")
    with page.expect_request(lambda r: r.url == f"{base}/v1/simulate" and has_example(r, detail)) as sent:
        page.click("#example")
    original = sent.value.post_data
    wait_settled(page)
    page.click("#share")
    link = page.input_value("#share-link")
    encoded = link.split("#r=", 1)[1] if "#r=" in link else ""
    decoded = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode() if encoded else ""
    report.check(f"{label}: the share link ({len(link)} chars) is #r= + base64url of the body sent",
                 "" if decoded == original else f"decodes to {decoded[:80]!r}")
    other = browser.new_page(viewport=page.viewport_size)
    opened: list[str] = []
    other.on("request", lambda r: opened.append(r.post_data or "") if r.url == f"{base}/v1/simulate" else None)
    other.goto(link, wait_until="load")
    try:
        other.wait_for_function("window.playground.response && document.body.dataset.playing === 'false'",
                                timeout=20_000)
    except PlaywrightError:
        pass
    report.check(f"{label}: opening the share link sends the same body byte for byte and shows the same decision",
                 "" if original in opened and other.text_content("#outcome") == page.text_content("#outcome")
                 else f"sent {[b[:60] for b in opened]}")
    other.close()


def scene_check(report: Report, page, base: str, label: str, detail: dict, bodies: list[str],
                starts: list[dict]) -> dict:
    """Dragging a scene rect on the device moves it in the next requests by the drag / the device's scale."""
    field = next(f for f in detail["sceneFields"] if f["type"] == "rect")
    name, default = field["name"], field["default"]
    page.check("#edit-scene")
    page.evaluate("window.scrollTo(0, 0)")  # the checkbox sits under the device on a phone
    box = page.locator(f'#stage .scene-rect[data-scene="{name}"]').bounding_box()
    scale = measured_scale(page, detail)
    moved = (37.0, -23.0)
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    drag(page, centre, moved, steps=6)
    page.uncheck("#edit-scene")
    page.evaluate("window.scrollTo(0, 0)")
    want = {"x": default["x"] + moved[0] / scale, "y": default["y"] + moved[1] / scale,
            "width": default["width"], "height": default["height"]}
    with page.expect_request(lambda r: r.url == f"{base}/v1/simulate" and has_example(r, detail)) as sent:
        page.click("#example")
    scene = json.loads(sent.value.post_data).get("scene", {})
    wait_settled(page)
    page.evaluate("window.scrollTo(0, 0)")
    got = scene.get(name, {})
    off = [f"{k} {got.get(k)} ≠ {want[k]:.2f}" for k in want
           if got.get(k) is None or abs(got[k] - want[k]) > SCENE_TOLERANCE]
    if set(scene) != {"window", name} or scene.get("window") != detail["scene"]["window"]:
        off.append(f"scene sent {sorted(scene)}, want the window and {name} only")
    report.check(f"{label}: dragging {name} on the device by {moved} px (scale {scale:.4f}) moves it by "
                 f"({moved[0] / scale:.1f}, {moved[1] / scale:.1f}) pt in the next POST", "; ".join(off))
    stage = page.locator("#stage").bounding_box()
    count = len(starts)
    drag(page, (stage["x"] + 40 * scale, stage["y"] + 450 * scale), (120 * scale, 0))
    wait_settled(page)
    start = starts[-1] if len(starts) > count else {}
    report.check(f"{label}: the drive `start` message carries the edited scene",
                 "" if start.get("scene") == scene else f"start has {start.get('scene')}")
    page.evaluate("window.scrollTo(0, 0)")
    return scene


def window_follow_check(report: Report, page, label: str, detail: dict) -> None:
    """Picking an iPad with A/B on: the unedited detailImageFrame follows the window, as its description
    says ("left out, a 4:5 image filling the window's width at y = 160"), in the form, as the scene rect
    on the device, and as the detail screen's placeholder photo on both devices."""
    field = next(f for f in detail["sceneFields"] if f["name"] == "detailImageFrame")
    page.evaluate("window.scrollTo(0, 0)")
    shown_before = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.check("#ab")
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown_before, timeout=10_000)
    shown_before = int(page.evaluate("document.body.dataset.startShown || 0"))
    page.evaluate("window.scrollTo(0, 0)")
    page.select_option("#device-select", label='iPad Pro 11" (834 × 1194)')
    page.wait_for_function("n => Number(document.body.dataset.startShown || 0) > n", arg=shown_before, timeout=10_000)
    width = 834
    want = {"x": 0, "y": 160, "width": width, "height": width * 5 / 4}
    inputs = page.eval_on_selector_all(
        '[data-scene-field="detailImageFrame"] input', "nodes => nodes.map(n => Number(n.value))")
    form = dict(zip(["x", "y", "width", "height"], inputs))
    off = [f"form {k} {form.get(k)} ≠ {want[k]}" for k in want
           if form.get(k) is None or abs(form[k] - want[k]) > 1e-3]

    # The detail screen's placeholder photo is laid out on that rect too, on both devices.
    def photo_width(stage_id: str) -> float:
        stage_box = page.locator(f"#{stage_id}").bounding_box()
        photo = page.locator(f'#{stage_id} [data-layer="detail"] .ph').first.bounding_box()
        return photo["width"] * width / stage_box["width"] if photo and stage_box else float("nan")
    for stage_id in ("stage", "stage-b"):
        if not abs(photo_width(stage_id) - want["width"]) <= 2:
            off.append(f"on #{stage_id} the detail photo is {photo_width(stage_id):.1f} pt wide, not {want['width']}")
    page.uncheck("#ab")
    page.check("#edit-scene")
    page.evaluate("window.scrollTo(0, 0)")
    stage = page.locator("#stage").bounding_box()
    box = page.locator('#stage .scene-rect[data-scene="detailImageFrame"]').bounding_box()
    scale = stage["width"] / width
    drawn = {"x": (box["x"] - stage["x"]) / scale, "y": (box["y"] - stage["y"]) / scale,
             "width": box["width"] / scale, "height": box["height"] / scale}
    off += [f"drawn {k} {drawn[k]:.1f} ≠ {want[k]}" for k in want if abs(drawn[k] - want[k]) > 2]
    page.uncheck("#edit-scene")
    report.check(f"{label}: on an iPad window, the unedited detailImageFrame follows it to {want} in the form and "
                 f"on both devices ({field['description'][:60]}…)", "; ".join(off))


def map_b_check(report: Report, page, base: str, label: str, bodies: list[str], maps_before: int, want_b: str) -> None:
    """With A/B on, B's boundary is drawn dashed over A's map, as POST /v1/decisions answers for B's
    parameters over A's spans, and B's release is a ring with B's outcome; the two rules split this
    drag, so B's line is not A's."""
    name = f"{label}: with A/B, the map draws B's boundary and release as the server maps B's parameters"
    try:
        page.wait_for_function("n => Number(document.body.dataset.mapB || 0) > n", arg=maps_before, timeout=20_000)
    except PlaywrightError:
        report.check(name, "B's map was never drawn")
        return
    sent_b = [json.loads(b) for b in bodies
              if b and (json.loads(b).get("parameters") or {}).get("releaseRule") == "projection"]
    sent_a = [json.loads(b) for b in bodies
              if b and "release" in json.loads(b) and (json.loads(b).get("parameters") or {}).get("releaseRule") != "projection"]
    if not sent_b or not sent_a:
        report.check(name, f"the page sent {len(sent_a)} map requests for A with a release and {len(sent_b)} for B")
        return
    status, answer = post_json(base, "/v1/decisions", sent_b[-1])
    problems = [] if status == 200 else [f"B's map request answered {status}"]
    if sent_b[-1].get("translation") != {k: sent_a[-1].get("translation", {}).get(k) for k in ("min", "max", "steps")} \
            and sent_a[-1].get("translation"):
        problems.append("B's map spans other translations than A's")
    drawn = page.evaluate("""() => ({
        a: [...document.querySelectorAll('#map polyline.boundary')].map(p => p.getAttribute('points')),
        b: [...document.querySelectorAll('#map polyline.boundary-b')].map(p => p.getAttribute('points')),
        ring: document.getElementById('map-dot-b') ? document.getElementById('map-dot-b').dataset.outcome : null,
        words: document.getElementById('map-summary-b').textContent })""")
    if len(drawn["b"]) != len(answer.get("boundary", [])):
        problems.append(f"{len(drawn['b'])} dashed lines drawn, B's answer has {len(answer.get('boundary', []))}")
    if set(drawn["b"]) == set(drawn["a"]):
        problems.append("B's line is drawn where A's is")
    release = answer.get("release") or {}
    if drawn["ring"] != want_b or release.get("outcome") != want_b:
        problems.append(f"the ring says {drawn['ring']}, B's map {release.get('outcome')}, B's run {want_b}")
    if release.get("outcome") and f": {release['outcome']}." not in drawn["words"]:
        problems.append(f"the B line under the map says {drawn['words']!r}")
    report.check(f"{name} ({len(drawn['b'])} dashed line(s), ring {drawn['ring']})", "; ".join(problems))


def onion_b_check(report: Report, page, label: str, scale: float, previous_b: dict) -> None:
    """A second drag with A/B on: B's device shows B's previous run as an onion skin, one outline per
    layer that run showed at that moment (its frame nearest in time), as A's device does for A."""
    done_b = page.evaluate("Number(document.body.dataset.simulatedB || 0)")
    page.evaluate("window.scrollTo(0, 0)")
    stage = page.locator("#stage").bounding_box()
    start = (stage["x"] + 40 * scale, stage["y"] + 450 * scale)
    page.mouse.move(*start)
    page.mouse.down()
    for x in [120 * step / 8 for step in range(1, 9)]:
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + x * scale, start[1])
    page.mouse.up()
    wait_settled(page)
    page.wait_for_function("n => Number(document.body.dataset.simulatedB || 0) > n", arg=done_b, timeout=20_000)
    page.eval_on_selector("#scrub", "s => { s.value = String(Math.floor(s.max / 2)); s.dispatchEvent(new Event('input')); }")
    time = page.evaluate("window.playground.response.frames[window.playground.frameIndex].time")
    frames = previous_b["frames"]
    index = max(0, min(len(frames) - 1, round((time - frames[0]["time"]) * previous_b["frameRate"])))
    want = sorted(layer["id"] for layer in previous_b["layers"]
                  if frames[index]["layers"].get(layer["id"], {}).get("opacity", 0) >= 0.02)
    shown = page.evaluate("""() => ({
        b: [...document.querySelectorAll('#stage-b .ghosts .ghost')].map(g => g.dataset.layer).sort(),
        a: document.querySelectorAll('#stage .ghosts .ghost').length })""")
    problems = []
    if shown["b"] != want:
        problems.append(f"B's device outlines {shown['b']}, B's previous run showed {want} at {time:.3f} s")
    if shown["a"] == 0:
        problems.append("A's device shows no onion skin")
    report.check(f"{label}: with A/B, each device shows its own previous run as an onion skin "
                 f"({len(shown['b'])} outlines on B at {time:.3f} s)", "; ".join(problems))


def ab_check(report: Report, page, base: str, label: str, detail: dict, scene: dict, a_params: dict,
             decision_bodies: list[str], decisions: bool) -> None:
    """A/B: one drag, two parameter sets; both decisions are the server's for their own parameters."""
    page.check("#ab")
    page.wait_for_selector("#stage-b", timeout=5_000)
    maps_b = page.evaluate("Number(document.body.dataset.mapB || 0)")
    page.select_option('#params-b [data-param="releaseRule"] select', "projection")
    page.dispatch_event('#params-b [data-param="releaseRule"] select', "change")
    done_b = page.evaluate("Number(document.body.dataset.simulatedB || 0)")
    page.evaluate("window.scrollTo(0, 0)")
    stage = page.locator("#stage").bounding_box()
    scale = measured_scale(page, detail)
    # A long drag right ending in a small step back: "vx > 0" (A) cancels; the projection rule (B),
    # p + vx·0.1/W ≈ 246/390 − 0.13 > 0.3 (even at 500 pt/s back), finishes.
    start = (stage["x"] + 40 * scale, stage["y"] + 450 * scale)
    page.mouse.move(*start)
    page.mouse.down()
    for x in [250 * step / 12 for step in range(1, 13)] + [248, 246]:
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + x * scale, start[1])
    page.mouse.up()
    wait_settled(page)
    page.wait_for_function("n => Number(document.body.dataset.simulatedB || 0) > n", arg=done_b, timeout=20_000)
    samples = page.evaluate("window.playground.request.gesture.samples")
    request_b = page.evaluate("window.playground.b.request")
    body_a = {"preset": PRESET, **({"scene": scene} if scene else {}), **({"parameters": a_params} if a_params else {}),
              "gesture": {"samples": samples}}
    body_b = {**body_a, "parameters": {**a_params, "releaseRule": "projection"}}
    want_a = post_simulate(base, body_a)["decision"]["outcome"]
    run_b = post_simulate(base, body_b)
    want_b = run_b["decision"]["outcome"]
    shown = (page.text_content("#outcome"), page.text_content("#outcome-b"))
    problems = []
    if shown != (want_a, want_b):
        problems.append(f"shows {shown}, the server decides {(want_a, want_b)}")
    if want_a == want_b:
        problems.append(f"the drag meant to split the rules got {want_a} from both")
    if request_b.get("gesture", {}).get("samples") != samples:
        problems.append("B ran another gesture")
    if not page.is_visible("#plot-b-legend"):
        problems.append("no B line in the plot")
    report.check(f"{label}: A/B shows two decisions on one drag (A {shown[0]}, B {shown[1]} with releaseRule projection)",
                 "; ".join(problems))
    if decisions:
        map_b_check(report, page, base, label, decision_bodies, maps_b, want_b)
    onion_b_check(report, page, label, scale, run_b)
    layout_check(report, page, label, "in A/B")
    page.uncheck("#ab")


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
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("window.WebSocket = undefined;")
    bodies: list[str] = []
    page.on("request", lambda r: bodies.append(r.post_data or "")
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("id => window.playground.detail && window.playground.detail.id === id", arg=PRESET)
    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
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


def command_line(argv: list[str], script: str, what: str, run) -> int:
    """`script path/to/segue [artifacts-dir]`: `run(binary, artifacts)`, its report's counts, and
    exit status 1 on a failure, or when `what` could not run at all (no server, no Chromium)."""
    if len(argv) not in (2, 3) or argv[1] in ("-h", "--help"):
        print(f"usage: {script} path/to/segue [artifacts-dir]", file=sys.stderr)
        return 2
    artifacts = Path(argv[2]) if len(argv) == 3 else ROOT / "artifacts"
    try:
        report = run(argv[1], artifacts)
    except (RuntimeError, OSError, PlaywrightError) as error:
        print(f"FAIL  {what} could not run: {type(error).__name__}: {error}")
        print("0 passed, 1 failed")
        return 1
    print(f"{report.passed} passed, {report.failed} failed" + (f" ({report.skipped} skipped)" if report.skipped else ""))
    return 0 if report.failed == 0 else 1


def main(argv: list[str]) -> int:
    return command_line(argv, "Tests/browser/test_playground.py", "the browser test", run)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
