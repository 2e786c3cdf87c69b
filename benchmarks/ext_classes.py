"""Write the synthetic dumps of :mod:`tests.core.real_scrolls.ext_shapes` into a directory.

They have the shapes of the external captures whose derived pairs failed (issue 18: rows
whose names repeat, so no edge row shows a label of its own; twin rows with no ids), with
invented words, so the sweeps reproduce those classes without the external files:

    python benchmarks/ext_classes.py /tmp/ext-synth
    python benchmarks/bench_real_any.py --dumps /tmp/ext-synth --per 3 --show 2
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.core.real_scrolls.ext_shapes import repeated_rows, twin_rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the directory to write the dumps into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in (("repeated_rows.xml", repeated_rows()), ("twin_rows.xml", twin_rows())):
        (args.out / name).write_text(text, encoding="utf-8")
    print(f"wrote 2 dumps into {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
