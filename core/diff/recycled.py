"""A pager's page recycled whole: the next page in the old one's box, paired by its ids.

A pager (a container made to scroll whose one child, its page, fills it) turned by a whole
number of pages shows the next page in the old one's very box. The next page is built from
the same layout: every class, id and box is the old page's, and keys made of ids (a form's
fields, whose typed text or hint keys leave out; an icon's id) pair its nodes with the old
page's one by one. Nothing then moved, and every label read as edited in place: 8 ``~`` and
no scroll, the contacts' editor made the page of a pager swiped 1,080 px (issue 18).

What the dumps do show is a page that shows nothing it showed: not one text or description
of the old page is anywhere in the new one, two or more on each side. An edit changes some
labels of a page and keeps others (a running timer's digits beside its "Pause"); the rows
of a list paired by content never get here (a row showing nothing it showed is another
row, :func:`deltarec.core.diff.row_content.unpair_other_rows`), but a page is its pager's
only child, so nothing beside it says which it is. A web view's one page is left alone: its
document replaced is a link followed, not a page turned.

:func:`unpair_recycled_pages` drops every pair inside such a page. The pager then turned a
page (:func:`deltarec.core.diff.pages.page`: its one row came and left), nothing pairs
inside it but by key (:class:`deltarec.core.diff.pair_evidence.Guard`), and its rows are
listed as come in and gone.
"""

from __future__ import annotations

from collections.abc import Sequence

from deltarec.core.capture.element_dicts import ROOT_CLASS
from deltarec.core.diff.label_edit import reads_as_edit
from deltarec.core.diff.row_content import unpair_inside
from deltarec.core.diff.viewport import one_viewport
from deltarec.core.observe.frame import Frame
from deltarec.core.observe.labels import natures


def page_of(frame: Frame, pos: int) -> int:
    """The one child of ``pos`` that fills its box (a pager's page), or -1.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="P" bounds="[0,0][9,9]">'
    ...     '<node class="F" bounds="[0,0][9,9]"/></node></hierarchy>'))
    >>> page_of(f, 0), page_of(f, 1)
    (1, -1)
    """
    kids = frame.children[pos]
    if len(kids) != 1 or frame.nodes[kids[0]].bounds != frame.nodes[pos].bounds:
        return -1
    return kids[0]


def shows_nothing_it_showed(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether subtree ``c`` shows two or more texts or descriptions, ``p`` too, and none of
    ``p``'s (module docstring). O(size of both).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def page(*texts):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,0][9,9]"/>' for t in texts)
    ...     return Frame(parse_uiautomator(f'<hierarchy><node class="F" bounds="[0,0][9,9]">'
    ...                                    f'{kids}</node></hierarchy>'))
    >>> shows_nothing_it_showed(page("Name", "Phone"), 0, page("Title", "Where"), 0)
    True
    >>> shows_nothing_it_showed(page("0:05", "Pause"), 0, page("0:06", "Pause"), 0)
    False
    """
    if prev.subtree_hashes[p] == curr.subtree_hashes[c]:
        return False  # the same content (the common unchanged frame): O(1)
    was = shown_texts(prev, p)
    if len(was) < 2:
        return False
    now = shown_texts(curr, c)
    return len(now) >= 2 and not (was & now)


def shown_texts(frame: Frame, pos: int) -> set[str]:
    """Every text and description in subtree ``pos``, a text box's too (a hint is shown)."""
    out: set[str] = set()
    for n in frame.nodes[pos : frame.subtree_end(pos)]:
        if n.text:
            out.add(n.text)
        if n.content_desc:
            out.add(n.content_desc)
    return out


