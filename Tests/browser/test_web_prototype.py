#!/usr/bin/env python3
"""Runs examples/web-prototype/index.html as a design-tool plugin runs: in a sandboxed iframe.

Usage: Tests/browser/test_web_prototype.py path/to/segue

Starts the binary on port 0 with `--allowed-origins null` (only sandboxed frames may call it), and
a second HTTP server (Python's http.server, another port) that serves the example's folder and a
host page whose body is `<iframe sandbox="allow-scripts" src=".../index.html?segue=...">`. In
headless Chromium, with the page over the drive socket and then over the polling fallback
(`&transport=poll`), it checks that:

1. the iframe's origin is "null" (`self.origin`), and Segue saw it so: the SDK module and the
   page's POST /v1/simulate were asked with `Origin: null` and answered with
   `Access-Control-Allow-Origin: null`, and the drive socket, whose handshake Segue refuses (403)
   for any other origin, opened; a fetch from the host page's own origin is refused by the
   browser for want of that header; and the page requested nothing but Segue and its folder;
2. the page's first paint is the last frame of POST /v1/simulate for the open-photo document it
   exposes (`window.prototypeState.transition`);
3. a real mouse drag on the photo, gentle and let go (a cancel), then a fast one (a finish, the
   photo back in its grid cell), is recorded as samples that start `began`, end `ended` and
   strictly increase in time; POSTed with the page's document to /v1/simulate from here, they
   give the frames the page received (every one, once), the frames it drew (each one of them, in
   order, ending on the last), and its decision;
4. for frames caught mid-drag, mid-settle and the last one drawn, each element's computed
   transform and opacity are the server's frame for its layer (within 1e-3), its box is the
   layer's frame, its transform origin the box's centre, and its on-screen rectangle is the box
   moved by the frame's transform about its centre, as applyFrame documents it;
5. a tap on a grid cell opens that photo: its frames are the server's for the page's document.

Prints one line per check, then `N passed, M failed`; exits 1 on any failure.
"""

from __future__ import annotations

import http.server
import json
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright

from test_playground import CHROMIUM, Report, post_json, start_server, transform_problem

ROOT = Path(__file__).resolve().parents[2]
FOLDER = "/examples/web-prototype/"
# Opacity, box and transform origin: the browser keeps floats, the server rounds to 1e-6; points.
TOLERANCE = 1e-3
# On-screen rectangles: layout snaps boxes to 1/64 CSS px before the transform applies.
RECT_TOLERANCE = 0.05
# How long a run (a drag's settle, an open) may take to be drawn to its end, seconds.
SETTLE_TIMEOUT = 15.0
# Between two looks at the page during a settle, milliseconds.
LOOK_INTERVAL = 30
# A drag must be seen drawn at least this many frames of each phase before its last: following the
# finger live, and playing its settle rather than jumping to the end.
LIVE = {"interactive": 2, "animating": 2}

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A design tool</title><link rel="icon" href="data:,"></head>
<body style="margin: 0">
<iframe sandbox="allow-scripts" src="{src}" style="border: 0; width: 900px; height: 760px"></iframe>
</body></html>
"""

# One look at the page, taken in one turn of its event loop: the frame drawn last and, for every
# element with a data-layer, what the browser computed for it (its rectangle in window points).
LOOK = """() => {
  const state = window.prototypeState;
  const win = document.getElementById("window");
  const box = win.getBoundingClientRect();
  const scale = box.width / win.offsetWidth;
  const layers = {};
  for (const element of win.querySelectorAll("[data-layer]")) {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    layers[element.dataset.layer] = {
      transform: style.transform, origin: style.transformOrigin, opacity: Number(style.opacity),
      left: parseFloat(style.left), top: parseFloat(style.top),
      width: parseFloat(style.width), height: parseFloat(style.height),
      rect: { x: (rect.left - box.left) / scale, y: (rect.top - box.top) / scale,
              width: rect.width / scale, height: rect.height / scale },
    };
  }
  return { phase: state.phase, run: state.run, settled: state.settled, drawn: state.frames.length,
           frame: state.frames.length ? state.frames[state.frames.length - 1] : null, layers };
}"""

STATE = "() => JSON.parse(JSON.stringify(window.prototypeState))"


class Host(http.server.SimpleHTTPRequestHandler):
    """The design tool's server: its host page, and the example's folder from the repository."""

    segue = ""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, directory=str(ROOT), **kwargs)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/host.html":
            query = urllib.parse.parse_qs(url.query)
            src = f"{FOLDER}index.html?segue={urllib.parse.quote(self.segue, safe=':/')}"
            if "transport" in query:
                src += f"&transport={query['transport'][0]}"
            body = HOST_PAGE.format(src=src).encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif url.path.startswith(FOLDER):
            super().do_GET()
        else:
            self.send_error(404)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (http.server's name)
        pass


def start_host(segue: str) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = type("BoundHost", (Host,), {"segue": segue})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


# ================================================================ comparing with the server


def on_screen(box: dict, t: dict) -> dict:
    """The bounding rectangle of `box` moved by the affine transform `t` about the box's centre."""
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    xs, ys = [], []
    for px in (box["x"], box["x"] + box["width"]):
        for py in (box["y"], box["y"] + box["height"]):
            xs.append(cx + t["a"] * (px - cx) + t["c"] * (py - cy) + t["tx"])
            ys.append(cy + t["b"] * (px - cx) + t["d"] * (py - cy) + t["ty"])
    return {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs), "height": max(ys) - min(ys)}


