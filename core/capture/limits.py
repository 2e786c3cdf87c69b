"""Limits on what a capture may hold, shared by the parsers and by later stages.

A stage that walks a tree recursively can rely on :data:`MAX_DEPTH`: no
:class:`~core.model.Observation` parsed from a dump nests deeper.
"""

from __future__ import annotations

MAX_DEPTH = 200
"""Deepest ``<node>`` nesting a dump may have (the ``<hierarchy>`` root is not counted).

Real Android trees stay well under 100 levels. 200 is what every later stage
can take: observation JSON refuses deeper trees (``MAX_JSON_DEPTH``), and
``==``, ``hash`` and ``repr`` of a :class:`~core.model.Node` recurse, several
interpreter frames a level (``==`` fails near 250 levels under the default
recursion limit). It is also under libxml2's own limit without ``huge_tree``
(256), so the lxml and expat parsers refuse at the same element.
"""

MAX_BYTES = 64 * 1024 * 1024
"""Larger input than this is refused before parsing."""

__all__ = ["MAX_BYTES", "MAX_DEPTH"]
