"""A tab switched: a selection moved between two siblings outside a list that was replaced.

A tab strip's selection moves from one tab to its sibling (``setSelected``) and the page
below is another page: every row of its list shows other words, in place. Two dumps of a
list replaced in place read like a scroll by whole pages (rows of one layout, none that
stayed), and :func:`deltarec.core.diff.pages.turned` reads it so: "about a page or more".
When the step also moved a tab strip's selection outside that list, the page was
replaced, not scrolled: the list's rows are ``-`` and ``+`` and nothing scrolled.

:func:`tab_switched` is the evidence: a pair that lost ``selected`` and a pair that gained
it, siblings (one parent in both frames), neither holding nor inside the list; the list
holds rows stacked (two tops at least). A pager (one page as wide as itself) that its tab
turned did turn a page, and says so. O(pairs).
"""

from __future__ import annotations

from collections.abc import Mapping

from deltarec.core.observe.frame import Frame


def tab_switched(prev: Frame, curr: Frame, pairs: Mapping[int, int], host: int) -> bool:
    """Whether a selection moved between two siblings outside the subtree at ``host`` (and
    not around it) in ``curr`` (module docstring).

    >>> from deltarec.core.capture.uiautomator import parse_uiautomator
    >>> def shot(a, b):
    ...     return Frame(parse_uiautomator('<hierarchy><node class="F" bounds="[0,0][9,99]">'
    ...         '<node class="Tabs" bounds="[0,0][9,9]">'
    ...         f'<node class="Tab" text="A" selected="{a}" bounds="[0,0][4,9]"/>'
    ...         f'<node class="Tab" text="B" selected="{b}" bounds="[5,0][9,9]"/></node>'
    ...         '<node class="List" bounds="[0,10][9,99]"><node class="R" bounds="[0,10][9,50]"/>'
    ...         '<node class="R" bounds="[0,50][9,99]"/></node></node></hierarchy>'))
    >>> same = {i: i for i in range(7)}
    >>> tab_switched(shot("true", "false"), shot("false", "true"), same, 4)
    True
    >>> tab_switched(shot("true", "false"), shot("true", "false"), same, 4)
    False
    """
    kids = [curr.nodes[k].bounds for k in curr.children[host]]
    if len({b.top for b in kids if b.area}) < 2:
        return False  # a pager's page (or none): a pager turned by its tab is a page turned
    end = curr.subtree_end(host)
    around = set(curr.ancestors(host))
    lost: set[int] = set()
    gained: set[int] = set()
    nodes_p, nodes_c, parents = prev.nodes, curr.nodes, curr.parents
    for c, p in pairs.items():
        was, now = nodes_p[p].selected, nodes_c[c].selected
        if was == now or host <= c < end or c in around:
            continue
        (gained if now else lost).add(parents[c])
    return bool(lost & gained)
