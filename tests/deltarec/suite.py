"""An exported suite: the shared recordings as pytest files, two tests per recording."""

from __future__ import annotations

from pathlib import Path

from deltarec.core.recorder.export import export
from tests.core.recorder.recordings import RECORDINGS, record

SUITE_SIZE = 2 * len(RECORDINGS)


def write_suite(folder: Path, scratch: Path) -> list[Path]:
    """Export every recording twice (``test_<kind>_<n>.py``) into ``folder``; the files."""
    out = []
    for kind in sorted(RECORDINGS):
        rec = record(kind, scratch / kind)
        for n in (1, 2):
            name = f"{kind}_{n}"
            out.append(export(rec.script(), folder / f"test_{name}.py", "pytest", name=name))
    return out