def kept_page(prev: Frame, p: int, curr: Frame, c: int) -> bool:
    """Whether the one page of container ``c`` (paired with ``p``) is its one page before:
    each fills its container (:func:`page_of`), of one class, and the new one shows something
    the old one showed, or both show fewer than two texts (:func:`shows_nothing_it_showed`:
    else it is the next page), and is not another page laid out alike (:func:`_relabelled`).
    The XML path pairs such a page by its resource id (a ScrollView's ``event_holder``);
    element dicts carry none, and a form scrolled with one field edited had its content
    unpaired: every field voted as a piece of a row that changed, no offset won, and it read
    "scrolled about a page or more" with every field listed as come in (the calendar's event
    editor, issue 18). On element dicts, which carry no ids, two pages that share their
    layout and all their labels but ones that read as edited stay one page. O(size of the
    pages).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(top, *texts):
    ...     kids = "".join(f'<node class="T" text="{t}" bounds="[0,{top + 9 * i}]'
    ...                    f'[9,{top + 9 * i + 9}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ScrollView" bounds="[0,0]'
    ...         f'[9,99]"><node class="F" bounds="[0,0][9,99]">{kids}</node></node></hierarchy>'))
    >>> kept_page(shot(50, "Ada", "Bo"), 0, shot(20, "Ada (edited)", "Bo", "Cy"), 0)
    True
    >>> kept_page(shot(50, "Ada", "Bo"), 0, shot(20, "Dee", "Eve"), 0)
    False
    """
    old, page = page_of(prev, p), page_of(curr, c)
    if old < 0 or page < 0 or prev.nodes[old].class_name != curr.nodes[page].class_name:
        return False
    return not shows_nothing_it_showed(prev, old, curr, page) and not _relabelled(
        prev, old, curr, page
    )


def one_content(prev: Frame, q: int, curr: Frame, c: int) -> bool:
    """Whether rows ``q`` and ``c`` are one wrapper of a list's content: a list's wrapper
    (:func:`~deltarec.core.diff.viewport.one_viewport`), or the one child that fills a
    container made to scroll in both frames, the page it kept (:func:`kept_page`). A
    ScrollView that the keyboard shrank, scrolled to keep its focused field in view, has its
    content in another box: on the XML path its resource id pairs it; on element dicts it was
    left unpaired, and the fields it holds were listed ``-`` and ``+`` under the scroll
    (the calendar's event editor, ``tests/core/test_dict_truth.py``). O(size of the pages)."""
    if one_viewport(prev, q, curr, c):
        return True
    pages = _pages_of(prev, q, curr, c)
    if pages is None:
        return False
    p, k = pages
    return (
        natures(curr)[k]
        and natures(prev)[p]
        and (kept_page(prev, p, curr, k) or (laid_out_once(prev, p) and laid_out_once(curr, k)))
    )


def scroll_content(prev: Frame, q: int, curr: Frame, c: int) -> bool:
    """Whether ``c`` and ``q`` are the one content child of a ScrollView in both frames
    (:func:`laid_out_once`), whatever each shows: flung a page or more, its rows all came
    and left, and it stayed. O(children)."""
    pages = _pages_of(prev, q, curr, c)
    return pages is not None and laid_out_once(prev, pages[0]) and laid_out_once(curr, pages[1])


def _pages_of(prev: Frame, q: int, curr: Frame, c: int) -> tuple[int, int] | None:
    """The parents of ``q`` and ``c`` when each is its parent's one child filling it (a
    page, :func:`page_of`), else None."""
    p, k = prev.parents[q], curr.parents[c]
    if p >= 0 and k >= 0 and page_of(prev, p) == q and page_of(curr, k) == c:
        return p, k
    return None


def _relabelled(prev: Frame, old: int, curr: Frame, page: int) -> bool:
    """Whether page ``page`` is another page laid out as ``old``: their ids (when they carry
    any) are all others (``timer_reset`` → ``stopwatch_reset``), or a node in the very box
    and role of one of the old page shows a label that does not read as it edited
    (:func:`~deltarec.core.diff.label_edit.reads_as_edit`: "5:00" → "0:00.00" beside the
    same "Reset" and "Start" is the Clock's next tab, not the timer's page edited). O(size of
    the pages)."""
    olds = prev.nodes[old : prev.subtree_end(old)]
    news = curr.nodes[page : curr.subtree_end(page)]
    ids_old = {n.resource_id for n in olds if n.resource_id}
    ids_new = {n.resource_id for n in news if n.resource_id}
    if ids_old and ids_new and not ids_old & ids_new:
        return True
    at = {(n.bounds, n.role): n.text or n.content_desc for n in olds}
    for n in news:
        was, now = at.get((n.bounds, n.role)), n.text or n.content_desc
        if was and now and was != now and not reads_as_edit(was, now):
            return True
    return False


