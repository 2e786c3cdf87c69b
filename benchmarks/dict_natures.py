"""Element dicts whose role is a class made to scroll, built the fast way and the long way.

    python benchmarks/dict_natures.py            # every real capture, every element, each role

An element dict's class is its role as given, so one whose role reads "ScrollView" or
"android.widget.ListView" scrolls by its class (``scrolls_by_nature``'s last test), as the
long way (``Frame(elements_to_observation(...))``) reads it. The sweep sets the role of one
element at a time of every real capture (as element dicts) to each such spelling and counts
the cases where the fast build (``dict_frame.elements_frame``) keeps other natures than the
long way's, and, with the unchanged capture as the step's ``prev``, the cases where
``delta_observation`` answers otherwise than over the long way's frames. The XML path reads
its natures from its nodes (no fast build of its own to disagree): counted the same way, on
the dump with that node's class set to the role, as a check.
"""

from __future__ import annotations

import copy
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from deltarec import core  # noqa: E402
from deltarec.core.capture import frame_cache  # noqa: E402
from deltarec.core.capture.dict_frame import elements_frame  # noqa: E402
from deltarec.core.capture.element_dicts import elements_to_observation  # noqa: E402
from deltarec.core.observe.frame import Frame  # noqa: E402
from deltarec.core.observe.labels import natures, scrolls_by_nature  # noqa: E402

ROLES = ("ScrollView", "RecyclerView", "android.widget.ListView", "HorizontalScrollView")
"""Roles spelled as classes made to scroll (none of them a role made to scroll)."""


def _walk(items: list[Any]) -> list[Any]:
    out, stack = [], list(items)
    while stack:
        e = stack.pop()
        out.append(e)
        stack.extend(e.get("children") or [])
    return out


def sweep(captures: list[Path]) -> dict[str, int]:
    """Cases, and those where the natures or the delta text differ, per input kind."""
    got = {"cases": 0, "dict natures": 0, "dict deltas": 0, "xml natures": 0}
    for path in captures:
        text = path.read_bytes()
        base = core.observation_to_elements(core.parse_uiautomator(text))
        for i in range(len(_walk(base))):
            for role in ROLES:
                data = copy.deepcopy(base)
                _walk(data)[i]["role"] = role
                got["cases"] += 1
                long = Frame(elements_to_observation(data))
                if natures(elements_frame(data)) != list(map(scrolls_by_nature, long.nodes)):
                    got["dict natures"] += 1
                frame_cache.clear()
                fast = core.delta_observation(base, data)
                slow = core.delta_observation(
                    elements_to_observation(base), elements_to_observation(data)
                )
                got["dict deltas"] += fast != slow
        nodes = list(re.finditer(rb'class="[^"]*"', text))
        for m in nodes:
            for role in ROLES:
                xml = text[: m.start()] + b'class="' + role.encode() + b'"' + text[m.end() :]
                frame = Frame(core.parse_uiautomator(xml))
                got["xml natures"] += natures(frame) != list(map(scrolls_by_nature, frame.nodes))
    return got


def main() -> None:
    captures = sorted((ROOT / "fixtures" / "real").rglob("*.xml"))
    print(sweep(captures))


if __name__ == "__main__":
    main()
