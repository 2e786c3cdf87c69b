"""The uiautomator dumps the repository holds under ``fixtures/``, read once per set of
folders: the generators that derive cases from every real capture share one reader."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from deltarec.core.capture.uiautomator import parse_uiautomator
from deltarec.core.observe.model import Observation

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@lru_cache(maxsize=8)
def xml_dumps(folders: tuple[str, ...]) -> tuple[tuple[str, bytes], ...]:
    """Every dump under ``fixtures/<folder>`` (a ``.xml`` file that opens a ``<hierarchy``
    in its first 4 KB: Appium page sources are not), as ``("folder/relative/path", raw)``,
    folder by folder, paths sorted."""
    out = []
    for folder in folders:
        for p in sorted((FIXTURES / folder).rglob("*.xml")):
            raw = p.read_bytes()
            if b"<hierarchy" in raw[:4096]:
                out.append((f"{folder}/{p.relative_to(FIXTURES / folder)}", raw))
    return tuple(out)


@lru_cache(maxsize=8)
def parsed_dumps(folders: tuple[str, ...]) -> tuple[tuple[str, Observation], ...]:
    """:func:`xml_dumps`, each parsed."""
    return tuple((name, parse_uiautomator(raw)) for name, raw in xml_dumps(folders))
