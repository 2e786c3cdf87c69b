"""Which wrapper's page is its scroller's, for the page rule (issue 18).

:func:`~deltarec.core.diff.pages.turned` looks for a page turned on a scroller, then on the
wrappers inside it (paired, showing nothing of their own): a web page's ``body > main >
article`` beside a fixed header. A wrapper is "bare" when it has no text, description or
resource id, and element dicts carry no resource id: there every section of a form is bare,
the walk reached one, and a section whose field was replaced, inserted or pushed out (its
rows paired on the XML path only by their ids) read as "scrolled about a page" of the
form. A page found on a wrapper is the scroller's only where the wrapper :func:`spans` most
of it.

    >>> spans(Bounds(0, 140, 1080, 2274), Bounds(0, 0, 1080, 2274))
    True
"""

from __future__ import annotations

from deltarec.core.observe.model import Bounds


def spans(inner: Bounds, host: Bounds) -> bool:
    """Whether ``inner`` covers at least half of ``host`` (what of it shows there): a
    wrapper whose page is the host's, not one row of it. O(1).

        >>> spans(Bounds(0, 100, 10, 1000), Bounds(0, 0, 10, 1000))
        True
        >>> spans(Bounds(0, 860, 10, 1000), Bounds(0, 0, 10, 1000))
        False
    """
    return 2 * inner.intersection(host) >= host.area
