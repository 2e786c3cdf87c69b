"""The Article (ArticleActivity): a shopping article in a WebView, dumped as Chrome dumps one.

The only resource id is the app's ``article_web`` on the ``android.webkit.WebView``
(its text is the page title). The WebView is **not** marked scrollable, as web
content often is not, yet the page scrolls. Inside it, no node has a resource id:
the page is a deep tree of ``android.view.View`` nodes (sections, headings,
links with ``clickable=true``) with ``android.widget.TextView`` text runs,
``android.widget.Image`` pictures (content-desc) and ``android.widget.Button``
buttons::

    WebView article_web
      View (the page's root, at the WebView's bounds)
        View body > View main > View article > heading, byline, hero image,
          paragraphs (one holds an inline link), "Our picks", a product grid of
          12 tiles (image, name link, price, "Add to cart" button), "How we
          test", "More from Deskly" (links, "Read more" ×4), footer links
        View (fixed header: "Deskly", "Cart (N)"), last so it is painted on top

A mostly vertical swipe starting on the WebView scrolls the page by exactly
``y1 - y2`` px, clamped to ``0..max_offset()``: every node of the page moves,
nodes are clipped to the WebView, and nodes entirely outside it are omitted.
The fixed header never moves; content scrolled under it stays in the dump (as
Chrome reports it) but the header takes the touches there. Texts repeat
("Add to cart", "Read more", prices). "Add to cart" puts a product in the cart
(its button then reads "In cart" and is ``selected``; a second tap takes it
out) and the header's "Cart (N)" counts the products in it.
"""

from __future__ import annotations

from functools import lru_cache

from deltarec.core.devices.virtual.layout import (
    NAV_TOP,
    PLAIN,
    TEXT,
    TOOLBAR_BOTTOM,
    WEBVIEW,
    WIDTH,
    app_id,
    text_lines,
)
from deltarec.core.devices.virtual.state import ArticleState
from deltarec.core.devices.virtual.views import Rect, View, clip, shift

PAGE_TITLE = "The best desk gadgets of 2024 | Deskly"
HEADER_H = 140
IMAGE_CLS = "android.widget.Image"
BUTTON_CLS = "android.widget.Button"
_L = 48
TILE_W, TILE_GAP = 474, 36

PRODUCTS = (
    ("Desk lamp", "$49.99"),
    ("Laptop stand", "$39.99"),
    ("Cable tray", "$24.99"),
    ("Monitor arm", "$89.99"),
    ("Desk mat", "$24.99"),
    ("Webcam cover", "$9.99"),
    ("Footrest", "$39.99"),
    ("USB hub", "$29.99"),
    ("Plant pot", "$19.99"),
    ("Headphone hook", "$14.99"),
    ("Wrist rest", "$19.99"),
    ("Timer cube", "$29.99"),
)
"""(name, price) of each product tile; prices repeat."""

_INTRO = (
    "A good desk setup is not about spending more. It is about a few small things "
    "that remove friction from every working day. We tested forty gadgets over three "
    "months and kept the twelve below."
)
_POLICY = ("Prices were checked on March 4. Read ", "how we choose products", " before you buy.")
_NOTE = (
    "Every pick is something at least two of us still use. Where a cheaper option "
    "does nearly as well, we say so."
)
_TESTING = (
    "Each gadget lived on a real desk for at least two weeks. We noted what we "
    "reached for, what got in the way, and what we forgot was there.",
    "Then three friends who work from home tried the finalists and told us what annoyed them.",
)
_MORE = (
    "A calm home office on a budget",
    "Standing desks, two years later",
    "The cable management guide",
    "Lighting for video calls",
)


def _union(children: tuple[View, ...], pad: int = 0) -> Rect:
    return (
        min(c.bounds[0] for c in children) - pad,
        min(c.bounds[1] for c in children) - pad,
        max(c.bounds[2] for c in children) + pad,
        max(c.bounds[3] for c in children) + pad,
    )


def _group(*children: View, pad: int = 0) -> View:
    """A generic element (``div``/``section``) around ``children``."""
    return View(cls=PLAIN, bounds=_union(children, pad), children=children)


def _text(
    text: str, top: int, right: int, *, size: int = 36, look: str = "paragraph", cls: str = TEXT
) -> View:
    """A run of text wrapped across the column (to ``right``) from ``top``, ``size`` lu."""
    line = int(size * 1.4)
    height = line * text_lines(text, right - _L, size)
    return View(cls=cls, bounds=(_L, top, right, top + height), text=text, look=look)


def _link(text: str, bounds: Rect, look: str = "link") -> View:
    return View(cls=PLAIN, bounds=bounds, text=text, clickable=True, focusable=True, look=look)


def _tile(index: int, left: int, top: int, in_cart: bool) -> View:
    name, price = PRODUCTS[index]
    right = left + TILE_W
    picture = View(cls=IMAGE_CLS, bounds=(left, top, right, top + 320), desc=name, look="photo")
    button = View(
        cls=BUTTON_CLS,
        bounds=(left, top + 480, right, top + 580),
        text="In cart" if in_cart else "Add to cart",
        clickable=True,
        focusable=True,
        selected=in_cart,
        action=f"cart:{index}",
        look="web_button",
    )
    return View(
        cls=PLAIN,
        bounds=(left, top, right, top + 600),
        children=(
            _group(picture, _link(name, (left, top + 340, right, top + 400), "link_title")),
            View(cls=TEXT, bounds=(left, top + 410, right, top + 460), text=price, look="price"),
            button,
        ),
    )


