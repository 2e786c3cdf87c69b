"""One hash of what ``delta_observation`` and ``observe_delta`` print, for speed work.

    python benchmarks/equivalence.py            # prints the digest and the count of calls
    python benchmarks/equivalence.py --dump F   # also writes every output, one per line

A speed change must not change any output: run this before and after, and compare the
digests (``--dump`` on both sides and ``diff`` says where). Covered, each both ways:

- every consecutive pair of ``fixtures/real`` (the flows and the corpus), as element dicts
  (``repr(delta_observation(...))`` cold, then again with the previous screen's frame kept
  as a session keeps it, then ``delta_observation_result``) and as dumps
  (``observe_delta(...).text`` on frames);
- every ordered pair of each flow's first six captures, as element dicts, cold;
- the element-dict transforms of ``tests/core/test_dict_truth.py`` (real captures scrolled,
  edited, rows inserted and removed, keyboards opened and closed, scrolls with an edit), as
  element dicts, cold and kept, and a few budgets (``max_lines``, ``max_tokens``,
  ``max_elements``, ``interactive_only``).

It imports the tests' generators, so run it from the checkout's root with ``PYTHONPATH=.``.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deltarec.core.capture import frame_cache  # noqa: E402
from deltarec.core.capture.element_dicts import observation_to_elements  # noqa: E402
from deltarec.core.elements import delta_observation, delta_observation_result  # noqa: E402
from deltarec.core.observe.frame import Frame  # noqa: E402
from deltarec.core.observe.model import Observation  # noqa: E402
from deltarec.core.observer import observe_delta  # noqa: E402
from tests.core.real_scrolls import insertions, keyboards, scroll_edits, transforms  # noqa: E402
from tests.core.truth.real_oracle import load, sequences  # noqa: E402

BUDGETS: tuple[dict[str, Any], ...] = (
    {},
    {"max_lines": 5},
    {"max_tokens": 60},
    {"max_elements": 12},
    {"interactive_only": False},
)


def _real() -> Iterator[tuple[Frame, Frame]]:
    for _, files in sequences(transforms.ROOT):
        for a, b in itertools.pairwise(files):
            fa, fb = load(a), load(b)
            yield fa, fb
            yield fb, fa


def _flows_square() -> Iterator[tuple[Frame, Frame]]:
    for _, files in sequences(transforms.ROOT):
        head = [load(f) for f in files[:6]]
        yield from itertools.permutations(head, 2)


def _transformed() -> Iterator[tuple[Observation, Observation]]:
    for case in transforms.cases(random.Random(0), 1):
        yield transforms.derive(case)
    for ins in insertions.cases(random.Random(0), 1):
        yield insertions.derive(ins)
    for kb in keyboards.cases(random.Random(0), 1):
        yield keyboards.derive(kb)
    for se in scroll_edits.cases(random.Random(0), 1):
        yield scroll_edits.derive(se)


def outputs() -> Iterator[str]:
    """Every output, one string a call, in a fixed order."""
    frame_cache.clear()
    real = list(_real())
    for fa, fb in real:
        ea, eb = observation_to_elements(fa.obs), observation_to_elements(fb.obs)
        frame_cache.clear()
        yield repr(delta_observation(ea, eb))
        yield repr(delta_observation(ea, eb))  # both frames kept
        frame_cache.clear()
        delta_observation(ea, ea)
        yield repr(delta_observation(ea, eb))  # the previous frame kept
        yield repr(delta_observation_result(ea, eb, max_lines=7))
        yield repr(observe_delta(fa, fb).text)
    for fa, fb in _flows_square():
        ea, eb = observation_to_elements(fa.obs), observation_to_elements(fb.obs)
        frame_cache.clear()
        yield repr(delta_observation(ea, eb))
    for i, (pa, pb) in enumerate(_transformed()):
        ea, eb = observation_to_elements(pa), observation_to_elements(pb)
        budget = BUDGETS[i % len(BUDGETS)]
        for x, y in ((ea, eb), (eb, ea)):
            frame_cache.clear()
            yield repr(delta_observation(x, y, **budget))
            yield repr(delta_observation(x, y))
        yield repr(observe_delta(Frame(pa), Frame(pb)).text)
    frame_cache.clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dump", type=Path, help="write every output, one a line")
    args = parser.parse_args()
    digest = hashlib.sha256()
    got = list(outputs())
    for text in got:
        digest.update(text.encode("utf-8", "surrogatepass") + b"\0")
    if args.dump:
        args.dump.write_text("\n".join(got), encoding="utf-8", errors="surrogatepass")
    print(f"{digest.hexdigest()} over {len(got)} outputs")


if __name__ == "__main__":
    main()
