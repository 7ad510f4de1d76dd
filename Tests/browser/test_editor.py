#!/usr/bin/env python3
"""Drives the playground's document editor in a real headless Chromium.

Usage: Tests/browser/test_editor.py path/to/segue [artifacts-dir]

Starts the binary on a free port of 127.0.0.1 (as test_playground.py does), opens
photo.dragToDismiss and presses Edit as document, then builds a document by editing, never by
injecting JSON, and checks that:

1. the Raw JSON is the preset's document (GET /v1/presets/photo.dragToDismiss `transition`);
2. the photo's frame in the first pose follows its handle on the device, resized from the corner
   and moved from the body with real mouse events: by the drag's CSS pixels over the device's
   scale (the display's width over the window's), rounded to 0.1 pt;
3. the inspector sets the photo's scale in the pose `shrunk`, and the interaction form the
   scrub's distance; each lands in the Raw JSON; with `shrunk` picked the device shows that pose;
4. the settle curves are plotted from POST /v1/curves (the plot has the answer's samples);
5. a PNG dropped onto the photo's row (a real `drop` event whose DataTransfer holds the file)
   becomes the layer's `image` as a data: URI of those bytes, drawn on the device; dropped on
   the device over the photo, the same;
6. with the handles off, a drag on the device is driven live over the drive socket (no POST
   /v1/simulate for it) and the frames the page received and drew are POST /v1/simulate's
   answer, asked here, for the document read back from the Raw JSON and the samples the page
   sent; the photo's computed transform is the last frame's;
7. a bad edit typed into the Raw JSON (a distance of 0) shows the server's pointer and detail at
   the distance field, with a red outline, as this test's own POST gets them;
8. the share link (#doc=, deflated) is under 8000 characters, and opening it in a fresh page
   opens the editor with the identical document; a document too long for a link offers a file;
9. the Lottie download, rendered by rlottie (rlottie-python), shows the dropped PNG's pixels
   (red left, green right) filling the photo's edited rect at the first frame;
10. at 1280×800 and 390×844 nothing overflows or is cut off, and on the phone the editor is
   below the device.

Saves ARTIFACTS/editor-desktop.png and ARTIFACTS/editor-phone.png (docs/editor-*.png are
copies). Prints one line per check, then `N passed, M failed`; exits 1 on any failure.
"""

from __future__ import annotations

import base64
import io
import json
import os
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from PIL import Image
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright
from rlottie_python import LottieAnimation

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_playground import (CHROMIUM, DESKTOP, PHONE, Report, command_line,  # noqa: E402
                             layout_check, start_server, stop_server, transform_problem, wait_settled)

PRESET = "photo.dragToDismiss"
# The page rounds a dragged frame to 0.1 pt; the pointer lands on whole CSS pixels.
FRAME_TOLERANCE = 0.11
SHARE_LIMIT = 8000


def new_page(browser, base: str, **options):
    return browser.new_page(**options)


def png_columns() -> bytes:
    """A 2×2 PNG: left column pure red, right column pure green (as Tests/players/test_lottie_image.py)."""
    image = Image.new("RGB", (2, 2))
    image.putpixel((0, 0), (255, 0, 0))
    image.putpixel((0, 1), (255, 0, 0))
    image.putpixel((1, 0), (0, 255, 0))
    image.putpixel((1, 1), (0, 255, 0))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def png_noise() -> bytes:
    """A 96×96 PNG of noise: incompressible, so a document carrying it makes a link too long."""
    out = io.BytesIO()
    Image.frombytes("RGB", (96, 96), os.urandom(96 * 96 * 3)).save(out, "PNG")
    return out.getvalue()


DROP = """async ([selector, b64, point]) => {
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const data = new DataTransfer();
  data.items.add(new File([bytes], "art.png", { type: "image/png" }));
  const target = document.querySelector(selector);
  const r = target.getBoundingClientRect();
  const at = point || { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  const init = { dataTransfer: data, bubbles: true, cancelable: true, clientX: at.x, clientY: at.y };
  target.dispatchEvent(new DragEvent("dragenter", init));
  target.dispatchEvent(new DragEvent("dragover", init));
  target.dispatchEvent(new DragEvent("drop", init));
}"""


