"""The captures of a harvested folder (``fixtures/ext``, ``ext2``, ``ext3``, or ``real``),
parsed once: every ``*.xml`` that is a whole ``<hierarchy>`` dump, and every ``*.json`` that
is an AutoMobile observation (a ``viewHierarchy``), read as the CLI reads it. Named by their
path inside the folder, in sorted order; what :func:`.ext_shapes.captures_as` hands the
derived sweeps instead of ``fixtures/real``'s."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from deltarec.core.capture.jsonio import read_capture
from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation

FIXTURES = Path(__file__).resolve().parents[3] / "fixtures"


def dumps(folder: Path) -> list[Path]:
    """The captures under ``folder``: whole ``<hierarchy>`` dumps and observation JSON."""
    out = []
    for p in sorted([*folder.rglob("*.xml"), *folder.rglob("*.json")]):
        mark = b"<hierarchy" if p.suffix == ".xml" else b'"viewHierarchy"'
        if mark in p.read_bytes()[:4096]:
            out.append(p)
    return out


def read(path: Path) -> Observation:
    """A dump parsed as ``uiautomator`` XML, an observation JSON as the CLI reads it."""
    return read_capture(path) if path.suffix == ".json" else parse_uiautomator(path.read_bytes())


@cache
def harvested(name: str) -> tuple[tuple[str, Observation], ...]:
    """The captures of ``fixtures/<name>``, each named by its path inside that folder."""
    folder = FIXTURES / name
    return tuple((str(p.relative_to(folder)), read(p)) for p in dumps(folder))
