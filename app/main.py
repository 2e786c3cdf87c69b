"""``deltarec-studio``: the Script Builder.

::

    deltarec-studio [--device SERIAL|virtual] [--screenshot out.png]

``--device`` picks the device (default: the last one used, else ``virtual``,
the built-in phone). ``--screenshot`` starts up, waits until the first screen
of the device is painted (a signal, not a timer), writes the window as PNG and
exits 0; it never asks a question, so it runs with ``QT_QPA_PLATFORM=offscreen``.
With no display at all (no ``$DISPLAY``/``$WAYLAND_DISPLAY``, no platform chosen)
it renders offscreen and writes ``deltarec-studio.png`` instead of aborting.
Exit codes: 0 ok, 2 bad arguments, 1 start-up failed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from collections.abc import Sequence

NO_QT = "deltarec-studio needs Qt: pip install 'deltarec[gui]'"
"""What ``deltarec-studio`` says, with exit code 2, when PySide6 is not installed."""


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="deltarec-studio",
        description="deltarec Studio, the Script Builder: record steps on an Android phone "
        "(or the built-in virtual one) and see what each step changed.",
        epilog="With no display it renders offscreen and writes deltarec-studio.png. "
        "Exit codes: 0 ok, 2 bad arguments or no Qt, 1 start-up failed.",
    )
    parser.add_argument(
        "--device",
        help="adb serial, SERIAL@HOST:PORT, 'virtual' or 'replay:DIR' "
        "(default: the last one used, else virtual)",
    )
    parser.add_argument(
        "--screenshot",
        metavar="PNG",
        help="write the window to PNG once the first screen shows, then exit",
    )
    return parser.parse_args(argv)


HEADLESS_SHOT = "deltarec-studio.png"


def _no_display() -> bool:
    """True on a Linux machine with no X or Wayland display and no Qt platform chosen."""
    return (
        sys.platform.startswith("linux")
        and not os.environ.get("DISPLAY")
        and not os.environ.get("WAYLAND_DISPLAY")
        and not os.environ.get("QT_QPA_PLATFORM")
    )


def has_qt() -> bool:
    """True when PySide6 can be imported (the ``gui`` extra is installed)."""
    try:
        return importlib.util.find_spec("PySide6.QtWidgets") is not None
    except ImportError:  # PySide6 itself missing or hidden
        return False


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if not has_qt():
        print(NO_QT, file=sys.stderr)
        return 2
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    from PySide6.QtWidgets import QApplication

    from deltarec.app.dialogs import Ask, NoAsk
    from deltarec.app.recordings import recordings_root
    from deltarec.app.settings import APPLICATION, ORGANIZATION, Settings
    from deltarec.app.studio import StudioConfig
    from deltarec.app.window import MainWindow

    if _no_display():
        # Qt would abort with "could not connect to display": render offscreen instead
        # and leave a picture of the window, so the command still shows something.
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        if not args.screenshot:
            args.screenshot = HEADLESS_SHOT
            print(
                f"deltarec-studio: no display; wrote the window to {HEADLESS_SHOT} "
                "(run it in a desktop session, or under xvfb-run, for the interactive window)",
                file=sys.stderr,
            )
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("deltarec Studio")
    window = MainWindow(
        StudioConfig(recordings_root()),
        ask=NoAsk() if args.screenshot else Ask(),
        settings=Settings(),
        restore_layout=not args.screenshot,  # a screenshot is always 1400x900
    )
    outcome = {"code": 0}
    if args.screenshot:
        target = str(args.screenshot)

        def capture() -> None:
            if not window.grab().save(target, "PNG"):
                print(f"deltarec-studio: cannot write {target}", file=sys.stderr)
                outcome["code"] = 1
            window.close()
            app.quit()

        def failed(text: str) -> None:
            if not window._first_shown:
                print(f"deltarec-studio: {text}", file=sys.stderr)
                outcome["code"] = 1
                window.close()
                app.quit()

        window.firstScreenShown.connect(capture)
        window.errorShown.connect(failed)
    window.show()
    window.start(args.device)
    app.exec()
    return outcome["code"]


if __name__ == "__main__":
    raise SystemExit(main())
