#!/usr/bin/env python3
"""Plays the `css` and `waapi` exports of every preset's example in a real headless Chromium.

Usage: Tests/browser/test_exports.py path/to/segue

Starts the binary on a free port, and for each request in scripts/examples/ asks
POST /v1/simulate for the JSON answer, the `css` page and the `waapi` keyframes. The CSS page
is opened as it is; the WAAPI keyframes are given to `Element.animate()` on one element per
layer. The canvas (the CSS page's container, the WAAPI `window`) must be the scene's window, the
answer's `scene.window`. At 10 moments per preset (frame times from the first to the last), every
animation is paused and seeked there, and for each layer:

- its `getComputedStyle` transform and opacity equal that frame's in the JSON answer within 1e-3
  (beyond the six significant digits Chromium writes a computed transform with);
- its laid-out box (computed left, top, width, height) is the frame's layout `frame` (the layer
  description's when the frame does not send one), and its rendered box (getBoundingClientRect,
  from the container's corner) is the frame's `presentationFrame`, within 0.05 px (Chromium lays
  boxes out in 1/64 px);
- the layers paint bottom-first in the answer's order (document order, z-index auto or
  rising), the order README's CSS section documents;
- a layer whose size changes by layout in the original (the modal card's card, the App Store card)
  is not stretched:
  its computed transform scales both axes alike, and its computed border radius is the frame's
  `cornerRadius` in both directions (within 1e-3 px).

Chromium is the player: nothing here computes a frame. Prints one line per preset and format,
then `N passed, M failed`; exits 1 on a failure.
"""

from __future__ import annotations

import io
import json
import os
import sys
import urllib.request
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import art_check  # noqa: E402
from segue_kit import EXAMPLES_DIR, Report, start_or_exit  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TOLERANCE = 1e-3
# Chromium lays a box out in LayoutUnits of 1/64 px; a transformed box moves that error a little.
BOX_TOLERANCE = 0.05
MOMENTS = 10
# How far, 0…255 per channel on average, Chromium's drawing of a layer's art may be from its PNG
# resized to the layer's box (resampling differs; measured 0.00 to 1.23; from the flat fill 5.5 to
# 70; scripts/lib/art_check.py says how the two are compared, 42 layers are).
ART_TOLERANCE = 4.0
# Layers whose size changes by layout in the original, which no renderer may stretch: the modal
# card's card (its height constraint changes between stages, YUI's ModalCardView), and the App
# Store card, whose container's constraints grow it to the screen and back
# (AppStoreiOS11InteractiveTransition's PresentCardAnimator and DismissCardAnimator) and whose
# only transforms, the press and the interactive shrink, scale both axes alike.
RESIZED_BY_LAYOUT = {
    "yui.modalCard": {"card"},
    **{f"appstore.card.{phase}": {"card"} for phase in ("highlight", "present", "interactiveDismiss", "dismiss")},
}

# A page for the WAAPI keyframes: one element per layer, animated with Element.animate().
WAAPI_PAGE = """<!doctype html><html><body style="margin:0"><div id="window" style="position:relative"></div>
<script>
function play(data) {
  const root = document.getElementById("window");
  root.style.width = data.window.width + "px";
  root.style.height = data.window.height + "px";
  for (const layer of data.layers) {
    // As a client marks its own elements: the attribute the layer's selector names.
    const div = document.createElement("div");
    div.setAttribute("data-segue-layer", layer.id);
    root.append(div);
    if (document.querySelector(layer.selector) !== div) throw new Error("selector " + layer.selector);
    Object.assign(div.style, { position: "absolute", left: layer.frame.x + "px", top: layer.frame.y + "px",
      width: layer.frame.width + "px", height: layer.frame.height + "px", background: layer.color });
    div.animate(layer.keyframes, layer.timing);
  }
}
</script></body></html>"""

SEEK = """ms => {
  for (const animation of document.getAnimations()) { animation.pause(); animation.currentTime = ms; }
  const origin = document.getElementById("window").getBoundingClientRect();
  const out = {};
  for (const div of document.querySelectorAll('[data-segue-layer]')) {
    const style = getComputedStyle(div);
    const box = div.getBoundingClientRect();
    out[div.dataset.segueLayer] = {
      transform: style.transform, opacity: style.opacity,
      layout: [style.left, style.top, style.width, style.height].map(parseFloat),
      box: [box.left - origin.left, box.top - origin.top, box.width, box.height],
      radius: [style.borderTopLeftRadius, style.borderBottomRightRadius],
    };
  }
  return out;
}"""

# Waits until the page has painted: the data: images decoded and two animation frames drawn.
PAINTED = """async () => { for (const div of document.querySelectorAll('[data-segue-layer]')) {
    const url = /url\\("(.*)"\\)/.exec(getComputedStyle(div).backgroundImage);
    if (url) { const image = new Image(); image.src = url[1]; await image.decode(); } }
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))); }"""