def rect_problem(label: str, got: dict, want: dict, tolerance: float) -> str:
    off = [f"{key} {got[key]:.4f} ≠ {want[key]:.4f}" for key in ("x", "y", "width", "height")
           if abs(got[key] - want[key]) > tolerance * max(1.0, abs(want[key]))]
    return f"{label} " + ", ".join(off) if off else ""


def look_problems(look: dict, server: dict) -> list[str]:
    """What differs between the elements in one look and the server's frame for the frame drawn."""
    frame = look["frame"]
    want = next((f for f in server["frames"] if f["time"] == frame["time"]), None)
    if want != frame:
        return [f"t={frame['time']}: the frame drawn is not the server's"]
    layers = {layer["id"]: layer for layer in server["layers"]}
    problems = []
    for layer_id, state in want["layers"].items():
        shown = look["layers"].get(layer_id)
        if shown is None:
            problems.append(f"no element for layer {layer_id}")
            continue
        box = state.get("frame") or layers[layer_id]["frame"]
        off = [transform_problem(shown["transform"], state["transform"])]
        if abs(shown["opacity"] - state["opacity"]) > TOLERANCE:
            off.append(f"opacity {shown['opacity']} ≠ {state['opacity']}")
        raw = {"x": shown["left"], "y": shown["top"], "width": shown["width"], "height": shown["height"]}
        off.append(rect_problem("box", raw, box, TOLERANCE))
        origin = [float(part.removesuffix("px")) for part in shown["origin"].split()[:2]]
        if any(abs(o - w) > TOLERANCE * max(1.0, w) for o, w in zip(origin, (box["width"] / 2, box["height"] / 2))):
            off.append(f"transform-origin {shown['origin']} is not the centre")
        expected = on_screen(box, state["transform"])
        off.append(rect_problem("on screen", shown["rect"], expected, RECT_TOLERANCE))
        if "presentationFrame" in state:
            off.append(rect_problem("presentationFrame against the centre transform", expected,
                                    state["presentationFrame"], TOLERANCE))
        off = [o for o in off if o]
        if off:
            problems.append(f"t={frame['time']} {layer_id}: " + "; ".join(off))
    return problems


def frames_problems(state: dict, server: dict) -> str:
    """The page's frames against the server's: all received once, each drawn one the server's, in order."""
    whole = server["frames"]
    problems = []
    if state["received"] != len(whole):
        problems.append(f"received {state['received']} frames, the server gives {len(whole)}")
    by_time = {frame["time"]: frame for frame in whole}
    drawn = state["frames"]
    differing = [frame["time"] for frame in drawn if by_time.get(frame["time"]) != frame]
    if differing:
        problems.append(f"{len(differing)} drawn frames differ from the server's, first at t={differing[0]}")
    if any(b["time"] <= a["time"] for a, b in zip(drawn, drawn[1:])):
        problems.append("the frames drawn are not in time order")
    if not drawn or drawn[-1] != whole[-1]:
        problems.append("the last frame drawn is not the server's last")
    return "; ".join(problems)


def samples_problems(samples: list[dict]) -> str:
    problems = []
    if not samples or samples[0]["phase"] != "began" or samples[0]["t"] != 0:
        problems.append(f"first {samples[:1]}")
    if not samples or samples[-1]["phase"] != "ended":
        problems.append(f"last {samples[-1:]}")
    if any(b["t"] <= a["t"] for a, b in zip(samples, samples[1:])):
        problems.append("times do not strictly increase")
    return "; ".join(problems)


# ================================================================ driving the page


def watch_until_settled(page, frame, looks: list[dict]) -> dict:
    """Looks at the page every LOOK_INTERVAL ms until its run is drawn to its end; the last look."""
    deadline = time.monotonic() + SETTLE_TIMEOUT
    while True:
        look = frame.evaluate(LOOK)
        if look["frame"] is not None and (not looks or looks[-1]["drawn"] != look["drawn"]):
            looks.append(look)
        if look["settled"] or time.monotonic() > deadline:
            return look
        page.wait_for_timeout(LOOK_INTERVAL)


