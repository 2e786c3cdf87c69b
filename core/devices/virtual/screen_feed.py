"""The Feed (FeedActivity): nested scrollables, with a horizontal carousel inside.

Tree (resource ids in the app package)::

    ScrollView feed_scroll (scrollable)        the outer scroller, at the content bounds
      FrameLayout                              same bounds, no id
        RecyclerView feed_content (scrollable) same bounds; its items are what scrolls
          LinearLayout feed_header             item 0, "Trending topics" and the carousel
            TextView feed_header_title
            RecyclerView feed_chips            horizontally scrollable, 10 chips
              CompoundButton chip ×10          checkable filter chips, one id for all
          ViewGroup card ×40                   cards of four heights; ads carry no ids

A vertical swipe starting anywhere on the feed (the carousel included) scrolls
``feed_content`` by exactly ``y1 - y2`` px, clamped to ``0..max_offset()``; the
outer ScrollView and its frame never move (the inner list consumes the nested
scroll). A horizontal swipe starting on the carousel scrolls only the carousel by
``x1 - x2`` px, clamped to ``0..max_chips_offset()``; elsewhere it does nothing.
Only items that intersect the viewport are in the tree, with clipped bounds; a
chip is clipped by the carousel and by the feed.

Cards are recycled views, so their ids repeat on every card: ``card_avatar``,
``card_author`` (five authors take turns), ``card_time``, ``card_title``,
optional ``card_image`` (content-desc "Photo" on every one) and ``card_body``,
``card_likes`` ("N likes") and the buttons ``like`` (``selected`` when liked; a
tap toggles it and moves the count by one), ``comment`` and ``share`` (no
effect). Card ``i`` with ``i % 9 == 4`` is sponsored: no resource ids at all, a
"Learn more" button, and two advertisers alternating, so an ad's texts repeat
further down the feed.
"""

from __future__ import annotations

from functools import lru_cache

from deltarec.core.devices.virtual.layout import (
    FRAME,
    IMAGE,
    LINEAR,
    NAV_TOP,
    RECYCLER,
    SCROLL,
    TEXT,
    TOOLBAR_BOTTOM,
    VIEW_GROUP,
    WIDTH,
    app_id,
    button,
    list_items,
    scroller,
    text_lines,
)
from deltarec.core.devices.virtual.state import FeedState
from deltarec.core.devices.virtual.views import Rect, View, clip_near, shift

CARD_COUNT = 40
HEADER_H = 300
CHIPS = (
    "For you",
    "News",
    "Sports",
    "Music",
    "Technology",
    "Travel",
    "Food",
    "Science",
    "Design",
    "Gaming",
)
_CHIP_TOP, _CHIP_BOTTOM = 130, 260


def _carousel(width: int) -> Rect:
    """The carousel's bounds inside the header item (item coordinates)."""
    return (0, 110, width, 280)


_AUTHORS = ("Maya Chen", "Deskly", "Omar Haddad", "Lena Vogel", "Tech Daily")
_TOPICS = ("Travel", "Food", "Science", "Music", "Design", "Sports", "Tech")
_HEADLINES = (
    "ten places to see this spring",
    "what we learned this week",
    "a beginner's guide",
    "the numbers behind the hype",
    "five mistakes everyone makes",
    "an interview with the team",
    "small changes that add up",
    "why it matters now",
    "the story so far",
    "tools we use every day",
    "questions from readers",
)
_BODIES = (
    "A short thread on what worked, what did not, and what we would do again.",
    "Photos from the weekend, plus a few notes for anyone planning the same trip.",
    "We tried it for a month so you do not have to. The results surprised us.",
    "Here is the checklist we now use before every release.",
    "Long read: how a small team shipped a big change without breaking anything.",
)
_ADS = (
    ("Deskly Pro", "Try Deskly Pro free for 30 days", "Plan your week in minutes."),
    ("Cloudbox", "2 TB for all your photos", "Back up your phone automatically."),
)


def is_ad(card: int) -> bool:
    return card % 9 == 4


