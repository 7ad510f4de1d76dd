#!/usr/bin/env python3
"""Plays the `css` and `waapi` exports of a transition document's image layer in a real headless
Chromium and checks the image's pixels in the layer's rect.

Usage: Tests/browser/test_export_image.py

The exports are written by the Swift test ImageLayerExportTests (through
SEGUE_IMAGE_EXPORTS_DIR; `swift test --skip-build`, so it needs a build with tests), in-process,
so that this check needs no server. The document is the one Tests/players/test_lottie_image.py
describes: a 200×100 window, an 80×40 layer at (40, 20) filled pure blue carrying a 2×2 PNG
(left column red, right green), moved by (20, 10) and halved about its centre; its rect is
(40, 20, 80, 40) at the start and (80, 40, 40, 20) at the end, worked out by hand.

The CSS page is opened as it is; the WAAPI JSON is played on one element per layer whose
background is `color` with `image` over it, stretched (`background-size: 100% 100%`), as the
WAAPI export's documentation says a page draws it. Every animation is paused at the start and at
the end, the window is captured at 1×, and the checks are those of the rlottie check: the image
fills the rect with no blue, its columns' centres are red and green, and a pixel away outside
the rect is the window's white. Prints one line per check, then `N passed, M failed`.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "players"))
from test_lottie_image import RECTS, exports_from_swift_test  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

WAAPI_PAGE = """<!doctype html><html><body style="margin:0">
<div id="window" style="position:relative; overflow:hidden; background:#ffffff"></div>
<script>
function play(data) {
  const root = document.getElementById("window");
  root.style.width = data.window.width + "px";
  root.style.height = data.window.height + "px";
  for (const layer of data.layers) {
    const div = document.createElement("div");
    div.dataset.layer = layer.id;
    Object.assign(div.style, { position: "absolute", left: layer.frame.x + "px", top: layer.frame.y + "px",
      width: layer.frame.width + "px", height: layer.frame.height + "px", background: layer.color });
    if (layer.image) Object.assign(div.style, { backgroundImage: `url("${layer.image}")`, backgroundSize: "100% 100%" });
    root.append(div);
    div.animate(layer.keyframes, layer.timing);
  }
}
</script></body></html>"""

DECODED = """async uri => { const image = new Image(); image.src = uri; await image.decode();
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))); }"""

SEEK = """ms => { for (const a of document.getAnimations()) { a.pause(); a.currentTime = ms; } }"""


def problems_in(image: Image.Image, rect: tuple[int, int, int, int]) -> list[str]:
    x0, y0, w, h = rect
    pixels = image.convert("RGB").load()
    problems = []
    for y in range(y0 + 1, y0 + h - 1):
        for x in range(x0 + 1, x0 + w - 1):
            r, g, b = pixels[x, y]
            if b > 8 or r + g < 240:
                problems.append(f"({x}, {y}) inside is {r, g, b}, not the image")
    outside = [(x, y) for x in range(x0 - 1, x0 + w + 1) for y in (y0 - 2, y0 + h + 1)]
    outside += [(x, y) for y in range(y0 - 1, y0 + h + 1) for x in (x0 - 2, x0 + w + 1)]
    for x, y in outside:
        if pixels[x, y] != (255, 255, 255):
            problems.append(f"({x}, {y}) outside is {pixels[x, y]}, not the window's white")
    middle = y0 + h // 2
    red, green = pixels[x0 + w // 4, middle], pixels[x0 + 3 * w // 4, middle]
    # Chromium's upscaling filter is not bilinear and reaches past a source pixel's centre (it
    # gives (223, 31, 0) there): red and green must dominate, not be pure.
    if not (red[0] >= 200 and red[1] <= 60 and red[2] <= 8):
        problems.append(f"the left column's centre is {red}, not red")
    if not (green[1] >= 200 and green[0] <= 60 and green[2] <= 8):
        problems.append(f"the right column's centre is {green}, not green")
    return problems


def main() -> int:
    css = exports_from_swift_test("css.html")
    waapi = json.loads(exports_from_swift_test("waapi.json"))
    passed = failed = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-dev-shm-usage"])
        page = browser.new_page(device_scale_factor=1)
        uri = waapi["layers"][0].get("image")
        if uri is None:
            failed += 1
            print("FAIL waapi: the layer has no image")
        for output in ("css", "waapi"):
            if output == "css":
                page.set_content(css)
            else:
                page.set_content(WAAPI_PAGE)
                page.evaluate("data => play(data)", waapi)
            # The data: image decodes asynchronously: wait for it before any capture.
            if uri is not None:
                page.evaluate(DECODED, uri)
            for name, ms in (("first", 0), ("last", waapi["duration"])):
                page.evaluate(SEEK, ms)
                shot = page.locator("#window").screenshot(animations="allow")
                problems = problems_in(Image.open(io.BytesIO(shot)), RECTS[name])
                if problems:
                    failed += 1
                    print(f"FAIL {output} {name} frame, rect {RECTS[name]}: {len(problems)} problems, "
                          f"e.g. {problems[:3]}")
                else:
                    passed += 1
                    print(f"ok   {output} {name} frame: the image fills {RECTS[name]}, red left, green right, "
                          "white around")
        browser.close()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