def drag(page, frame, moves: list[tuple[float, float]], hold_ms: int) -> list[dict]:
    """A mouse drag from the photo's centre through `moves` (CSS px from there, one each 20 ms), held
    still `hold_ms` before the lift; looks at the page after each move from the second, and until
    the settle ends."""
    box = frame.locator("#photo").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    looks: list[dict] = []
    page.mouse.move(x, y)
    page.mouse.down()
    for step, (dx, dy) in enumerate(moves, start=1):
        page.mouse.move(x + dx, y + dy)
        page.wait_for_timeout(20)
        if step >= 2:
            look = frame.evaluate(LOOK)
            if look["frame"] is not None:
                looks.append({**look, "down": True})
    if hold_ms:
        page.wait_for_timeout(hold_ms)
    page.mouse.up()
    watch_until_settled(page, frame, looks)
    return looks


def check_run(report: Report, label: str, frame, base: str, looks: list[dict], gesture: bool,
              on_the_way: dict[str, int]) -> tuple[dict, dict]:
    """The page's last run against POST /v1/simulate of its document (and samples) from here. `looks`
    must hold the last frame and, before it, at least `on_the_way[phase]` frames of each phase
    (`interactive`: the finger followed live; `animating`: the settle played, not jumped over)."""
    state = frame.evaluate(STATE)
    report.check(f"{label}: drawn to its end", "" if state["settled"] else f"phase {state['phase']}, not settled")
    body = {"transition": state["transition"]}
    if gesture:
        report.check(f"{label}: {len(state['samples'])} samples, began … ended, times increasing",
                     samples_problems(state["samples"]))
        body["gesture"] = {"samples": state["samples"]}
    status, server = post_json(base, "/v1/simulate", body)
    if status != 200:
        report.check(f"{label}: POST /v1/simulate of the page's document", f"status {status}")
        return state, {}
    report.check(f"{label}: {state['received']} frames received and {len(state['frames'])} drawn, all the server's",
                 frames_problems(state, server))
    if gesture:
        decision = server["decision"] or {}
        report.check(f"{label}: the decision is the server's ({decision['outcome']} by {decision['rule']})",
                     "" if state["decision"] == server["decision"] else json.dumps(state["decision"])[:200])
    middle = [look for look in looks if look["frame"] != server["frames"][-1]]
    last = looks[-1] if looks else None
    problems = [p for look in looks for p in look_problems(look, server)]
    if last is None or last["frame"] != server["frames"][-1]:
        problems.append("the last look is not at the last frame")
    # Distinct frames; interactive ones count when seen while the finger was down (followed live).
    seen = {phase: len({look["frame"]["time"] for look in middle if look["frame"]["phase"] == phase
                        and look["frame"]["time"] > 0 and (phase != "interactive" or look.get("down"))})
            for phase in on_the_way}
    problems += [f"{seen[phase]} {phase} frames seen on the way, fewer than {least}"
                 for phase, least in on_the_way.items() if seen[phase] < least]
    on_way = ", ".join(f"{count} {phase}" for phase, count in seen.items())
    report.check(f"{label}: every element's computed transform, opacity, box and on-screen rect are the "
                 f"server's, at {len(middle)} frames on the way ({on_way or 'none asked'}) and the last",
                 "; ".join(problems[:4]))
    return state, server


def cors_check(report: Report, page, base: str, responses: list, transport: str) -> None:
    seen = {}
    for response in responses:
        url = response.url
        key = "the SDK" if url == f"{base}/sdk/segue.js" else "POST /v1/simulate" \
            if url == f"{base}/v1/simulate" and response.request.method == "POST" else None
        if key and key not in seen:
            seen[key] = (response.request.header_value("origin"),
                         response.header_value("access-control-allow-origin"), response.status)
    for key in ("the SDK", "POST /v1/simulate"):
        got = seen.get(key)
        report.check(f"{transport}: {key} was asked with Origin null and allowed for it",
                     "" if got == ("null", "null", 200) else f"(origin, allow-origin, status) {got}")


