"""How a player's drawing of a preset layer's drawn art (README, Lottie: the exports' embedded
PNGs) is held to the export's PNG: Tests/players/test_lottie.py compares rlottie's, and
Tests/browser/test_exports.py Chromium's, each with a tolerance of its own (their resampling
differs), by the rules here.

At the first frame, a layer is compared when it lies whole in the window, unmasked,
untransformed, opaque and large enough; inside its presentation frame, inset 1 px past its edges'
anti-aliasing and past its rounded corners' cut, the player's pixels must be the PNG decoded by
PIL, composited on white and resized to the frame, within the player's tolerance (mean absolute
difference of the channels, 0…255), and at least CONTRAST times farther from the layer's flat
fill, so that a flat box cannot pass.

Needs pillow.
"""

from __future__ import annotations

import base64
import io
import math

from PIL import Image, ImageChops

CONTRAST = 3.0  # how many times farther from the flat fill than from the PNG
MINIMUM_LAYERS = 10  # the fewest layers a run must compare, or it proves little
PNG_PREFIX = "data:image/png;base64,"


def inset_box(state: dict, width: float, height: float) -> tuple[int, int, int, int] | None:
    """The pixels of the layer's presentation frame to compare (left, top, right, bottom), or None
    when the layer is not one to compare: partly outside the `width` × `height` window, masked,
    transformed, translucent, or too small once inset."""
    p, t = state["presentationFrame"], state["transform"]
    radius = math.ceil(state["cornerRadius"])
    inside = p["x"] >= 0 and p["y"] >= 0 and p["x"] + p["width"] <= width and p["y"] + p["height"] <= height
    plain = (t["a"], t["b"], t["c"], t["d"]) == (1, 0, 0, 1) and state["mask"] is None
    if not (inside and plain and state["opacity"] == 1 and p["width"] > 8 + 2 * radius
            and p["height"] > 8 + 2 * radius):
        return None
    inset = 1 + radius
    return (math.ceil(p["x"]) + inset, math.ceil(p["y"]) + inset,
            math.floor(p["x"] + p["width"]) - inset, math.floor(p["y"] + p["height"]) - inset)


def decoded_png(uri: str) -> Image.Image:
    """The PNG of a `data:image/png;base64,` URI, decoded by PIL."""
    assert uri.startswith(PNG_PREFIX), uri[:40]
    return Image.open(io.BytesIO(base64.b64decode(uri[len(PNG_PREFIX):]))).convert("RGBA")


def on_white(image: Image.Image) -> Image.Image:
    """`image` composited on white, as RGB."""
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(white, image).convert("RGB")


def expected(png: Image.Image, state: dict, box: tuple[int, int, int, int]) -> Image.Image:
    """What the player should show in `box`: the PNG on white, resized to the layer's frame."""
    p = state["presentationFrame"]
    art = on_white(png).resize((round(p["width"]), round(p["height"])), Image.Resampling.BOX)
    return art.crop((box[0] - round(p["x"]), box[1] - round(p["y"]), box[2] - round(p["x"]), box[3] - round(p["y"])))


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two RGB images' channels, 0…255."""
    histogram = ImageChops.difference(a, b).histogram()
    total = sum(i * count for channel in range(3) for i, count in enumerate(histogram[channel * 256:(channel + 1) * 256]))
    return total / (a.size[0] * a.size[1] * 3)


def compare(shown: Image.Image, art: Image.Image, fill: str, tolerance: float) -> tuple[float, float, str | None]:
    """How far the player's `shown` pixels are from `art` and from the flat `fill` (#rrggbb), and
    the problem with them, or None."""
    flat = Image.new("RGB", shown.size, tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5)))
    to_art, to_fill = mean_difference(shown, art), mean_difference(shown, flat)
    problem = None
    if to_art > tolerance or to_fill < CONTRAST * to_art:
        problem = f"{to_art:.2f} from the PNG, {to_fill:.2f} from the flat fill {fill}"
    return to_art, to_fill, problem