def recycled_pages(prev: Frame, curr: Frame, pairs: dict[int, int]) -> list[tuple[int, int]]:
    """The pages (curr, prev) of the paired pagers of ``curr`` that show nothing the old
    page showed (module docstring): a pager whose one page filled it before, and a child of
    it now (the page in its place, or the pages a swipe left side by side) showing nothing
    that page showed, outermost first; never a ScrollView's content (:func:`laid_out_once`).
    O(n) when no pager's content changed; O(size of the pages) else."""
    out: list[tuple[int, int]] = []
    natural = natures(curr)
    end = 0
    for c in range(len(curr)):
        if c < end or not natural[c] or curr.nodes[c].role == "web":
            continue
        p = pairs.get(c)
        if p is None or prev.nodes[p].role == "web":
            continue
        if laid_out_once(curr, c) or laid_out_once(prev, p):
            continue
        old = page_of(prev, p)
        if old < 0:
            continue
        kids = curr.children[c]
        got = [(k, old) for k in kids if shows_nothing_it_showed(prev, old, curr, k)]
        got = got or [(k, old) for k in beside_its_sliver(prev, old, curr, kids)]
        got = got or [(k, old) for k in turned_past(prev, old, curr, kids)]
        if got:
            out += got
            end = curr.subtree_end(c)
    return out


def beside_its_sliver(prev: Frame, old: int, curr: Frame, kids: Sequence[int]) -> list[int]:
    """The pages among ``kids`` (a pager's children now, side by side) that show none of the
    labels of ``old`` (its one page before), where another of them still shows one: the old
    page's sliver still in view beside the page that came in. Two pages of one layout show
    their own words, and a page of one label (a launcher's smartspace card, its date) cannot
    tell an edit from the next page (:func:`shows_nothing_it_showed` asks two), but the old
    page's label still shown beside it can: the page beside it is the next one. O(size of the
    pages).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def pager(*pages):
    ...     kids = "".join(f'<node class="F" bounds="[{x},0][{x + 9},9]"><node class="T"'
    ...                    f' text="{t}" bounds="[{x},0][{x + 9},9]"/></node>' for x, t in pages)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ViewPager" bounds="[0,0]'
    ...                                    f'[9,9]">{kids}</node></hierarchy>'))
    >>> beside_its_sliver(pager((0, "Sun")), 1, f := pager((0, "Sun"), (3, "Mon")), f.children[0])
    [3]
    >>> beside_its_sliver(pager((0, "Sun")), 1, f := pager((0, "Mon")), f.children[0])
    []
    """
    was = shown_texts(prev, old)
    if len(kids) < 2 or not was:
        return []
    shows = [shown_texts(curr, k) for k in kids]
    if not any(now & was for now in shows):
        return []
    return [k for k, now in zip(kids, shows, strict=True) if now and not now & was]


