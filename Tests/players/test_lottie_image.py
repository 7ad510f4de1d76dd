#!/usr/bin/env python3
"""Renders the Lottie export of a transition document's image layer with Samsung's rlottie
(rlottie-python) and checks the image's pixels in the layer's rect.

Usage: Tests/players/test_lottie_image.py [export.json]

Without an argument, the export is written by the Swift test ImageLayerExportTests (run with
`swift test --skip-build`, which needs a build with tests) through SEGUE_IMAGE_EXPORTS_DIR,
in-process, so that this check needs no server. The document, as that test builds it: a 200×100 window,
one 80×40 layer at (40, 20) filled pure blue, carrying a 2×2 PNG whose left column is pure red
and right column pure green; tapped to a pose that moves it by (20, 10) and halves it about its
centre. So its rect is (40, 20, 80, 40) at the first frame and (80, 40, 40, 20) at the last,
worked out by hand here, not read from the export.

At both frames, rendered at 1×: every pixel inside the rect (1 px in from its edges) must be the
image's, with no blue (the image fills the bounds, stretched, so the blue rectangle under it
never shows), the quarter points across the rect's middle (the centres of the image's two
columns, untouched by any filtering) red and green, and every pixel 1 px outside the rect
transparent; and, with corners of radius 10, the image is cut at the corners as the rectangle
is. rlottie is the player: nothing here draws a frame. Prints one line per check, then
`N passed, M failed`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from rlottie_python import LottieAnimation

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 200, 100
# The layer's rect at the first and the last frame: (x, y, width, height), points = pixels at 1×.
RECTS = {"first": (40, 20, 80, 40), "last": (80, 40, 40, 20)}


def exports_from_swift_test(name: str) -> str:
    """The export `name` (lottie.json, css.html, waapi.json) ImageLayerExportTests writes."""
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / name
        run = subprocess.run(
            ["swift", "test", "--skip-build", "--filter", "ImageLayerExportTests"],
            cwd=ROOT, env={**os.environ, "SEGUE_IMAGE_EXPORTS_DIR": directory}, capture_output=True, text=True)
        if run.returncode != 0 or not path.exists():
            sys.exit(f"ImageLayerExportTests failed or wrote nothing:\n{run.stdout[-4000:]}{run.stderr[-2000:]}")
        return path.read_text()


def pixel(buffer: bytes, x: int, y: int) -> tuple[int, int, int, int]:
    """(r, g, b, a) of rlottie's premultiplied BGRA buffer."""
    i = (y * WIDTH + x) * 4
    b, g, r, a = buffer[i:i + 4]
    return r, g, b, a


def check_frame(animation: LottieAnimation, frame: int, rect: tuple[int, int, int, int]) -> list[str]:
    buffer = animation.lottie_animation_render(frame_num=frame, width=WIDTH, height=HEIGHT)
    x0, y0, w, h = rect
    problems = []
    for y in range(y0 + 1, y0 + h - 1):
        for x in range(x0 + 1, x0 + w - 1):
            r, g, b, a = pixel(buffer, x, y)
            if a < 250 or b > 8 or r + g < 240:
                problems.append(f"({x}, {y}) inside is {r, g, b, a}, not the image")
    for x in range(x0 - 1, x0 + w + 1):
        for y in (y0 - 2, y0 + h + 1):
            if pixel(buffer, x, y)[3] != 0:
                problems.append(f"({x}, {y}) outside is {pixel(buffer, x, y)}, not transparent")
    for y in range(y0 - 1, y0 + h + 1):
        for x in (x0 - 2, x0 + w + 1):
            if pixel(buffer, x, y)[3] != 0:
                problems.append(f"({x}, {y}) outside is {pixel(buffer, x, y)}, not transparent")
    middle = y0 + h // 2
    red = pixel(buffer, x0 + w // 4, middle)
    green = pixel(buffer, x0 + 3 * w // 4, middle)
    if not (red[0] >= 250 and red[1] <= 5 and red[2] <= 5):
        problems.append(f"the left column's centre ({x0 + w // 4}, {middle}) is {red}, not red")
    if not (green[1] >= 250 and green[0] <= 5 and green[2] <= 5):
        problems.append(f"the right column's centre ({x0 + 3 * w // 4}, {middle}) is {green}, not green")
    return problems


def check_rounded(animation: LottieAnimation, last: int) -> list[str]:
    """The same layer with corners of radius 10 (5 on screen once halved): the pixel at each rect's
    corner (its centre 13.4 and 6.4 px from the corner circle's centre) is transparent, so the
    image is cut as the rectangle is, while the middle of the top and left edges shows it."""
    problems = []
    for frame, (x0, y0, w, h) in ((0, RECTS["first"]), (last, RECTS["last"])):
        buffer = animation.lottie_animation_render(frame_num=frame, width=WIDTH, height=HEIGHT)
        for x, y in ((x0, y0), (x0 + w - 1, y0), (x0, y0 + h - 1), (x0 + w - 1, y0 + h - 1)):
            if pixel(buffer, x, y)[3] > 8:
                problems.append(f"frame {frame}: the corner pixel ({x}, {y}) is {pixel(buffer, x, y)}, not cut")
        for x, y in ((x0 + w // 4, y0 + 1), (x0 + 1, y0 + h // 2)):
            r, g, b, a = pixel(buffer, x, y)
            if a < 250 or b > 8:
                problems.append(f"frame {frame}: the edge pixel ({x}, {y}) is {(r, g, b, a)}, not the image")
    return problems


def main() -> int:
    export = json.loads(Path(sys.argv[1]).read_text() if len(sys.argv) > 1 else exports_from_swift_test("lottie.json"))
    animation = LottieAnimation.from_data(json.dumps(export))
    last = int(export["op"]) - 1
    passed = failed = 0
    for name, frame in (("first", 0), ("last", last)):
        problems = check_frame(animation, frame, RECTS[name])
        if problems:
            failed += 1
            print(f"FAIL {name} frame ({frame}), rect {RECTS[name]}: {len(problems)} problems, e.g. {problems[:3]}")
        else:
            passed += 1
            print(f"ok   {name} frame ({frame}): the image fills {RECTS[name]}, red left, green right, "
                  "transparent around")
    if len(sys.argv) == 1:
        problems = check_rounded(LottieAnimation.from_data(exports_from_swift_test("lottie-rounded.json")), last)
        if problems:
            failed += 1
            print(f"FAIL rounded corners: {problems[:3]}")
        else:
            passed += 1
            print("ok   rounded corners (radius 10, 5 once halved): the image's corners are cut, its edges drawn")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
