#!/usr/bin/env python3
"""Loads the `lottie` export of every preset's example with the `lottie` package, renders it with
Samsung's rlottie (rlottie-python), and checks each layer's rendered bounds against the
simulation's own numbers.

Usage: Tests/players/test_lottie.py path/to/segue

Starts the binary on a free port, and for each request in scripts/examples/ asks POST
/v1/simulate for the JSON answer and the Lottie export. The composition must be the scene's
window (the answer's `scene.window`, in whole pixels). At 5 frames per preset (spread from the
first to the last), each layer is rendered alone by rlottie at 1× (the window's size), made
opaque so that its extent shows whatever its opacity, and the bounding box of its pixels must
match, within 1 px on every side, what the JSON answer says: its presentation frame, cut by its
mask (the mask's rect under the layer's transform) and by the window (where the window cuts it
across one axis, the other axis's sides need only lie within, as rounded corners pull them in).
A mask's rect is placed by the state's layout `frame` (the layer description's when it sends none).

A layer whose size changes by layout in the original (the modal card's card, the App Store card)
is also rendered at the frame where its height differs most from its description's, and must not
be stretched: at that frame and at each of the 5, wherever the whole layer is in the window and its
corner at least 8 px, a rounded rectangle's corner reaches as far down its side as along its top
edge, whatever its radius (a vertical stretch by d makes the first d times the second).

rlottie is the player: nothing here draws a frame. Prints one line per preset, then
`N passed, M failed`.
"""

from __future__ import annotations

import copy
import json
import math
import sys
import urllib.request
from pathlib import Path

from lottie import objects as lottie_objects
from rlottie_python import LottieAnimation

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
import art_check  # noqa: E402
from segue_kit import EXAMPLES_DIR, Report, start_or_exit  # noqa: E402

FRAMES = 5
TOLERANCE = 1.0
# Layers whose size changes by layout in the original, which the export may not stretch: the modal
# card's card (its height constraint changes between stages, YUI's ModalCardView), and the App
# Store card, whose container's constraints grow it to the screen and back
# (AppStoreiOS11InteractiveTransition's PresentCardAnimator and DismissCardAnimator) and whose
# only transforms, the press and the interactive shrink, scale both axes alike.
RESIZED_BY_LAYOUT = {
    "yui.modalCard": {"card"},
    **{f"appstore.card.{phase}": {"card"} for phase in ("highlight", "present", "interactiveDismiss", "dismiss")},
}
# The smallest corner, px, whose reach along its two edges tells a stretch apart from anti-aliasing
# (a smaller one lies in the rows the straight edges' anti-aliasing covers).
CORNER_MINIMUM = 8.0
# How far, in px, a corner's reach along its two edges may differ (anti-aliasing on each), and how
# near its straight side the edge must come to have reached it.
CORNER_TOLERANCE = 1.0
CORNER_DEPTH = 0.5
# How far, 0…255 per channel on average, rlottie's drawing of a layer's art may be from its PNG
# resized to the layer's frame (resampling differs: rlottie samples the image at the frame's
# fractional position; measured 1.1 on a full screen to 4.6 on a 147 × 22 pt title, whose bar is
# most of it; from the flat fill 6.5 to 69; scripts/lib/art_check.py says how the two are compared).
ART_TOLERANCE = 6.0
# The suffix of the image layer that draws a layer's art or image over its rectangle.
IMAGE_SUFFIX = " image"


def post(base: str, body: dict) -> dict:
    request = urllib.request.Request(f"{base}/v1/simulate", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def transformed_box(frame: dict, transform: dict, rect: dict) -> tuple[float, float, float, float]:
    """The bounding box, in window points, of `rect` (in the layer's own coordinates) under the
    layer's transform about its centre, the layer placed at `frame`."""
    cx, cy = frame["width"] / 2, frame["height"] / 2
    xs, ys = [], []
    for px, py in ((rect["x"], rect["y"]), (rect["x"] + rect["width"], rect["y"]),
                   (rect["x"], rect["y"] + rect["height"]), (rect["x"] + rect["width"], rect["y"] + rect["height"])):
        dx, dy = px - cx, py - cy
        xs.append(frame["x"] + cx + transform["a"] * dx + transform["c"] * dy + transform["tx"])
        ys.append(frame["y"] + cy + transform["b"] * dx + transform["d"] * dy + transform["ty"])
    return min(xs), min(ys), max(xs), max(ys)


def corner_reach(image, depth: float = CORNER_DEPTH) -> tuple[float, float]:
    """How far the top-left corner of the shape in `image` reaches down its left side and along its
    top edge, in px from the shape's sides: where its edge first comes within `depth` px of the
    straight side. Read from coverage, not from whole pixels: a row's missing alpha (1 − α summed
    across the shape's left half) is how far in its edge lies, less the straight side's own (the
    middle row's), and likewise down a column; the sides are placed to a fraction of a pixel the
    same way. Alike for a corner of any radius; a vertical stretch by d makes the first about d
    times the second."""
    alpha = image.getchannel("A")
    box = alpha.getbbox()
    if box is None:
        return 0.0, 0.0
    left, top, right, bottom = box
    pixels = alpha.load()
    middle_x, middle_y = (left + right) // 2, (top + bottom) // 2

    def row_gap(y: int) -> float:
        return sum(1 - pixels[x, y] / 255 for x in range(left, middle_x))

    def column_gap(x: int) -> float:
        return sum(1 - pixels[x, y] / 255 for y in range(top, middle_y))

    side, edge = row_gap(middle_y), column_gap(middle_x)

    def reach(gap, start: int, stop: int, straight: float, origin: float) -> float:
        previous = None
        for i in range(start, stop):
            inset = gap(i) - straight
            if inset <= depth:
                if previous is None:
                    return max(0.0, i + 0.5 - origin)
                return i - 0.5 + (previous - depth) / (previous - inset) - origin
            previous = inset
        return stop - origin

    # The sides, to a fraction of a pixel: the first pixel column (row) plus what it misses.
    return (reach(row_gap, top, middle_y, side, top + edge), reach(column_gap, left, middle_x, edge, left + side))


def intersect(a, b):
    box = (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))
    return box if box[2] > box[0] and box[3] > box[1] else None


