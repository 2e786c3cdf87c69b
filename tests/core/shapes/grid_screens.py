"""The screens of :mod:`tests.core.shapes.grids`, laid out as a real phone lays them out.

Built on the virtual phone's model (``View``, ``clip``): every view carries its identity in
``look``, which the dump does not show (an item's key is its place in its data, ``i7``; an
item put in is ``n0.1``, the second of the first insertion), so a grader knows which node of
one dump is which of another whatever they show. Only what shows in a scroller's box is
dumped, cut to it; one resource id a part on every recycled item; texts repeat.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from deltarec.core.devices.virtual.views import View, Window, clip

WIDTH, HEIGHT, TOP = 1080, 2400, 220
PACKAGE = "com.example.grids"
KINDS = ("stagger", "web", "carousel", "nested", "grown")
TITLES = ("Desk lamp", "Cable tray", "Desk mat", "USB hub", "Plant pot")
PRICES = ("$19.99", "$24.99", "$29.99", "$49.99")
TEXT, IMAGE, BUTTON = "android.widget.TextView", "android.widget.ImageView", "android.widget.Button"
RECYCLER = "androidx.recyclerview.widget.RecyclerView"
FRAME, PLAIN = "android.widget.FrameLayout", "android.view.View"


@dataclass(frozen=True, slots=True)
class Scene:
    """One screen: ``kind`` (module docstring) and the knobs a draw sets."""

    kind: str
    columns: int = 2
    seed: int = 0
    depth: int = 2
    flagged: bool = True
    sticky: bool = False


@dataclass(frozen=True, slots=True)
class State:
    """The phone's state of a scene: each scroller's offset (px) and the items put in."""

    offsets: dict[str, int] = field(default_factory=dict)
    inserted: tuple[tuple[int, int], ...] = ()
    """(data position, count) of each insertion made, oldest first."""


def _v(
    cls: str, box: tuple[int, int, int, int], key: str, *kids: View | None, **kw: object
) -> View:
    rid = kw.pop("rid", "")
    return View(
        cls=cls,
        bounds=box,
        rid=f"{PACKAGE}:id/{rid}" if rid else "",
        look=key,
        children=tuple(k for k in kids if k is not None),
        **kw,  # type: ignore[arg-type]
    )


def _clipped(view: View, box: tuple[int, int, int, int]) -> View:
    kids = (clip(k, box) for k in view.children)
    return replace(view, children=tuple(k for k in kids if k is not None))


def items(base: int, state: State, prefix: str = "") -> list[str]:
    """The keys of a container's items: ``base`` items, then the insertions spliced in."""
    out = [f"{prefix}i{i}" for i in range(base)]
    for n, (at, count) in enumerate(state.inserted):
        out[at:at] = [f"{prefix}n{n}.{j}" for j in range(count)]
    return out


def _number(key: str) -> int:
    """A stable number of an item key (what its content shows)."""
    last = key.rsplit("/", 1)[-1].lstrip("r")
    if last.startswith("n"):
        a, b = last[1:].split(".")
        return 1000 + int(a) * 10 + int(b)
    return int(last[1:]) if last[1:].isdigit() else 0


def _height(scene: Scene, k: int) -> int:
    return 330 + ((scene.seed * 7 + k * 131) % 5) * 70


def tile(key: str, k: int, box: tuple[int, int, int, int], *, web: bool = False) -> View:
    """A product tile: image, title, price, "Add to cart" (recycled ids, repeating texts)."""
    left, top, right, bottom = box
    mid = top + (bottom - top) // 2
    rid = (lambda r: "") if web else (lambda r: r)
    return _v(
        PLAIN if web else FRAME,
        box,
        key,
        _v(
            IMAGE if not web else "android.widget.Image",
            (left + 16, top + 16, right - 16, mid - 20),
            f"{key}/img",
            desc="Photo",
            rid=rid("image"),
        ),
        _v(
            TEXT,
            (left + 16, mid, right - 16, mid + 56),
            f"{key}/title",
            text=TITLES[k % len(TITLES)],
            rid=rid("title"),
        ),
        _v(
            TEXT,
            (left + 16, mid + 60, right - 16, mid + 110),
            f"{key}/price",
            text=PRICES[(k * 3) % len(PRICES)],
            rid=rid("price"),
        ),
        _v(
            BUTTON,
            (left + 16, bottom - 96, right - 16, bottom - 16),
            f"{key}/add",
            text="Add to cart",
            clickable=True,
            rid=rid("add"),
        ),
        rid=rid("product_tile"),
        clickable=not web,
    )


