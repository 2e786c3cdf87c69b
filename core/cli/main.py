"""``deltarec`` command line.

Exit codes: 0 ok, 2 bad input (one line on stderr naming what was wrong), 1 any
other failure. Every subcommand has ``--help``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace

from deltarec.core.capture.boundary import MAX_BYTES, read_bounded
from deltarec.core.capture.jsonio import load_capture, observation_to_json, read_capture
from deltarec.core.diff.volatile import DEFAULT_VOLATILE, Volatile
from deltarec.core.errors import DeltarecError, InputError
from deltarec.core.observe.model import Observation
from deltarec.core.observer import observe_delta, observe_frame
from deltarec.core.render.diff_json import diff_json
from deltarec.core.render.tokens import count_tokens

EXIT_OK, EXIT_FAILURE, EXIT_BAD_INPUT = 0, 1, 2


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative")
    return value


def volatile_for(args: argparse.Namespace) -> Volatile:
    """The default volatility, with the system bars reported when ``--status-bar`` asks."""
    return replace(DEFAULT_VOLATILE, status_bar=not getattr(args, "status_bar", False))


def _cmd_delta(args: argparse.Namespace) -> int:
    from deltarec.core.cli import device_commands

    device_commands.check_device_args(args, [args.before, args.after])
    if args.device:
        return device_commands.delta_device(args)
    if args.before == args.after == "-":
        raise InputError("only one of BEFORE and AFTER can be read from standard input (-)")
    before, after = _capture(args.before), _capture(args.after)
    result = observe_delta(
        before,
        after,
        volatile=volatile_for(args),
        max_lines=args.max_lines,
        max_tokens=args.max_tokens,
    )
    if args.format == "json":
        print(json.dumps(diff_json(result.delta, result.index), ensure_ascii=False))
    else:
        print(result.text)
    return EXIT_OK


def _cmd_observe(args: argparse.Namespace) -> int:
    from deltarec.core.cli import device_commands

    device_commands.check_device_args(args, [args.dump])
    if args.device:
        return device_commands.observe_device(args)
    if args.screenshot:
        raise InputError("--screenshot needs --device")
    print_frame(_capture(args.dump), args)
    return EXIT_OK


def _capture(path: str) -> Observation:
    """The capture in the file ``path``, or on standard input for ``-`` (a dump piped from
    ``adb exec-out uiautomator dump /dev/tty``), read up to the input limit."""
    if path != "-":
        return read_capture(path)
    return load_capture(sys.stdin.buffer.read(MAX_BYTES + 1), source="<stdin>")


def print_frame(obs: Observation, args: argparse.Namespace) -> None:
    """``observe``'s output: the tree or (``--elements``) the numbered elements, as text or
    JSON (observation JSON; with ``--elements`` the list of numbered element dicts, the
    ones the text shows, each with its ``index``)."""
    if args.format == "json" and args.elements:
        from deltarec.core.elements import observation_index

        listed = observation_index(obs, max_elements=None, interactive_only=False)
        print(json.dumps(listed, ensure_ascii=False))
    elif args.format == "json":
        print(json.dumps(observation_to_json(obs), ensure_ascii=False))
    else:
        print(observe_frame(obs, tree=not args.elements))


def _cmd_tokens(args: argparse.Namespace) -> int:
    text = read_bounded(args.file).decode("utf-8", errors="replace")
    print(count_tokens(text))
    return EXIT_OK


BASELINES = (
    "With --device, each capture is kept as the device's baseline, the screen the next "
    "'delta --device' compares with: $DELTAREC_HOME/baselines/SERIAL.json, or "
    "~/.cache/deltarec/baselines/SERIAL.json when DELTAREC_HOME is unset or empty."
)
"""Where ``--device`` captures are kept (the ``--help`` of observe and delta says it)."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deltarec",
        description="Show what changed on an Android screen as a compact, token-budgeted delta.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    delta = sub.add_parser(
        "delta",
        help="what changed between two captures",
        description="Print what changed from BEFORE to AFTER (uiautomator XML dumps, Appium "
        "page sources, observation JSON, AutoMobile observe JSON or element-dict JSON).",
        epilog=BASELINES,
    )
    delta.add_argument("before", metavar="BEFORE", nargs="?", help="a capture file, or - for stdin")
    delta.add_argument("after", metavar="AFTER", nargs="?", help="a capture file, or - for stdin")
    delta.add_argument(
        "--device",
        metavar="SERIAL|virtual[:WxH@DPI]",
        help="instead of files: what changed on the device since its last capture",
    )
    delta.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: delta lines; json: the ObservationDiff with AutoMobile's meanings "
        "(docs/formats.md)",
    )
    delta.add_argument(
        "--max-lines",
        type=_non_negative,
        default=40,
        metavar="N",
        help="at most N change lines, then '… (+M more)' (default 40)",
    )
    delta.add_argument(
        "--max-tokens",
        type=_non_negative,
        default=None,
        metavar="N",
        help="at most N cl100k_base tokens in all",
    )
    delta.add_argument(
        "--status-bar",
        action="store_true",
        help="also report the status and navigation bars (clock, battery, icons)",
    )
    delta.set_defaults(run=_cmd_delta)

    observe = sub.add_parser(
        "observe",
        help="print one whole frame",
        description="Print the full frame of DUMP (a uiautomator XML dump, an Appium page "
        "source, observation JSON, AutoMobile observe JSON or element-dict JSON).",
        epilog=BASELINES,
    )
    observe.add_argument(
        "dump",
        metavar="DUMP",
        nargs="?",
        help="a capture file, or - for stdin (adb exec-out uiautomator dump /dev/tty | …)",
    )
    observe.add_argument(
        "--device",
        metavar="SERIAL|virtual[:WxH@DPI]",
        help="capture the device now instead of reading DUMP",
    )
    observe.add_argument("--screenshot", metavar="OUT.png", help="with --device: save a screenshot")
    observe.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: the indented tree; json: observation JSON",
    )
    observe.add_argument(
        "--elements",
        action="store_true",
        help="only the numbered elements, in reading order (json: a list of element dicts)",
    )
    observe.set_defaults(run=_cmd_observe)

    tokens = sub.add_parser(
        "tokens",
        help="count cl100k_base tokens of a file",
        description="Print the cl100k_base token count of FILE (offline).",
    )
    tokens.add_argument("file", metavar="FILE")
    tokens.set_defaults(run=_cmd_tokens)

    for extend in EXTENSIONS:
        extend(sub)
    return parser


EXTENSIONS: list[Callable[[argparse._SubParsersAction[argparse.ArgumentParser]], None]] = []
"""Functions that add more subcommands (devices, virtual …) to the parser."""


def main(argv: Sequence[str] | None = None) -> int:
    _load_extensions()
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
        return code
    except InputError as exc:
        print(f"deltarec: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DeltarecError as exc:
        print(f"deltarec: failed: {exc}", file=sys.stderr)
        return EXIT_FAILURE
    except BrokenPipeError:
        return EXIT_OK


def _load_extensions() -> None:
    if not EXTENSIONS:
        from deltarec.core.cli import device_commands, export_command, mcp_command, run_command

        EXTENSIONS.append(device_commands.register)
        EXTENSIONS.append(export_command.register)
        EXTENSIONS.append(mcp_command.register)
        EXTENSIONS.append(run_command.register)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