def check(report: Report, base: str, request: dict, answer: dict, tolerance: float | None) -> float:
    """Renders one export layer by layer at FRAMES frames; returns the worst difference in px."""
    extra = {"lottie": {"tolerance": tolerance}} if tolerance is not None else {}
    lottie = post(base, {**request, "output": "lottie", **extra})
    allowed = TOLERANCE + (tolerance or 0)
    frames = answer["frames"]
    # The lottie package (python-lottie) loads it as a Lottie animation, layer names and all.
    loaded = lottie_objects.Animation.load(lottie)
    # A layer's drawn art is an image layer just above its rectangle, named after it (LottieExport+Image).
    names = [layer.name for layer in loaded.layers if not layer.name.endswith(IMAGE_SUFFIX)]
    problems: list[str] = []
    if names != [layer["id"] for layer in reversed(answer["layers"])]:
        problems.append(f"the lottie package loads layers {names}")
    width, height = int(lottie["w"]), int(lottie["h"])
    scene = answer["scene"]["window"]
    wanted = (math.ceil(scene["width"]), math.ceil(scene["height"]))
    if (width, height) != wanted:
        problems.append(f"the composition is {width} × {height}, the scene's window {wanted[0]} × {wanted[1]}")
    window = (0.0, 0.0, float(width), float(height))
    picks = sorted({round(i * (len(frames) - 1) / (FRAMES - 1)) for i in range(FRAMES)})
    notes = lottie.get("segue", {}).get("notes", [])
    skipped = {note.split(":")[0] for note in notes if "mask" in note}
    worst = 0.0
    checked = 0
    for layer in lottie["layers"]:
        # An image layer (its art) is measured as its rectangle is: it must cover the same frame.
        name = layer["nm"].removesuffix(IMAGE_SUFFIX) if layer["ty"] == 2 else layer["nm"]
        description = next(l for l in answer["layers"] if l["id"] == name)
        alone = {key: value for key, value in lottie.items() if key != "layers"}
        single = copy.deepcopy(layer)
        single["ks"]["o"] = {"a": 0, "k": 100}
        for item in single.get("shapes", [{"it": []}])[0]["it"]:
            if item["ty"] == "fl":
                item["c"] = {"a": 0, "k": [1, 0, 0, 1]}
                item["o"] = {"a": 0, "k": 100}
        alone["layers"] = [single]
        alone["assets"] = [asset for asset in lottie.get("assets", []) if asset["id"] == layer.get("refId")]
        animation = LottieAnimation.from_data(json.dumps(alone))
        resized = name in RESIZED_BY_LAYOUT.get(answer["preset"], set())
        tallest = max(range(len(frames)), key=lambda i: abs(frames[i]["layers"][name]["presentationFrame"]["height"]
                                                             - description["frame"]["height"]))
        for index in sorted(set(picks) | ({tallest} if resized else set())):
            state = frames[index]["layers"][name]
            p = state["presentationFrame"]
            shape = (p["x"], p["y"], p["x"] + p["width"], p["y"] + p["height"])
            if state.get("mask") and name not in skipped:
                shape = intersect(shape, transformed_box(state.get("frame", description["frame"]),
                                                         state["transform"], state["mask"]["rect"]))
            expected = intersect(shape, window) if shape else None
            image = animation.render_pillow_frame(frame_num=index, width=width, height=height)
            box = image.getbbox()
            checked += 1
            if expected is None or (expected[2] - expected[0] < 1 or expected[3] - expected[1] < 1):
                continue  # off screen, or under a pixel: nothing to measure
            if box is None:
                problems.append(f"{name} at frame {index}: nothing rendered, expected {expected}")
                continue
            sides = [abs(box[i] - expected[i]) for i in range(4)]
            # Where the window cuts the layer across one axis, the strip left may hold only the
            # rounded corners of the cut edge, which pull the other axis's sides in: those sides
            # need only lie within the expected box (the Paper presets' next card, 8 pt of it
            # in view).
            if expected[0] > shape[0] or expected[2] < shape[2]:
                sides[1], sides[3] = max(0.0, expected[1] - box[1]), max(0.0, box[3] - expected[3])
            if expected[1] > shape[1] or expected[3] < shape[3]:
                sides[0], sides[2] = max(0.0, expected[0] - box[0]), max(0.0, box[2] - expected[2])
            difference = max(sides)
            worst = max(worst, difference)
            if difference > allowed + 1e-9:
                problems.append(f"{name} at frame {index}: rendered {box}, expected "
                                f"{tuple(round(v, 2) for v in expected)}")
            t = state["transform"]
            corner = state["cornerRadius"] * abs(t["a"] * t["d"] - t["b"] * t["c"]) ** 0.5
            inside = expected == shape
            # The stretch is measured on the rectangle: an image layer's edges are resampled by
            # rlottie (its edge rows part-transparent for a few px, its inside alpha 253), which
            # reads as a corner of another reach. Its art is drawn at the first frame's aspect.
            if resized and layer["ty"] != 2 and (index == tallest or (inside and corner >= CORNER_MINIMUM)):
                down, across = corner_reach(image)
                if abs(down - across) > CORNER_TOLERANCE:
                    problems.append(f"{name} at frame {index}: stretched, its corner reaches {down:.2f} px down "
                                    f"and {across:.2f} px across (corner radius {state['cornerRadius']:g})")
    keyframes = lottie.get("segue", {}).get("keyframes")
    label = f"tolerance {tolerance}" if tolerance is not None else "a keyframe on every frame"
    report.check(f"{answer['preset']} ({label}, {keyframes} keyframes, {len(json.dumps(lottie))} bytes): "
                 f"{checked} layer renders by rlottie within {allowed:g} px of the frames (worst {worst:.2f} px)"
                 + (f"; notes: {'; '.join(notes)}" if notes and tolerance is None else ""), problems[:3])
    return worst