def turned_past(prev: Frame, old: int, curr: Frame, kids: Sequence[int]) -> list[int]:
    """The pages among ``kids`` (a pager's children now, two or more side by side, of the
    class of ``old``, its one page before) when none of them shows a label ``old`` showed
    and one shows another: turned past a page, the old page out of view, the next one cut by
    the leading edge beside the sliver of the page after. An edit in place leaves one page;
    two pages in view say the pager moved, and neither is the old one, so a page of one label
    (the launchers' smartspace card, its date) was no edit of it either: paired by their ids,
    the next page read ``~ text`` and the page after's sliver measured the move short by two
    pages (``scrolled left 878px`` for 958, ``tests/core/real_scrolls/pager_slivers.py``).
    O(size of the pages).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def pager(*pages):
    ...     kids = "".join(f'<node class="F" bounds="[{x},0][{x + 9},9]"><node class="T"'
    ...                    f' text="{t}" bounds="[{x},0][{x + 9},9]"/></node>' for x, t in pages)
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ViewPager" bounds="[0,0]'
    ...                                    f'[9,9]">{kids}</node></hierarchy>'))
    >>> turned_past(pager((0, "Sun")), 1, f := pager((0, "Mon"), (3, "Tue")), f.children[0])
    [1, 3]
    >>> turned_past(pager((0, "Sun")), 1, f := pager((0, "Sun"), (3, "Mon")), f.children[0])
    []
    >>> turned_past(pager((0, "Sun")), 1, f := pager((0, "Mon")), f.children[0])
    []
    """
    was = shown_texts(prev, old)
    if len(kids) < 2 or not was:
        return []
    cls = prev.nodes[old].class_name
    if any(curr.nodes[k].class_name != cls for k in kids):
        return []
    shows = [shown_texts(curr, k) for k in kids]
    if any(now & was for now in shows) or not any(shows):
        return []
    return [k for k, now in zip(kids, shows, strict=True) if now]


def laid_out_once(frame: Frame, pos: int) -> bool:
    """Whether container ``pos`` is a ``ScrollView`` (``NestedScrollView``,
    ``HorizontalScrollView``): its one child is its content, laid out once and scrolled,
    never a page recycled. Flung a page or more, it shows other rows in that child's very
    box: the rows came and left, the child stayed (a sticky header held at its top reads its
    next letter, ``tests/core/real_scrolls/sticky.py``). By its class; element dicts carry
    none, so there by its shape: its one child fills it, is made to scroll by no mark of its
    own, and holds two or more rows that span its width, a ScrollView's form's sections and
    dividers (a pager's page is a list, a month's grid of cells, or one frame), or, laid
    out sideways, two or more columns that span its height (a form turned a quarter read
    its content as a page recycled, and its page on the ScrollView, not on that content:
    ``tests/core/real_scrolls/turned.py``, 7 of 64 on element dicts). O(children).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> f = Frame(parse_uiautomator('<hierarchy><node class="android.widget.ScrollView"'
    ...     ' bounds="[0,0][9,9]"><node class="F" bounds="[0,0][9,9]"/></node></hierarchy>'))
    >>> laid_out_once(f, 0), laid_out_once(f, 1)
    (True, False)
    """
    if frame.nodes[0].class_name != ROOT_CLASS:
        return frame.nodes[pos].class_name.endswith("ScrollView")
    page = page_of(frame, pos)
    if page < 0 or natures(frame)[page]:
        return False
    box = frame.nodes[page].bounds
    kids = [frame.nodes[k].bounds for k in frame.children[page]]
    wide = sum(1 for b in kids if (b.left, b.right) == (box.left, box.right))
    tall = sum(1 for b in kids if (b.top, b.bottom) == (box.top, box.bottom))
    return wide >= 2 or tall >= 2


def unpair_recycled_pages(prev: Frame, curr: Frame, pairs: dict[int, int], used: set[int]) -> None:
    """Drop every pair of a node of a recycled page (:func:`recycled_pages`) with a node of
    the old page: the pager turned a page, and each page's nodes are its own.

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(*texts):
    ...     kids = "".join(f'<node class="E" resource-id="f{i}" text="{t}" bounds="[0,{i}]'
    ...                    f'[9,{i + 1}]"/>' for i, t in enumerate(texts))
    ...     return Frame(parse_uiautomator('<hierarchy><node class="ViewPager" bounds="[0,0][9,9]">'
    ...         f'<node class="F" bounds="[0,0][9,9]">{kids}</node></node></hierarchy>'))
    >>> pairs = {0: 0, 1: 1, 2: 2, 3: 3}
    >>> unpair_recycled_pages(shot("Name", "Phone"), shot("Title", "Where"), pairs, {0, 1, 2, 3})
    >>> pairs
    {0: 0}
    """
    for page, old in recycled_pages(prev, curr, pairs):
        unpair_inside(prev, old, curr, page, pairs, used)
