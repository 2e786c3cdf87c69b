"""The Playground screenshot: it shows what the tree says."""

from __future__ import annotations

import io

from PIL import Image

from deltarec.core.devices.virtual import Playground
from deltarec.core.devices.virtual.layout import KEYBOARD_TOP
from deltarec.core.devices.virtual.render_png import ACCENT, DISABLED, KEYBOARD, WHITE, render_png
from deltarec.core.devices.virtual.views import View


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


# ------------------------------------------------------------- the newer screens
TOOLBAR = (0, 84, 1080, 252)


def launched(activity: str) -> Playground:
    pg = Playground()
    pg.launch_app(APP, "." + activity)
    return pg


def node_boxes(pg: Playground) -> list[tuple[str, tuple[int, int, int, int]]]:
    """(text or description, bounds) of every labelled node of the app window."""
    from deltarec.core.capture.uiautomator import parse_uiautomator

    o = parse_uiautomator(pg.dump_xml())
    found = []
    for node in o.windows[-1].walk():
        b = node.bounds
        if node.text or node.content_desc:
            found.append((node.text or node.content_desc, (b.left, b.top, b.right, b.bottom)))
    return found


def test_scrolled_content_is_cut_at_the_list_edge_not_drawn_over_the_toolbar() -> None:
    for activity, swipe in (
        ("InboxActivity", (540, 1800, 540, 1033)),
        ("FeedActivity", (540, 1800, 540, 1111)),
        ("ArticleActivity", (540, 1800, 540, 1111)),
    ):
        pg = launched(activity)
        bar = crop(pg.screenshot(), TOOLBAR)
        pg.swipe(*swipe)
        assert crop(pg.screenshot(), TOOLBAR) == bar, activity


def test_every_labelled_node_on_the_new_screens_is_drawn() -> None:
    screens = [launched(a) for a in ("FeedActivity", "ArticleActivity", "MessageActivity")]
    for tab in range(4):
        pg = launched("ClockActivity")
        pg.perform(f"tab:{tab}")
        screens.append(pg)
    scrolled = launched("ArticleActivity")
    scrolled.swipe(540, 2000, 540, 300)
    screens.append(scrolled)
    for pg in screens:
        img = pg.screenshot()
        checked = 0
        under_header = 252 + 140 if pg.state.screen == "ArticleActivity" else 252
        for label, (left, top, right, bottom) in node_boxes(pg):
            # skip nodes touching a viewport edge (cut) and web content under the fixed header
            if top <= under_header or bottom >= 2274 or bottom - top < 30:
                continue
            assert len(colors(img.crop((left, top, right, bottom)))) > 1, (label, pg.state.screen)
            checked += 1
        assert checked >= 5, pg.state.screen


def test_the_selected_tab_carries_the_indicator() -> None:
    pg = launched("ClockActivity")

    def strips() -> list[bool]:
        img = pg.screenshot()
        return [ACCENT in colors(img.crop((i * 270, 386, i * 270 + 270, 396))) for i in range(4)]

    assert strips() == [True, False, False, False]
    pg.swipe(900, 1200, 200, 1200)
    assert strips() == [False, True, False, False]


def test_checked_chip_and_added_product_are_drawn_in_their_state() -> None:
    pg = launched("FeedActivity")
    news = find(pg, "News").bounds
    before = crop(pg.screenshot(), news)
    pg.perform("chip:1")
    assert crop(pg.screenshot(), news) != before
    article = launched("ArticleActivity")
    article.swipe(540, 2000, 540, 700)
    button = find(article, "Add to cart").bounds
    inner = (button[0] + 20, (button[1] + button[3]) // 2)  # inside the outline, left of the text
    assert article.screenshot().getpixel(inner) == WHITE
    article.perform("cart:0")
    assert article.screenshot().getpixel(inner) == ACCENT
    assert find(article, "In cart").bounds == button