def author(card: int) -> str:
    return _ADS[(card // 9) % 2][0] if is_ad(card) else _AUTHORS[card % len(_AUTHORS)]


def title(card: int) -> str:
    """The title of card ``card``: unique for ordinary cards, repeated by ads."""
    if is_ad(card):
        return _ADS[(card // 9) % 2][1]
    return f"{_TOPICS[card % len(_TOPICS)]}: {_HEADLINES[card % len(_HEADLINES)]}"


def likes(card: int, liked: bool) -> int:
    return 3 + (card * 37) % 500 + int(liked)


def _rid(name: str, ad: bool) -> str:
    return "" if ad else app_id(name)


def _text(text: str, bounds: Rect, rid: str, look: str) -> View:
    return View(cls=TEXT, bounds=bounds, text=text, rid=rid, look=look)


def _button(text: str, bounds: Rect, rid: str, action: str = "", selected: bool = False) -> View:
    return button(text, bounds, rid, action, look="action_button", selected=selected)


@lru_cache(maxsize=512)
def _card(card: int, liked: bool, width: int) -> View:
    """Card ``card`` as a list item whose top is at y = 0 (its height is its bottom + 12).

    Its title and body wrap to the card's width, so a narrower screen gives taller cards.
    """
    ad = is_ad(card)
    kind = 3 if ad else card % 4  # 0 body, 1 image, 2 title only, 3 image and body
    right = width - 60
    third = (right - 60) // 3
    kids: list[View] = [
        View(
            cls=IMAGE,
            bounds=(60, 48, 156, 144),
            rid=_rid("card_avatar", ad),
            desc="" if ad else f"{author(card)} avatar",
            look="avatar",
        ),
        _text(author(card), (186, 48, right, 100), _rid("card_author", ad), "label"),
        _text(
            "Sponsored" if ad else f"{1 + card // 3}h",
            (186, 100, right, 144),
            _rid("card_time", ad),
            "summary",
        ),
    ]
    y = 170
    height = 60 * text_lines(title(card), right - 60, 44)
    kids.append(_text(title(card), (60, y, right, y + height), _rid("card_title", ad), "headline"))
    y += height + 16
    if kind in (1, 3):
        kids.append(
            View(
                cls=IMAGE,
                bounds=(60, y, right, y + 380),
                rid=_rid("card_image", ad),
                desc="Photo",
                look="photo",
            )
        )
        y += 400
    if kind in (0, 3):
        body = _ADS[(card // 9) % 2][2] if ad else _BODIES[card % len(_BODIES)]
        height = 50 * text_lines(body, right - 60, 36)
        kids.append(_text(body, (60, y, right, y + height), _rid("card_body", ad), "paragraph"))
        y += height + 16
    if ad:
        row: tuple[View, ...] = (_button("Learn more", (60, y, right, y + 110), ""),)
    else:
        kids.append(
            _text(
                f"{likes(card, liked)} likes",
                (60, y, right, y + 50),
                app_id("card_likes"),
                "summary",
            )
        )
        y += 60
        row = (
            _button("Like", (60, y, 60 + third, y + 110), app_id("like"), f"like:{card}", liked),
            _button("Comment", (60 + third, y, 60 + 2 * third, y + 110), app_id("comment")),
            _button("Share", (60 + 2 * third, y, right, y + 110), app_id("share")),
        )
    kids.append(View(cls=LINEAR, bounds=(60, y, right, y + 110), children=row))
    y += 110 + 24
    return View(
        cls=VIEW_GROUP,
        bounds=(24, 12, width - 24, y),
        rid=_rid("card", ad),
        children=tuple(kids),
        look="card",
    )


@lru_cache(maxsize=1)
def _chip_lefts() -> tuple[int, ...]:
    """Left edge of each chip in carousel coordinates, plus the content's right edge last."""
    lefts = [42]
    for text in CHIPS:
        lefts.append(lefts[-1] + 64 + 22 * len(text) + 24)
    return (*lefts[:-1], lefts[-1] - 24 + 42)


def max_chips_offset(width: int = WIDTH) -> int:
    """How far the carousel scrolls on a screen ``width`` lu wide (its content width minus
    its width; 0 where every chip fits)."""
    return max(0, _chip_lefts()[-1] - width)


def _header(feed: FeedState, width: int, slack: int) -> View:
    """Item 0 at y = 0: the section title and the carousel at ``feed.chips_offset``."""
    lefts = _chip_lefts()
    chips = tuple(
        View(
            cls="android.widget.CompoundButton",
            bounds=(
                left - feed.chips_offset,
                _CHIP_TOP,
                left - feed.chips_offset + 64 + 22 * len(text),
                _CHIP_BOTTOM,
            ),
            text=text,
            rid=app_id("chip"),
            checkable=True,
            checked=i in feed.chips,
            clickable=True,
            focusable=True,
            action=f"chip:{i}",
            look="chip",
        )
        for i, (text, left) in enumerate(zip(CHIPS, lefts, strict=False))
    )
    box = _carousel(width)
    shown = tuple(c for c in (clip_near(chip, box, slack) for chip in chips) if c is not None)
    carousel = scroller(
        RECYCLER, box, app_id("feed_chips"), shown, swipe="h:chips", offset=feed.chips_offset
    )
    return View(
        cls=LINEAR,
        bounds=(0, 0, width, HEADER_H),
        rid=app_id("feed_header"),
        children=(
            _text(
                "Trending topics", (48, 24, width - 48, 94), app_id("feed_header_title"), "section"
            ),
            carousel,
        ),
    )


@lru_cache(maxsize=8)
def item_tops(width: int) -> tuple[int, ...]:
    """Top of each item (0 = the header, 1.. = cards) in list coordinates, then the total."""
    tops = [0, HEADER_H]
    for card in range(CARD_COUNT):
        tops.append(tops[-1] + _card(card, False, width).bounds[3] + 12)
    return tuple(tops)


def max_offset(width: int = WIDTH, bottom: int = NAV_TOP) -> int:
    """How far the feed scrolls above ``bottom`` (the navigation bar's top): its content
    height minus the viewport height."""
    return max(0, item_tops(width)[-1] - (bottom - TOOLBAR_BOTTOM))


def feed_content(feed: FeedState, bottom: int, width: int, slack: int = 0) -> View:
    """The feed at ``feed.offset`` inside its nested scrollers, laid out down to ``bottom``
    (and within ``slack`` lu of its and its carousel's edges, :func:`~.views.clip_near`).

    Cost: a scan over the 41 item tops; only intersecting items are placed.
    """
    viewport = (0, TOOLBAR_BOTTOM, width, bottom)

    def item(i: int, top: int) -> View:
        card = i - 1
        return shift(
            _header(feed, width, slack) if i == 0 else _card(card, card in feed.liked, width), top
        )

    kids = list_items(item_tops(width), feed.offset, viewport, item, slack)
    inner = scroller(
        RECYCLER, viewport, app_id("feed_content"), kids, swipe="v:feed", offset=feed.offset
    )
    frame = View(cls=FRAME, bounds=viewport, children=(inner,))
    return scroller(SCROLL, viewport, app_id("feed_scroll"), (frame,), swipe="v:feed")