def staggered(
    scene: Scene, keys: list[str], width: int
) -> tuple[list[tuple[str, int, int, int]], int]:
    """(key, column, top, height) of each tile put in the shortest column, and the height of
    the content."""
    heights = [0] * scene.columns
    out = []
    for key in keys:
        col = heights.index(min(heights))
        h = _height(scene, _number(key))
        out.append((key, col, heights[col], h))
        heights[col] += h + 24
    return out, max(heights)


def _grid(
    scene: Scene,
    keys: list[str],
    left: int,
    top: int,
    width: int,
    *,
    web: bool = False,
    stagger: bool = True,
) -> tuple[list[View], int]:
    """The tiles of a grid whose content starts at screen (``left``, ``top``), unclipped."""
    col_w = width // scene.columns
    if stagger:
        placed, height = staggered(scene, keys, width)
    else:
        h = _height(scene, 0)
        placed = [
            (k, i % scene.columns, (i // scene.columns) * (h + 24), h) for i, k in enumerate(keys)
        ]
        height = -(-len(keys) // scene.columns) * (h + 24)
    tiles = [
        tile(
            k,
            _number(k),
            (left + c * col_w + 12, top + y, left + (c + 1) * col_w - 12, top + y + h),
            web=web,
        )
        for k, c, y, h in placed
    ]
    return tiles, height


def _toolbar() -> View:
    return _v(
        "android.view.ViewGroup",
        (0, 0, WIDTH, TOP),
        "toolbar",
        _v(TEXT, (40, 60, 700, 160), "toolbar/title", text="Shop"),
        _v(
            "android.widget.ImageButton",
            (960, 60, 1060, 160),
            "toolbar/search",
            desc="Search",
            clickable=True,
        ),
        rid="toolbar",
    )


VIEWPORT = (0, TOP, WIDTH, HEIGHT)


def _scroller(
    cls: str,
    box: tuple[int, int, int, int],
    key: str,
    kids: list[View],
    swipe: str,
    *,
    flagged: bool = True,
    **kw: object,
) -> View:
    view = _v(cls, box, key, *kids, scrollable=flagged, focusable=flagged, swipe=swipe, **kw)
    return _clipped(view, box)


def content(scene: Scene, state: State) -> View:
    """The scene's content below the toolbar in ``state``."""
    off = state.offsets
    if scene.kind == "stagger":
        tiles, _ = _grid(scene, items(60, state), 0, TOP - off.get("grid", 0), WIDTH)
        return _scroller(RECYCLER, VIEWPORT, "grid", tiles, "v:grid", rid="grid")
    if scene.kind == "web":
        return _web(scene, state)
    if scene.kind == "carousel":
        return _carousels(scene, state)
    if scene.kind == "nested":
        return _nested(scene, state)
    return _grown(scene, state)


def _web(scene: Scene, state: State) -> View:
    y = TOP + 40 - state.offsets.get("web", 0)
    kids: list[View] = [
        _v(TEXT, (48, y, 1032, y + 140), "h1", text="The best desk gadgets"),
        _v(
            PLAIN,
            (48, y + 170, 1032, y + 420),
            "intro",
            _v(
                TEXT,
                (48, y + 170, 1032, y + 420),
                "intro/text",
                text="A good desk setup is a few small things.",
            ),
        ),
        _v(TEXT, (48, y + 450, 1032, y + 530), "picks", text="Our picks"),
    ]
    tiles, height = _grid(scene, items(18, state), 0, y + 560, WIDTH, web=True)
    kids.append(_v(PLAIN, (0, y + 560, WIDTH, y + 560 + height), "webgrid", *tiles))
    y += 600 + height
    for i in range(6):
        kids.append(
            _v(
                PLAIN,
                (48, y, 1032, y + 200),
                f"more{i}",
                _v(TEXT, (48, y, 1032, y + 90), f"more{i}/t", text=f"Story {i % 3}: desks"),
                _v(
                    PLAIN,
                    (48, y + 100, 400, y + 180),
                    f"more{i}/a",
                    text="Read more",
                    clickable=True,
                ),
            )
        )
        y += 220
    inner = _v(PLAIN, VIEWPORT, "web/body", *kids)
    for d in range(scene.depth):
        inner = _v(PLAIN, VIEWPORT, f"web/w{d}", inner)
    top_kids = [inner]
    if scene.sticky:
        top_kids.append(
            _v(
                PLAIN,
                (0, TOP, WIDTH, TOP + 140),
                "web/header",
                _v(BUTTON, (20, TOP + 20, 300, TOP + 120), "web/menu", text="Menu", clickable=True),
                _v(
                    BUTTON,
                    (700, TOP + 20, 1060, TOP + 120),
                    "web/cart",
                    text="Cart (0)",
                    clickable=True,
                ),
                opaque=True,
            )
        )
    web = _v(
        "android.webkit.WebView",
        VIEWPORT,
        "web",
        *top_kids,
        text="Deskly",
        scrollable=scene.flagged,
        swipe="v:web",
        rid="article_web",
    )
    return _deep_clip(web, VIEWPORT)


def _deep_clip(view: View, box: tuple[int, int, int, int]) -> View:
    got = clip(view, box)
    assert got is not None
    return got


def web_height(scene: Scene, state: State) -> int:
    _, height = _grid(scene, items(18, state), 0, 0, WIDTH, web=True)
    return 40 + 600 + height + 6 * 220


CARD_W, SHELF_H = 360, 420


def _carousels(scene: Scene, state: State) -> View:
    rows: list[View] = []
    y = TOP - state.offsets.get("feed", 0)
    for r in range(12):
        if r % 2 == 0:
            rows.append(
                _v(
                    "android.widget.LinearLayout",
                    (0, y, WIDTH, y + 120),
                    f"sec{r}",
                    _v(
                        TEXT,
                        (40, y + 30, 800, y + 100),
                        f"sec{r}/t",
                        text=f"Deals {r % 4}",
                        rid="section",
                    ),
                    rid="section_row",
                )
            )
            y += 120
            continue
        name = f"shelf{r}"
        left = -state.offsets.get(name, 0)
        cards = [
            tile(
                f"{name}/c{i}",
                i + r,
                (left + 24 + i * CARD_W, y + 10, left + i * CARD_W + CARD_W, y + SHELF_H - 10),
            )
            for i in range(3 + scene.columns * 2)
        ]
        rows.append(
            _scroller(RECYCLER, (0, y, WIDTH, y + SHELF_H), name, cards, f"h:{name}", rid="shelf")
        )
        y += SHELF_H
    return _scroller(RECYCLER, VIEWPORT, "feed", rows, "v:feed", rid="feed")


INNER = 900


def _nested(scene: Scene, state: State) -> View:
    y = TOP - state.offsets.get("page", 0)
    kids: list[View] = []
    for i in range(3):
        kids.append(
            _v(TEXT, (40, y, 1040, y + 200), f"top{i}", text=f"About {i}: shipping", rid="para")
        )
        y += 220
    iy = y - state.offsets.get("inner", 0)
    rows = []
    for key in items(30, state, "r"):
        rows.append(
            _v(
                "android.widget.LinearLayout",
                (0, iy, WIDTH, iy + 150),
                key,
                _v(
                    TEXT,
                    (40, iy + 20, 700, iy + 80),
                    f"{key}/t",
                    text=TITLES[_number(key) % 5],
                    rid="name",
                ),
                _v(
                    TEXT,
                    (40, iy + 80, 700, iy + 130),
                    f"{key}/p",
                    text=PRICES[_number(key) % 4],
                    rid="price",
                ),
                rid="row",
            )
        )
        iy += 150
    kids.append(
        _scroller(RECYCLER, (0, y, WIDTH, y + INNER), "inner", rows, "v:inner", rid="inner")
    )
    y += INNER + 20
    for i in range(8):
        kids.append(
            _v(TEXT, (40, y, 1040, y + 200), f"end{i}", text=f"Reviews {i % 2}: good", rid="para")
        )
        y += 220
    col = _v(
        "android.widget.LinearLayout",
        (0, TOP - state.offsets.get("page", 0), WIDTH, y),
        "col",
        *kids,
    )
    return _scroller("android.widget.ScrollView", VIEWPORT, "page", [col], "v:page", rid="page")


def _grown(scene: Scene, state: State) -> View:
    y = TOP - state.offsets.get("page", 0)
    start = y
    head = [
        _v(TEXT, (40, y, 1040, y + 160), f"top{i}", text=f"Sale {i}", rid="para") for i in range(2)
    ]
    head[1] = replace(head[1], bounds=(40, y + 180, 1040, y + 340))
    y += 360
    tiles, height = _grid(scene, items(10, state), 0, y, WIDTH, stagger=False)
    grid = _v("android.widget.GridLayout", (0, y, WIDTH, y + height), "grid", *tiles, rid="grid")
    y += height + 20
    tail = []
    for i in range(6):
        tail.append(_v(TEXT, (40, y, 1040, y + 200), f"end{i}", text=f"Note {i % 2}", rid="para"))
        y += 220
    col = _v("android.widget.LinearLayout", (0, start, WIDTH, y), "col", *head, grid, *tail)
    return _scroller("android.widget.ScrollView", VIEWPORT, "page", [col], "v:page", rid="page")


def screen(scene: Scene, state: State) -> View:
    """The whole window: the toolbar over the content."""
    root = _v(FRAME, (0, 0, WIDTH, HEIGHT), "root", _toolbar(), content(scene, state))
    return root


def windows(scene: Scene, state: State) -> tuple[Window, ...]:
    return (Window(screen(scene, state), PACKAGE),)
