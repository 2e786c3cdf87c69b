"""The real before/after pairs of ``fixtures/real`` (vendored real captures, MIT).

The list mirrors the table in ``real-dumps/README.md``: file N is the screen
before action N, file N+1 the screen after it. ``kind`` marks the pairs whose
change is *localized* (one field typed into, one switch toggled, focus moved),
the case a delta is for; the other pairs are navigations, a dialog, or no
change at all.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "fixtures" / "real"

# flow -> (first, last) file numbers; every consecutive pair is benchmarked.
_FLOWS = {
    "contacts-agent": (1, 10),
    "contacts-manual": (1, 9),
    "settings-airplane": (3, 6),
    "settings-wifi": (4, 5),
}

# (flow, before) -> kind of localized change, from the README's "action" column.
LOCALIZED = {
    ("contacts-agent", 6): "typing",
    ("contacts-agent", 8): "typing",
    ("contacts-manual", 5): "typing",
    ("settings-airplane", 3): "toggle",
    ("settings-airplane", 4): "toggle",
    ("settings-airplane", 5): "toggle",
    ("settings-wifi", 4): "toggle",
    ("contacts-agent", 5): "focus",
    ("contacts-agent", 7): "focus",
}


@dataclass(frozen=True, slots=True)
class RealPair:
    flow: str
    before: int
    after: int
    before_path: Path
    after_path: Path

    @property
    def name(self) -> str:
        return f"{self.flow} {self.before:02d}→{self.after:02d}"

    @property
    def kind(self) -> str | None:
        """``typing`` / ``toggle`` / ``focus`` for a localized change, else ``None``."""
        return LOCALIZED.get((self.flow, self.before))

    def read(self) -> tuple[str, str]:
        return (
            self.before_path.read_text(encoding="utf-8"),
            self.after_path.read_text(encoding="utf-8"),
        )


def dumps_dir(override: str | None = None) -> Path:
    """``override``, else ``$DELTAREC_REAL_DUMPS``, else ``fixtures/real``."""
    return Path(override or os.environ.get("DELTAREC_REAL_DUMPS") or DEFAULT_DIR)


def real_pairs(directory: Path) -> list[RealPair]:
    """Every consecutive pair of each flow, in README order (missing files raise)."""
    if not directory.is_dir():
        raise FileNotFoundError(f"real dumps not found: {directory} (set DELTAREC_REAL_DUMPS)")
    pairs = []
    for flow, (first, last) in _FLOWS.items():
        for n in range(first, last):
            before, after = directory / flow / f"{n:02d}.xml", directory / flow / f"{n + 1:02d}.xml"
            for path in (before, after):
                if not path.is_file():
                    raise FileNotFoundError(f"real dump missing: {path}")
            pairs.append(RealPair(flow, n, n + 1, before, after))
    return pairs


def every_pair(directory: Path) -> list[RealPair]:
    """:func:`real_pairs`, then every consecutive pair of each run of ``corpus/``.

    A corpus file ends in ``_N.xml`` (``N``: the screen before the run's action N); files
    sharing what comes before ``N`` are one run, and only numbers one apart make a pair.
    """
    pairs = real_pairs(directory)
    corpus = directory / "corpus"
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()) if corpus.is_dir() else []:
        runs: dict[str, dict[int, Path]] = {}
        for f in sorted(folder.glob("*.xml")):
            m = re.fullmatch(r"(.*?)_?(\d+)\.xml", f.name)
            if m:
                runs.setdefault(m[1], {})[int(m[2])] = f
        for r, (prefix, numbered) in enumerate(sorted(runs.items())):
            stamps = re.findall(r"\d\d-\d\d-\d\d", prefix)  # the run's time of day
            flow = f"{folder.name} {stamps[-1] if stamps else r}"
            for n, before in sorted(numbered.items()):
                after = numbered.get(n + 1)
                if after is not None:
                    pairs.append(RealPair(flow, n, n + 1, before, after))
    return pairs


__all__ = ["DEFAULT_DIR", "LOCALIZED", "RealPair", "dumps_dir", "every_pair", "real_pairs"]


def dict_pairs(
    directory: Path,
) -> list[tuple[str, list[dict[str, object]], list[dict[str, object]]]]:
    """:func:`every_pair` as ``(name, before, after)`` element dicts, the peer's input (the
    checkout on ``sys.path`` parses them). The A/B tools that load an older checkout's copy
    of this module (``pair_bytecodes.py``, ``ab_pairs.py``) keep their own loop, which every
    revision has."""
    from deltarec import core

    out = []
    for pair in every_pair(directory):
        a, b = pair.read()
        before = core.observation_to_elements(core.parse_uiautomator(a))
        out.append((pair.name, before, core.observation_to_elements(core.parse_uiautomator(b))))
    return out