def post_json(base: str, path: str, body: dict) -> tuple[int, dict]:
    """This test's own POST: the status and the JSON answer, a problem's included."""
    request = urllib.request.Request(f"{base}{path}", data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def page_errors(page, base: str) -> list[str]:
    """The page's console errors and uncaught exceptions, except Chromium's line for a 422 from
    POST /v1/simulate, /v1/curves or /v1/decisions: a bad edit is meant to get one."""
    errors: list[str] = []

    def note(message) -> None:
        url = (message.location or {}).get("url", "")
        expected = "422" in message.text and url in (f"{base}/v1/{path}" for path in ("simulate", "curves", "decisions"))
        if message.type == "error" and not expected:
            errors.append(message.text)
    page.on("console", note)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return errors


def raw_json(page) -> dict:
    return json.loads(page.input_value("#ed-json"))


def validated(page, before: int) -> None:
    page.wait_for_function("n => Number(document.body.dataset.docValidated || 0) > n", arg=before, timeout=10_000)


def validations(page) -> int:
    return page.evaluate("Number(document.body.dataset.docValidated || 0)")


def open_editor(page, base: str) -> None:
    page.goto(f"{base}/#{PRESET}", wait_until="load")
    page.wait_for_function("id => window.playground.detail && window.playground.detail.id === id "
                           "&& document.body.dataset.startShown", arg=PRESET, timeout=10_000)
    before = validations(page)
    page.click("#edit-doc")
    validated(page, before)


def drag_box(page, selector: str, at: tuple[float, float], delta: tuple[float, float]) -> None:
    """A real mouse drag from `at` (fractions of the element's box) by `delta` CSS px."""
    box = page.locator(selector).bounding_box()
    start = (box["x"] + box["width"] * at[0], box["y"] + box["height"] * at[1])
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 9):
        page.mouse.move(start[0] + delta[0] * step / 8, start[1] + delta[1] * step / 8)
    page.mouse.up()


def pixel(buffer: bytes, width: int, x: int, y: int) -> tuple[int, int, int, int]:
    i = (y * width + x) * 4
    b, g, r, a = buffer[i:i + 4]
    return r, g, b, a


