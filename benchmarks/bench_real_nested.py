"""A carousel nudged sideways in a feed flung past it (issue 18), violations per kind and
class, both paths: :func:`tests.core.real_scrolls.edited.nested_all` whole (352 cases a
path). CI runs every 2nd case.

    python benchmarks/bench_real_nested.py
    python benchmarks/bench_real_nested.py --show 3 --path xml
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import kinds_sweep
from tests.core.real_scrolls.edited import check, kind, nested_all


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--show", type=int, default=0, help="failing cases to print per class")
    parser.add_argument("--path", choices=("xml", "dicts", "both"), default="both")
    args = parser.parse_args(argv)
    kinds_sweep.run("nested carousels", nested_all(), check, args.path, args.show, kind=kind)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