def check_art(report: Report, base: str, request: dict, answer: dict) -> int:
    """Each layer with drawn art that scripts/lib/art_check.py compares is rendered by rlottie
    alone (its rectangle and its image layer) at the first frame, at 1×; its pixels must be the
    export's PNG within ART_TOLERANCE. Returns the layers compared."""
    lottie = post(base, {**request, "output": "lottie"})
    width, height = int(lottie["w"]), int(lottie["h"])
    first = answer["frames"][0]["layers"]
    assets = {asset["id"]: asset for asset in lottie.get("assets", [])}
    fills = {layer["id"]: layer["fill"] for layer in answer["layers"]}
    compared = []
    problems = []
    for layer in lottie["layers"]:
        if layer["ty"] != 2:
            continue
        name = layer["nm"].removesuffix(IMAGE_SUFFIX)
        state = first[name]
        box = art_check.inset_box(state, width, height)
        if box is None:
            continue
        rectangle = next(candidate for candidate in lottie["layers"]
                         if candidate["ty"] != 2 and candidate["nm"] == name)
        alone = {key: value for key, value in lottie.items() if key not in ("layers", "assets")}
        alone["layers"] = [layer, rectangle]
        alone["assets"] = [assets[layer["refId"]]]
        rendered = LottieAnimation.from_data(json.dumps(alone)).render_pillow_frame(
            frame_num=0, width=width, height=height)
        shown = art_check.on_white(rendered).crop(box)
        png = art_check.decoded_png(assets[layer["refId"]]["p"])
        p = state["presentationFrame"]
        scale_x = png.size[0] / p["width"]
        to_art, to_fill, problem = art_check.compare(
            shown, art_check.expected(png, state, box), fills[name], ART_TOLERANCE)
        compared.append(f"{name} {png.size[0]}×{png.size[1]} px ({scale_x:.2f}×): {to_art:.2f} from the PNG, "
                        f"{to_fill:.1f} from the fill")
        if problem:
            problems.append(f"{name}: {problem}")
    if compared:
        report.check(f"{answer['preset']} (art): rlottie draws the PNG in each layer's frame: "
                     + "; ".join(compared), problems)
    return len(compared)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    report = Report()
    server = start_or_exit(argv[1], "--log-level", "warning")
    worst = {None: 0.0, 0.5: 0.0}
    art_layers = 0
    try:
        for example in sorted(EXAMPLES_DIR.glob("*.json")):
            request = json.loads(example.read_text())
            answer = post(server.base_url, request)
            for tolerance in worst:
                worst[tolerance] = max(worst[tolerance], check(report, server.base_url, request, answer, tolerance))
            art_layers += check_art(report, server.base_url, request, answer)
    finally:
        server.kill()
    report.check(f"{art_layers} layers' art compared with their PNGs", art_layers >= art_check.MINIMUM_LAYERS,
                 f"only {art_layers} layers lie whole, plain and opaque in the window at the first frame")
    report.note(f"the worst difference over every preset: {worst[None]:.2f} px with a keyframe on every frame, "
                f"{worst[0.5]:.2f} px with tolerance 0.5")
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
