"""``deltarec export BUNDLE``: a recording folder as a script, headless.

A bundle is the folder the Script Builder records into (``manifest.json``,
``script.json``, observations, screenshots: :mod:`deltarec.core.bundle`). The
export is what the Studio's File → Export writes for the same recording, byte for
byte: the same exporters (:mod:`deltarec.core.recorder.export`), named after the
recording.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from deltarec.core.cli.out_path import checked_output, shown, writing
from deltarec.core.errors import CaptureParseError

if TYPE_CHECKING:
    from deltarec.core.recorder.export import Kind

FORMAT_NAMES: dict[str, Kind] = {
    "py": "python",
    "python": "python",
    "pytest": "pytest",
    "json": "json",
    "maestro": "maestro",
}
"""``--format`` values and the export kind each names (``py`` is short for ``python``)."""


def _cmd_export(args: argparse.Namespace) -> int:
    from deltarec.core.bundle import Bundle
    from deltarec.core.executor import load_script
    from deltarec.core.recorder.export import export, render
    from deltarec.core.recorder.origin import started_in

    root = Path(args.bundle)
    try:
        is_dir = root.is_dir()
    except OSError as exc:  # a name over the system's limit: no folder of that name
        raise CaptureParseError(f"cannot read: {exc.strerror}", where=shown(str(root))) from None
    if not is_dir:
        raise CaptureParseError("not a recording folder (a bundle is a folder)", where=str(root))
    if args.output:
        checked_output("-o", args.output)
    bundle = Bundle.open(root)
    script = load_script(root / "script.json")
    name = bundle.info.get("name")
    name = name if isinstance(name, str) and name else root.name
    kind = FORMAT_NAMES[args.format]
    # where the recording started: a pytest module resets (and launches) that app, a Maestro
    # flow launches it, as the Script Builder's own exports do
    screens = [s.get(k) for s in bundle.steps for k in ("before", "after")]
    app, from_home = started_in(bundle, [n for n in screens if isinstance(n, int)])
    if args.output:
        with writing("-o", args.output):
            written = export(script, args.output, kind, name=name, app=app, from_home=from_home)
        print(written)
    else:
        sys.stdout.write(render(script, kind, name=name, app=app, from_home=from_home))
    return 0


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``export`` subcommand to the ``deltarec`` parser."""
    command = sub.add_parser(
        "export",
        help="export a recording as a script (py, pytest, json, maestro)",
        description="Export the recording in BUNDLE (a folder the Script Builder recorded "
        "into, with manifest.json and script.json) as a Python script, a pytest file, a JSON "
        "script or a Maestro flow: what the Studio's File > Export writes.",
    )
    command.add_argument("bundle", metavar="BUNDLE", help="the recording folder")
    command.add_argument(
        "--format",
        choices=tuple(FORMAT_NAMES),
        default="json",
        help="py (or python): a script; pytest: a test file; json: the script JSON; "
        "maestro: a Maestro flow (default json)",
    )
    command.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write FILE (atomically) and print its path; default: print to stdout",
    )
    command.set_defaults(run=_cmd_export)