def run_page(report: Report, page, base: str, host: str, transport: str) -> None:
    responses: list = []
    requests: list[str] = []
    sockets: list[str] = []
    page.on("response", lambda response: responses.append(response))
    page.on("request", lambda request: requests.append(request.url))
    page.on("websocket", lambda socket: sockets.append(socket.url))
    query = "?transport=poll" if transport == "poll" else ""
    page.goto(f"{host}/host.html{query}")
    frame = page.wait_for_selector("iframe").content_frame()
    frame.wait_for_function("() => window.prototypeState && (prototypeState.settled || prototypeState.phase === "
                            "'offline')", timeout=SETTLE_TIMEOUT * 1000)
    label = transport
    origin = frame.evaluate("self.origin")
    report.check(f"{label}: the page runs in an iframe of origin null",
                 "" if origin == "null" else f"origin {origin!r}")
    problem = frame.evaluate("() => prototypeState.phase === 'offline' && "
                             "document.getElementById('offline').textContent")
    if not report.check(f"{label}: the page loaded the SDK from Segue and drew its first frame", problem or ""):
        return

    state, _ = check_run(report, f"{label}: first paint (open-photo document)", frame, base,
                         [frame.evaluate(LOOK)], gesture=False, on_the_way={})
    report.check(f"{label}: at rest with photo 0 open", "" if state["phase"] == "idle" and state["open"] == 0
                 else f"phase {state['phase']}, open {state['open']}")

    # Gentle: 60 px down in 20 ms steps, held still, let go: back to the photo (a cancel).
    looks = drag(page, frame, [(2 * i, 7.5 * i) for i in range(1, 9)], hold_ms=250)
    state, server = check_run(report, f"{label}: gentle drag", frame, base, looks, gesture=True, on_the_way=LIVE)
    report.check(f"{label}: gentle drag: the photo springs back (cancel) and stays open",
                 "" if server and server["decision"]["outcome"] == "cancel" and state["phase"] == "idle"
                 else f"{server.get('decision', {}).get('explanation')}, phase {state['phase']}")
    report.check(f"{label}: gentle drag: the session's transport is {transport}",
                 "" if state["transport"] == transport else f"transport {state['transport']}")

    # Fast: 300 px down, let go at once: the photo goes back into its grid cell (a finish).
    looks = drag(page, frame, [(0, 25 * i) for i in range(1, 13)], hold_ms=0)
    state, server = check_run(report, f"{label}: fast drag", frame, base, looks, gesture=True, on_the_way=LIVE)
    shown = frame.evaluate("() => getComputedStyle(document.querySelectorAll('.thumb')[0]).visibility")
    report.check(f"{label}: fast drag: the photo goes back into its cell (finish), the grid shows it again",
                 "" if server and server["decision"]["outcome"] == "finish" and state["phase"] == "closed"
                 and shown == "visible" else f"{server.get('decision', {}).get('explanation')}, phase "
                 f"{state['phase']}, cell {shown}")

    # A tap on the fifth cell opens that photo.
    frame.locator(".thumb").nth(4).click()
    looks = []
    watch_until_settled(page, frame, looks)
    state, _ = check_run(report, f"{label}: tap on a cell", frame, base, looks, gesture=False,
                         on_the_way={"animating": 2})
    same = frame.evaluate("() => document.getElementById('photo').src === "
                          "document.querySelectorAll('.thumb img')[4].src")
    report.check(f"{label}: tap on a cell opens that photo", "" if state["open"] == 4 and state["phase"] == "idle"
                 and same else f"open {state['open']}, same image {same}")

    cors_check(report, page, base, responses, label)
    if transport == "socket":
        drive = f"{base.replace('http', 'ws', 1)}/v1/drive"
        report.check(f"{label}: the drags went over the drive socket, whose handshake Segue allows only for null",
                     "" if sockets and all(url == drive for url in sockets) else f"sockets {sockets}")
    else:
        report.check(f"{label}: no socket was opened", "" if not sockets else f"sockets {sockets}")
    allowed = (f"{base}/", f"{host}{FOLDER}", f"{host}/host.html", "data:")
    strays = [url for url in requests if not url.startswith(allowed)]
    report.check(f"{label}: nothing requested but Segue and the example's folder", ", ".join(strays[:3]))


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    report = Report()
    server, base = start_server(sys.argv[1], "--allowed-origins", "null")
    host_server, host = start_host(base)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-dev-shm-usage"])
            try:
                for transport in ("socket", "poll"):
                    page = browser.new_page(viewport={"width": 960, "height": 800})
                    errors: list[str] = []
                    page.on("pageerror", lambda error: errors.append(str(error)))
                    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
                    run_page(report, page, base, host, transport)
                    report.check(f"{transport}: no page or console error", "; ".join(errors[:3]))
                    if transport == "socket":
                        # The control: the host page's own origin is not allowed, so its fetch fails.
                        refused = page.evaluate("""async (url) => {
                          try { await fetch(url); return "answered"; } catch (error) { return "refused"; } }""",
                                                f"{base}/healthz")
                        report.check(f"{transport}: a fetch from the host page's origin ({host}) is refused",
                                     "" if refused == "refused" else refused)
                    page.close()
            finally:
                browser.close()
    finally:
        host_server.shutdown()
        server.terminate()
        server.wait(timeout=20)
    print(f"{report.passed} passed, {report.failed} failed")
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