# The layers as Chromium paints them, bottom first: positioned siblings paint in document order,
# unless a z-index says otherwise.
ORDER = """() => [...document.querySelectorAll('[data-segue-layer]')]
  .map(div => ({ id: div.dataset.segueLayer, z: getComputedStyle(div).zIndex }))"""

CANVAS = """() => { const box = document.getElementById("window").getBoundingClientRect();
  return [box.width, box.height]; }"""


def post(base: str, body: dict) -> bytes:
    request = urllib.request.Request(f"{base}/v1/simulate", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read()


def matrix(text: str) -> list[float] | None:
    if text == "none":
        return [1, 0, 0, 1, 0, 0]
    if not text.startswith("matrix("):
        return None
    return [float(v) for v in text[len("matrix("):-1].split(",")]


def compare(shown: dict, frame: dict) -> float:
    """The largest difference between what Chromium shows and the frame (transform entries, opacity),
    after what Chromium's serialisation of a computed transform loses: it writes six significant
    digits, so a translation of 300 px is shown to 1e-3 px, and that much is taken off first."""
    worst = 0.0
    for layer, state in frame["layers"].items():
        if layer not in shown:
            return float("inf")
        computed = matrix(shown[layer]["transform"])
        if computed is None:
            return float("inf")
        t = state["transform"]
        expected = [t["a"], t["b"], t["c"], t["d"], t["tx"], t["ty"]]
        worst = max(worst, *(max(0.0, abs(a - b) - 5e-6 * abs(b)) for a, b in zip(computed, expected)),
                    abs(float(shown[layer]["opacity"]) - state["opacity"]))
    return worst


def seek_ms(elapsed: float, index: int, frame_rate: float) -> float:
    """When to seek the animations for frame `index`, ms: the grid's own time, index / frameRate,
    where the wire's time (rounded to the microsecond) is that time; else the wire's (a final
    settled frame off the grid). A layer that moves 2 600 px a second (ios.swipeBack's steep
    settle) moves 0.0013 px in the half microsecond the rounding may add."""
    exact = index / frame_rate
    return (exact if abs(exact - elapsed) <= 1e-6 else elapsed) * 1000


def rect_list(rect: dict) -> list[float]:
    return [rect["x"], rect["y"], rect["width"], rect["height"]]


def box_problems(shown: dict, frame: dict, frames_of: dict[str, dict], resized: set[str], moment: str) -> list[str]:
    """What differs between the boxes Chromium lays out and renders and the frame's: each layer's
    layout box against its `frame` (or its description's), its rendered box against its
    `presentationFrame`; for a layer resized by layout, any stretch of its transform or corners."""
    problems = []
    for layer, state in frame["layers"].items():
        if layer not in shown:
            problems.append(f"{layer} at {moment}: no element")
            continue
        layout = rect_list(state.get("frame", frames_of[layer]))
        if max(abs(a - b) for a, b in zip(shown[layer]["layout"], layout)) > BOX_TOLERANCE:
            problems.append(f"{layer} at {moment}: laid out at {shown[layer]['layout']}, its frame is {layout}")
        presented = rect_list(state["presentationFrame"])
        if max(abs(a - b) for a, b in zip(shown[layer]["box"], presented)) > BOX_TOLERANCE:
            problems.append(f"{layer} at {moment}: rendered at {[round(v, 3) for v in shown[layer]['box']]}, "
                            f"its presentationFrame is {presented}")
        if layer in resized:
            a, b, c, d = (matrix(shown[layer]["transform"]) or [0, 0, 0, 0])[:4]
            sx = (a * a + b * b) ** 0.5
            sy = abs(a * d - b * c) / sx if sx else 0.0
            if abs(sx - sy) > TOLERANCE:
                problems.append(f"{layer} at {moment}: stretched, scale {sx:.4f} across and {sy:.4f} down")
            # Each corner's computed radius, across and down ("Rpx" or "Rxpx Rypx"), is the frame's
            # cornerRadius (within TOLERANCE: an animated radius is interpolated at the seek time).
            radii = [[float(v.removesuffix("px")) for v in corner.split()] for corner in shown[layer]["radius"]]
            if any(abs(v - state["cornerRadius"]) > TOLERANCE for corner in radii for v in corner):
                problems.append(f"{layer} at {moment}: corner radii {shown[layer]['radius']}, "
                                f"not {state['cornerRadius']:g}px")
    return problems


ISOLATE = """id => { for (const div of document.querySelectorAll('[data-segue-layer]'))
  div.style.visibility = div.dataset.segueLayer === id ? "visible" : "hidden"; }"""


def check_art(report: Report, page, css: bytes, waapi: dict, answer: dict) -> int:
    """Each layer with drawn art that scripts/lib/art_check.py compares is shown alone on the CSS
    page at the first frame and captured by Chromium at 1×; its pixels must be its PNG (the WAAPI
    export's `image`, the same bytes) within ART_TOLERANCE. Returns the layers compared."""
    window = answer["scene"]["window"]
    first = answer["frames"][0]["layers"]
    fills = {layer["id"]: layer["fill"] for layer in answer["layers"]}
    page.set_content(css.decode())
    compared, problems = [], []
    for layer in waapi["layers"]:
        if "image" not in layer:
            continue
        name = layer["id"]
        state = first[name]
        box = art_check.inset_box(state, window["width"], window["height"])
        if box is None:
            continue
        page.evaluate(ISOLATE, name)
        page.evaluate(SEEK, 0)
        page.evaluate(PAINTED)
        shot = Image.open(io.BytesIO(page.screenshot(clip={"x": box[0], "y": box[1], "width": box[2] - box[0],
                                                            "height": box[3] - box[1]}))).convert("RGB")
        png = art_check.decoded_png(layer["image"])
        to_art, to_fill, problem = art_check.compare(
            shot, art_check.expected(png, state, box), fills[name], ART_TOLERANCE)
        compared.append(f"{name} {png.size[0]}×{png.size[1]} px: {to_art:.2f} from the PNG, {to_fill:.1f} from the fill")
        if problem:
            problems.append(f"{name}: {problem}")
    if compared:
        report.check(f"{answer['preset']} (css art): Chromium draws the PNG in each layer's box: "
                     + "; ".join(compared), problems)
    return len(compared)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    report = Report()
    server = start_or_exit(argv[1], "--log-level", "warning")
    worst_overall = 0.0
    art_layers = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-dev-shm-usage"])
            # Room for the tallest window (an iPad's, 1133 px) in the art's screenshots.
            page = browser.new_page(viewport={"width": 1400, "height": 1400})
            for example in sorted(EXAMPLES_DIR.glob("*.json")):
                request = json.loads(example.read_text())
                answer = json.loads(post(server.base_url, request))
                frames = answer["frames"]
                frames_of = {layer["id"]: layer["frame"] for layer in answer["layers"]}
                window = [answer["scene"]["window"]["width"], answer["scene"]["window"]["height"]]
                resized = RESIZED_BY_LAYOUT.get(answer["preset"], set())
                start = frames[0]["time"]
                picks = sorted({round(i * (len(frames) - 1) / (MOMENTS - 1)) for i in range(MOMENTS)})
                bodies = {output: post(server.base_url, {**request, "output": output}) for output in ("css", "waapi")}
                art_layers += check_art(report, page, bodies["css"], json.loads(bodies["waapi"]), answer)
                for output in ("css", "waapi"):
                    body = bodies[output]
                    if output == "css":
                        page.set_content(body.decode())
                    else:
                        data = json.loads(body)
                        page.set_content(WAAPI_PAGE)
                        page.evaluate("data => play(data)", data)
                        report.check(f"{answer['preset']} (waapi): the window is the scene's {window}",
                                     [data["window"]["width"], data["window"]["height"]] == window,
                                     f"the waapi window is {data['window']}")
                    painted = page.evaluate(ORDER)
                    ids = [layer["id"] for layer in answer["layers"]]
                    stacked = [entry["z"] for entry in painted]
                    in_order = all(z == "auto" for z in stacked) or stacked == sorted(stacked, key=int)
                    report.check(f"{answer['preset']} ({output}): Chromium paints the layers bottom-first, "
                                 "in the answer's order", [e["id"] for e in painted] == ids and in_order,
                                 f"painted {painted}, the answer lists {ids}")
                    canvas = page.evaluate(CANVAS)
                    report.check(f"{answer['preset']} ({output}): the canvas in Chromium is the scene's window "
                                 f"{window}", canvas == window, f"the canvas is {canvas}")
                    worst = 0.0
                    boxes: list[str] = []
                    for index in picks:
                        shown = page.evaluate(SEEK, seek_ms(frames[index]["time"] - start, index, answer["frameRate"]))
                        worst = max(worst, compare(shown, frames[index]))
                        boxes += box_problems(shown, frames[index], frames_of, resized, f"frame {index}")
                    worst_overall = max(worst_overall, worst)
                    report.check(f"{answer['preset']} ({output}): at {len(picks)} frames every layer's transform "
                                 f"and opacity in Chromium are the frame's (worst {worst:.2g})",
                                 worst <= TOLERANCE, f"worst difference {worst}")
                    unstretched = f"; {', '.join(sorted(resized))} unstretched" if resized else ""
                    report.check(f"{answer['preset']} ({output}): at {len(picks)} frames every layer is laid out "
                                 f"at its frame and rendered at its presentationFrame{unstretched}", boxes[:3])
            browser.close()
    finally:
        server.kill()
    report.check(f"{art_layers} layers' art compared with their PNGs", art_layers >= art_check.MINIMUM_LAYERS,
                 f"only {art_layers} layers lie whole, plain and opaque in the window at the first frame")
    report.note(f"the worst difference over every preset and format: {worst_overall:.3g}")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