def columns(width: int) -> int:
    """How many product tiles fit side by side on a screen ``width`` lu wide (2 on the
    default phone, 1 on a narrow one, more on a tablet)."""
    return max(1, (width - 2 * _L + TILE_GAP) // (TILE_W + TILE_GAP))


@lru_cache(maxsize=64)
def _page(cart: frozenset[int], width: int) -> tuple[View, int]:
    """The page body at scroll offset 0 (screen coordinates) and the page's height.

    Paragraphs wrap to the screen's width and the product grid has :func:`columns`
    columns, so the page is longer on a narrow screen and shorter on a wide one."""
    right = width - 48
    y = TOOLBAR_BOTTOM + HEADER_H + 40
    heading = _text("The best desk gadgets of 2024", y, right, size=56, look="heading", cls=PLAIN)
    y = heading.bounds[3] + 20
    byline = _text(
        "By Sam Lee · Updated Mar 4, 2024 · 8 min read", y, right, size=32, look="summary"
    )
    y = byline.bounds[3] + 30
    hero = View(
        cls=IMAGE_CLS,
        bounds=(_L, y, right, y + 520),
        desc="A tidy desk with a lamp, a plant and a laptop",
        look="photo",
    )
    y += 560
    intro = _text(_INTRO, y, right)
    y = intro.bounds[3] + 30
    before = _text(_POLICY[0], y, right)
    y = before.bounds[3]
    link = _link(_POLICY[1], (_L, y, _L + 520, y + 50))
    after = _text(_POLICY[2], y + 50, right)
    policy = _group(before, link, after)
    y = after.bounds[3] + 30
    note = _text(_NOTE, y, right)
    y = note.bounds[3] + 50
    head = _group(heading, byline, hero)
    intro_part = _group(intro, policy, note)

    picks = _text("Our picks", y, right, size=46, look="subheading", cls=PLAIN)
    y = picks.bounds[3] + 30
    tiles = []
    per_row = columns(width)
    for i in range(len(PRODUCTS)):
        row, col = divmod(i, per_row)
        tiles.append(_tile(i, _L + col * (TILE_W + TILE_GAP), y + row * 636, i in cart))
    grid = _group(*tiles)
    y = grid.bounds[3] + 50
    picks_part = _group(picks, grid)

    testing = [_text("How we test", y, right, size=46, look="subheading", cls=PLAIN)]
    y = testing[0].bounds[3] + 30
    for para in _TESTING:
        testing.append(_text(para, y, right))
        y = testing[-1].bounds[3] + 30
    y += 20
    more: list[View] = [_text("More from Deskly", y, right, size=46, look="subheading", cls=PLAIN)]
    y = more[0].bounds[3] + 30
    for title in _MORE:
        more.append(
            _group(
                _link(title, (_L, y, right, y + 56), "link_title"),
                View(
                    cls=TEXT, bounds=(_L, y + 60, 500, y + 110), text="6 min read", look="summary"
                ),
                _link("Read more", (_L, y + 116, 400, y + 166)),
            )
        )
        y += 200
    article = View(
        cls=PLAIN,
        bounds=(0, head.bounds[1], width, y),
        children=(head, intro_part, picks_part, _group(*testing), _group(*more)),
    )
    y += 40
    footer = View(
        cls=PLAIN,
        bounds=(0, y, width, y + 240),
        look="web_footer",
        children=(
            _link("About", (_L, y + 40, 260, y + 96)),
            _link("Privacy", (300, y + 40, 540, y + 96)),
            _link("Contact", (580, y + 40, 820, y + 96)),
            View(
                cls=TEXT, bounds=(_L, y + 140, right, y + 196), text="© 2024 Deskly", look="summary"
            ),
        ),
    )
    y += 240
    main = View(
        cls=PLAIN, bounds=(0, TOOLBAR_BOTTOM, width, article.bounds[3]), children=(article,)
    )
    body = View(cls=PLAIN, bounds=(0, TOOLBAR_BOTTOM, width, y), children=(main, footer))
    return body, y - TOOLBAR_BOTTOM


def page_height(width: int = WIDTH) -> int:
    """The page's height in lu (the same with any cart)."""
    return _page(frozenset(), width)[1]


def max_offset(width: int = WIDTH, bottom: int = NAV_TOP) -> int:
    """How far the page scrolls above ``bottom`` (its height minus the WebView's)."""
    return max(0, page_height(width) - (bottom - TOOLBAR_BOTTOM))


def _header(cart: int, width: int) -> View:
    top = TOOLBAR_BOTTOM
    right = width - 48
    return View(
        cls=PLAIN,
        bounds=(0, top, width, top + HEADER_H),
        opaque=True,
        look="web_header",
        children=(
            _link("Deskly", (_L, top + 30, 400, top + 110), "web_brand"),
            _link(f"Cart ({cart})", (right - 272, top + 30, right, top + 110), "web_header_link"),
        ),
    )


def article_content(article: ArticleState, bottom: int, width: int) -> View:
    """The WebView showing the page at ``article.offset``, laid out down to ``bottom``."""
    bounds = (0, TOOLBAR_BOTTOM, width, bottom)
    body, _ = _page(frozenset(article.cart), width)
    page = clip(shift(body, -article.offset), bounds)
    root = View(
        cls=PLAIN,
        bounds=bounds,
        children=(*(() if page is None else (page,)), _header(len(article.cart), width)),
    )
    return View(
        cls=WEBVIEW,
        bounds=bounds,
        text=PAGE_TITLE,
        rid=app_id("article_web"),
        focusable=True,
        children=(root,),
        look="web",
        swipe="v:article",
        offset=article.offset,
    )