def lottie_problems(export: dict, rect: dict) -> list[str]:
    """The first frame rendered by rlottie: the PNG fills `rect` (red left, green right, no fill colour)."""
    width, height = int(export["w"]), int(export["h"])
    buffer = LottieAnimation.from_data(json.dumps(export)).lottie_animation_render(frame_num=0, width=width, height=height)
    x0, y0 = round(rect["x"]), round(rect["y"])
    x1, y1 = round(rect["x"] + rect["width"]), round(rect["y"] + rect["height"])
    problems = []
    for y in range(max(0, y0 + 2), min(height, y1 - 2), 3):
        for x in range(max(0, x0 + 2), min(width, x1 - 2), 3):
            r, g, b, a = pixel(buffer, width, x, y)
            if a < 250 or b > 8 or r + g < 240:
                problems.append(f"({x}, {y}) is {(r, g, b, a)}, not the image")
    middle = (y0 + y1) // 2
    red = pixel(buffer, width, x0 + (x1 - x0) // 4, middle)
    green = pixel(buffer, width, x0 + 3 * (x1 - x0) // 4, middle)
    if not (red[0] >= 250 and red[1] <= 5 and red[2] <= 5):
        problems.append(f"the left column's centre is {red}, not red")
    if not (green[1] >= 250 and green[0] <= 5 and green[2] <= 5):
        problems.append(f"the right column's centre is {green}, not green")
    for x, y in ((x0 + (x1 - x0) // 2, y0 - 3), (x0 + (x1 - x0) // 2, y1 + 3)):
        if 0 <= y < height:
            r, g, b, a = pixel(buffer, width, x, y)
            if r + g > 60:
                problems.append(f"({x}, {y}) outside the rect is {(r, g, b, a)}, the image spilled")
    return problems


def run(binary: str, artifacts: Path) -> Report:
    report = Report()
    server, base = start_server(binary)
    report.check(f"server started: {base}")
    artifacts.mkdir(parents=True, exist_ok=True)
    try:
        with urllib.request.urlopen(f"{base}/v1/presets/{PRESET}") as response:
            detail = json.load(response)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=["--no-sandbox", "--disable-dev-shm-usage"])
            try:
                every_document(report, browser, base)
                edit(report, browser, base, detail, artifacts)
            except PlaywrightError as error:
                report.check("the editor steps ran to the end", f"{type(error).__name__}: {error}".splitlines()[0])
            finally:
                browser.close()
    finally:
        stop_server(report, server)
    return report


def every_document(report: Report, browser, base: str) -> None:
    """Every preset that is a document opens in the editor with its document, valid, with no error;
    one that is still code offers no editor."""
    with urllib.request.urlopen(f"{base}/v1/presets") as response:
        ids = [p["id"] for p in json.load(response)["presets"]]
    page = new_page(browser, base, viewport=DESKTOP)
    errors = page_errors(page, base)
    page.goto(f"{base}/", wait_until="load")
    page.wait_for_function("document.body.dataset.startShown", timeout=10_000)
    opened, problems = [], []
    for preset in ids:
        with urllib.request.urlopen(f"{base}/v1/presets/{preset}") as response:
            document = json.load(response)["transition"]
        page.evaluate("id => { location.hash = '#' + id; }", preset)
        page.wait_for_function("id => window.playground.detail && window.playground.detail.id === id", arg=preset,
                               timeout=10_000)
        offered = page.is_visible("#edit-doc")
        if document is None:
            if offered:
                problems.append(f"{preset} is code but offers the editor")
            continue
        if not offered:
            problems.append(f"{preset} has a document but no Edit as document")
            continue
        before = validations(page)
        page.click("#edit-doc")
        validated(page, before)
        status = page.text_content("#ed-status")
        if raw_json(page) != document or status != "valid":
            problems.append(f"{preset}: {status}, {page.eval_on_selector_all('#ed-errors li', 'ls => ls.map(l => l.textContent)')}")
        opened.append(preset)
        page.click("#ed-close")
    report.check(f"every preset with a document opens in the editor, valid ({len(opened)} of {len(ids)})",
                 "; ".join(problems + errors[:3]))
    page.close()


def edit(report: Report, browser, base: str, detail: dict, artifacts: Path) -> None:
    page = new_page(browser, base, viewport=DESKTOP, accept_downloads=True)
    errors = page_errors(page, base)
    simulate_bodies: list[str] = []
    curve_answers: list[dict] = []
    page.on("request", lambda r: simulate_bodies.append(r.post_data or "")
            if r.method == "POST" and r.url == f"{base}/v1/simulate" else None)
    page.on("response", lambda r: curve_answers.append(r) if r.url == f"{base}/v1/curves" else None)
    open_editor(page, base)
    report.check("Edit as document opens the editor with the preset's document in Raw JSON",
                 "" if raw_json(page) == detail["transition"] else "the Raw JSON differs from GET /v1/presets' transition")

    # 2. The photo's frame in the first pose, by its handles on the device.
    scale = page.evaluate("document.getElementById('stage').getBoundingClientRect().width / 390")
    handle = '.doc-rect[data-doc-layer="photo"]'
    page.wait_for_selector(handle, timeout=5_000)
    before = raw_json(page)["poses"][0]["layers"]["photo"]["frame"]
    drag_box(page, handle + " .handle", (0.25, 0.5), (-80, -60))
    drag_box(page, handle, (0.5, 0.5), (30, -40))
    frame = raw_json(page)["poses"][0]["layers"]["photo"]["frame"]
    want = {"x": before["x"] + 30 / scale, "y": before["y"] - 40 / scale,
            "width": before["width"] - 80 / scale, "height": before["height"] - 60 / scale}
    off = [f"{k} {frame[k]} ≠ {want[k]:.2f}" for k in want if abs(frame[k] - want[k]) > FRAME_TOLERANCE]
    report.check(f"the photo's frame in pose 'shown' follows its handles on the device: {frame}", "; ".join(off))

    # 3. The inspector (pose shrunk) and the interaction form.
    page.select_option("#ed-pose", "1")
    page.fill('#ed-inspector [data-field="scale"]', "0.4")
    page.fill('[data-pointer="/interaction/scrub/distance"]', "300")
    doc = raw_json(page)
    report.check("the inspector sets the photo's scale in pose 'shrunk' to 0.4, the form the distance to 300",
                 "" if doc["poses"][1]["layers"]["photo"].get("scale") == 0.4
                 and doc["interaction"]["scrub"]["distance"] == 300 else
                 f"scale {doc['poses'][1]['layers']['photo'].get('scale')}, distance {doc['interaction']['scrub']['distance']}")
    try:
        page.wait_for_function("() => { const t = getComputedStyle(document.getElementById('layer-photo')).transform; "
                               "return t.startsWith('matrix(0.4,') && t.includes(', 0.4,'); }", timeout=10_000)
        shown = ""
    except PlaywrightError:
        shown = page.eval_on_selector("#layer-photo", "d => getComputedStyle(d).transform")
    report.check("with pose 'shrunk' picked, the device shows the photo at that pose's scale 0.4", shown)
    page.select_option("#ed-pose", "0")

    # 4. The settle curves' plots.
    page.wait_for_function("[...document.querySelectorAll('canvas.curve-plot')].every(c => Number(c.dataset.samples) > 0)",
                           timeout=10_000)
    plotted = page.eval_on_selector_all("canvas.curve-plot", "cs => cs.map(c => Number(c.dataset.samples))")
    curves = doc["interaction"]["settle"]["curve"]
    want_samples = []
    for target in curves:
        status, answer = post_json(base, "/v1/curves", {"curve": curves[target], "frameRate": 60})
        want_samples.append(len(answer.get("samples", [])))
    report.check(f"each settle curve is plotted from POST /v1/curves ({plotted} samples)",
                 "" if plotted == want_samples else f"the answers have {want_samples}")

    # 5. A PNG dropped onto the photo's row, then onto the device.
    png = png_columns()
    uri = "data:image/png;base64," + base64.b64encode(png).decode()
    page.evaluate(DROP, ['[data-layer-row="photo"]', base64.b64encode(png).decode(), None])
    page.wait_for_function("() => window.playground.editor.doc.layers.find(l => l.id === 'photo').image", timeout=5_000)
    image = raw_json(page)["layers"][1].get("image")
    page.wait_for_function("u => getComputedStyle(document.getElementById('layer-photo')).backgroundImage.includes(u.slice(0, 40))",
                           arg=uri, timeout=10_000)
    report.check("a PNG dropped on the photo's row is its image (a data: URI of the file), drawn on the device",
                 "" if image == uri else f"image is {str(image)[:60]}")
    page.click('[data-layer-row="photo"] button[title="Remove the image"]')
    page.wait_for_function("() => !window.playground.editor.doc.layers.find(l => l.id === 'photo').image")
    photo = page.locator(handle).bounding_box()
    point = {"x": photo["x"] + photo["width"] / 2, "y": photo["y"] + photo["height"] / 2}
    page.evaluate(DROP, ["#device-area", base64.b64encode(png).decode(), point])
    page.wait_for_function("() => window.playground.editor.doc.layers.find(l => l.id === 'photo').image", timeout=5_000)
    report.check("dropped on the device over the photo, the PNG is the photo's image",
                 "" if raw_json(page)["layers"][1].get("image") == uri else "another layer took it")
    page.wait_for_function("document.getElementById('ed-status').textContent === 'valid'", timeout=10_000)
    layout_check(report, page, "desktop editor", "with the document open")

    # 6. Drag the device: live over the drive socket, frames as the server's for the same document.
    page.uncheck("#ed-handles")
    doc = raw_json(page)
    frame = doc["poses"][0]["layers"]["photo"]["frame"]
    stage = page.locator("#stage").bounding_box()
    start = (stage["x"] + (frame["x"] + frame["width"] / 2) * scale, stage["y"] + (frame["y"] + frame["height"] / 2) * scale)
    posts = len(simulate_bodies)
    page.mouse.move(*start)
    page.mouse.down()
    for step in range(1, 13):
        page.wait_for_timeout(16)
        page.mouse.move(start[0] + step * 2 * scale, start[1] + step * 14 * scale)
    # Mid-drag, with the editor scrolled to its poses: the picture README shows.
    page.evaluate("document.getElementById('left').scrollTop = document.getElementById('editor-panel').offsetTop - 10")
    page.screenshot(path=str(artifacts / "editor-desktop.png"))
    report.check(f"desktop screenshot saved to {artifacts / 'editor-desktop.png'}")
    page.mouse.up()
    wait_settled(page)
    gesture_posts = [b for b in simulate_bodies[posts:] if '"ended"' in b and '"output"' not in b
                     and json.loads(b).get("gesture") != detail["exampleGesture"]]
    report.check("the drag was driven over the drive socket (no POST /v1/simulate of its gesture)",
                 "" if not gesture_posts else f"{len(gesture_posts)} POSTs")
    samples = page.evaluate("window.playground.request.gesture.samples")
    frames = page.evaluate("window.playground.response.frames")
    sent = page.evaluate("window.playground.request.transition")
    doc = raw_json(page)
    status, answer = post_json(base, "/v1/simulate", {"transition": doc, "gesture": {"samples": samples}})
    report.check(f"the drag's {len(frames)} frames are POST /v1/simulate's for the Raw JSON's document and the "
                 f"{len(samples)} samples sent", "" if status == 200 and frames == answer.get("frames") and sent == doc
                 else f"status {status}, {len(answer.get('frames', []))} frames, document sent equal: {sent == doc}")
    computed = page.eval_on_selector("#layer-photo", "d => getComputedStyle(d).transform")
    report.check("the photo drawn is the last frame's transform",
                 transform_problem(computed, frames[-1]["layers"]["photo"]["transform"]) if frames else "no frames")

    # 7. A bad edit in Raw JSON: the server's pointer at its field.
    good_text = page.input_value("#ed-json")
    bad = json.loads(good_text)
    bad["interaction"]["scrub"]["distance"] = 0
    status, problem = post_json(base, "/v1/simulate", {"transition": bad, "gesture": detail["exampleGesture"]})
    want_error = next((e for e in problem.get("errors", []) if e["pointer"] == "/transition/interaction/scrub/distance"), None)
    before = validations(page)
    page.fill("#ed-json", json.dumps(bad, indent=2))
    validated(page, before)
    shown = page.eval_on_selector_all('.doc-error-msg[data-error-pointer="/transition/interaction/scrub/distance"]',
                                      "ms => ms.map(m => m.textContent)")
    outlined = page.eval_on_selector('[data-pointer="/interaction/scrub/distance"]', "i => i.classList.contains('doc-error')")
    report.check(f"a bad distance typed in Raw JSON shows the server's pointer at the field: {shown}",
                 "" if status == 422 and want_error and outlined
                 and shown == [f"{want_error['pointer']}: {want_error['detail']}"] else
                 f"server {status} {problem.get('errors')}, outlined {outlined}")
    before = validations(page)
    page.fill("#ed-json", good_text)
    validated(page, before)
    report.check("the good document typed back validates", "" if page.text_content("#ed-status") == "valid"
                 else page.text_content("#ed-status"))

    # 9. Lottie, rendered by rlottie.
    with page.expect_download(timeout=15_000) as download:
        page.click('[data-doc-output="lottie"]')
    path = Path(tempfile.mkdtemp()) / "editor.lottie.json"
    download.value.save_as(path)
    export = json.loads(path.read_text())
    rect = doc["poses"][0]["layers"]["photo"]["frame"]
    problems = lottie_problems(export, rect)
    report.check(f"the Lottie download ({download.value.suggested_filename}) rendered by rlottie shows the dropped PNG "
                 f"filling the photo's edited rect {rect}",
                 "; ".join(problems[:4]) + (f" (+{len(problems) - 4})" if len(problems) > 4 else ""))
    for output in ("json", "css", "svg"):
        with page.expect_download(timeout=15_000) as download:
            page.click(f'[data-doc-output="{output}"]')
        saved = Path(tempfile.mkdtemp()) / download.value.suggested_filename
        download.value.save_as(saved)
        text = saved.read_text()
        if output == "json":
            good = json.loads(text) == {"transition": doc}
        else:
            good = uri in text if output == "css" else "<svg" in text
        report.check(f"the {output} download ({saved.name}) is the document's", "" if good else text[:120])

    # 8. Share, reopened in a fresh page; then a document too long for a link.
    page.click("#ed-share")
    page.wait_for_function("document.getElementById('ed-share-link').value", timeout=5_000)
    link = page.input_value("#ed-share-link")
    if not report.check(f"the share link is #doc= and {len(link)} characters",
                        "" if "#doc=" in link and len(link) <= SHARE_LIMIT else f"link {link[:80]!r}"):
        return
    other = new_page(browser, base, viewport=PHONE)
    other_errors = page_errors(other, base)
    other.goto(link, wait_until="load")
    other.wait_for_function("document.body.classList.contains('doc-mode') && document.body.dataset.docValidated", timeout=15_000)
    report.check("the share link opens the identical document", "" if raw_json(other) == doc else "the documents differ")
    other.wait_for_function("document.getElementById('ed-status').textContent === 'valid'", timeout=10_000)
    other.wait_for_timeout(400)
    device = other.locator("#device-a").bounding_box()
    panel = other.locator("#editor-panel").bounding_box()
    report.check("phone: the editor is below the device", "" if panel["y"] >= device["y"] + device["height"] - 1
                 else f"editor at {panel['y']:.0f}, device ends at {device['y'] + device['height']:.0f}")
    layout_check(report, other, "phone editor", "with a shared document open")
    # The bottom of the device and the editor under it.
    other.evaluate("window.scrollTo(0, document.getElementById('editor-panel').getBoundingClientRect().top + scrollY - 420)")
    other.screenshot(path=str(artifacts / "editor-phone.png"), full_page=False)
    report.check(f"phone screenshot saved to {artifacts / 'editor-phone.png'}")
    report.check("the shared page logs no console error", "; ".join(other_errors[:3]))
    other.close()

    long_doc = json.loads(good_text)
    long_doc["layers"][0]["image"] = "data:image/png;base64," + base64.b64encode(png_noise()).decode()
    before = validations(page)
    page.fill("#ed-json", json.dumps(long_doc, indent=2))
    validated(page, before)
    page.click("#ed-share")
    page.wait_for_selector("#ed-share-file", timeout=5_000)
    with page.expect_download(timeout=10_000) as download:
        page.click("#ed-share-file")
    saved = Path(tempfile.mkdtemp()) / "long.json"
    download.value.save_as(saved)
    report.check("a document too long for a link is offered as a file, and says why",
                 "" if json.loads(saved.read_text()) == {"transition": long_doc}
                 and "8000" in page.text_content("#ed-share-note") else page.text_content("#ed-share-note"))
    report.check("the page logs no console error", "; ".join(errors[:3]))
    page.close()


def main(argv: list[str]) -> int:
    return command_line(argv, "Tests/browser/test_editor.py", "the editor test", run)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
