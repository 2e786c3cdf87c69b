"""The Playground screenshot: it shows what the tree says."""

from __future__ import annotations

import io

from PIL import Image

from core.devices.virtual import Playground
from core.devices.virtual.layout import KEYBOARD_TOP
from core.devices.virtual.render_png import ACCENT, DISABLED, KEYBOARD, render_png
from core.devices.virtual.views import View


def colors(img: Image.Image) -> set[tuple[int, ...]]:
    """The distinct pixel colours of an image (getdata() is deprecated in Pillow 13)."""
    found = img.getcolors(maxcolors=img.width * img.height) or []
    return {tuple(c) if isinstance(c, tuple) else (c,) for _, c in found}


APP = "dev.deltarec.playground"


def find(pg: Playground, pred: str) -> View:
    return next(v for w in pg.windows() for v in w.root.walk() if pred in (v.rid, v.text))


def settings() -> Playground:
    pg = Playground()
    pg.launch_app(APP, ".SettingsActivity")
    return pg


def switch_of(pg: Playground, title: str) -> View:
    row = next(
        v
        for w in pg.windows()
        for v in w.root.walk()
        if v.clickable and any(c.text == title for c in v.walk())
    )
    return next(c for c in row.walk() if c.checkable)


def crop(img: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    return img.crop(box).tobytes()


def test_screenshot_is_a_full_rgb_screen() -> None:
    img = Playground().screenshot()
    assert (img.mode, img.size) == ("RGB", (1080, 2400))
    assert len(colors(img.resize((54, 120)))) > 5  # not a blank image


def test_checked_switch_looks_different_from_unchecked() -> None:
    pg = settings()
    box = switch_of(pg, "Dark theme").bounds
    off = crop(pg.screenshot(), box)
    pg.perform("toggle:dark")
    assert switch_of(pg, "Dark theme").checked
    on_img = pg.screenshot()
    assert crop(on_img, box) != off
    assert ACCENT in colors(on_img.crop(box))  # the knob takes the accent colour


def test_checkbox_state_is_drawn() -> None:
    pg = settings()
    box = switch_of(pg, "Vibrate").bounds
    off = crop(pg.screenshot(), box)
    pg.perform("toggle:vibrate")
    assert crop(pg.screenshot(), box) != off


def test_disabled_rows_are_greyed() -> None:
    pg = settings()
    title = next(v for w in pg.windows() for v in w.root.walk() if v.text == "Bluetooth")
    darkest_before = min(sum(p) for p in colors(pg.screenshot().crop(title.bounds)))
    pg.perform("toggle:airplane")
    darkest_after = min(sum(p) for p in colors(pg.screenshot().crop(title.bounds)))
    assert darkest_before <= 3 * 40  # ink
    assert darkest_after == sum(DISABLED)  # the darkest pixel is the disabled grey


def test_keyboard_area_appears_when_a_field_is_focused() -> None:
    pg = Playground()
    pg.launch_app(APP, ".SignUpActivity")
    strip = (0, KEYBOARD_TOP + 5, 1080, KEYBOARD_TOP + 30)
    assert KEYBOARD not in colors(pg.screenshot().crop(strip))
    pg.perform("focus:name")
    assert KEYBOARD in colors(pg.screenshot().crop(strip))


def test_focused_field_is_outlined() -> None:
    pg = Playground()
    pg.launch_app(APP, ".SignUpActivity")
    left, top, _, bottom = find(pg, f"{APP}:id/email").bounds
    edge = (left, (top + bottom) // 2 - 10, left + 6, (top + bottom) // 2 + 10)
    assert ACCENT not in colors(pg.screenshot().crop(edge))
    pg.perform("focus:email")
    assert ACCENT in colors(pg.screenshot().crop(edge))


def test_dialog_dims_the_screen_behind_it() -> None:
    pg = Playground()
    pg.launch_app(APP, ".SignUpActivity")
    pg.perform("focus:name")
    pg.type_text("Ada")
    pg.press_key("back")
    corner = (0, 2000, 50, 2050)
    bright = pg.screenshot().crop(corner).getpixel((1, 1))
    pg.perform("save")
    dim = pg.screenshot().crop(corner).getpixel((1, 1))
    assert isinstance(bright, tuple) and isinstance(dim, tuple)
    assert sum(dim) < sum(bright) * 0.6


def test_typed_text_changes_the_picture() -> None:
    pg = Playground()
    pg.launch_app(APP, ".SignUpActivity")
    pg.perform("focus:name")
    box = find(pg, f"{APP}:id/name").bounds
    empty = crop(pg.screenshot(), box)
    pg.type_text("Ada")
    assert crop(pg.screenshot(), box) != empty


def test_screenshot_is_deterministic_and_png_encodes() -> None:
    pg = Playground()
    pg.launch_app(APP, ".InboxActivity")
    assert pg.screenshot().tobytes() == pg.screenshot().tobytes()
    png = render_png(pg.windows())
    assert png.startswith(b"\x89PNG") and Image.open(io.BytesIO(png)).size == (1080, 2400)
