"""Reading an Appium page source against the uiautomator dump of the same screen.

    python benchmarks/bench_appium.py                 # 200,000 siblings, best of 3
    python benchmarks/bench_appium.py --siblings 50000 --repeat 5

Builds one window holding N sibling buttons as ``uiautomator dump`` writes it and as
Appium's UiAutomator2 server writes it (tags named by class, Appium's own attributes), and
times ``load_capture`` on each (CPU time: the machine is shared), cold (the dump scan's kept nodes forgotten before every
run), and a whole ``observe_delta`` of the screen against itself with one label edited.
The two must read as the same observation; the script says so or stops.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from deltarec.core.capture import dump_scan
from deltarec.core.capture.jsonio import load_capture
from deltarec.core.observer import observe_delta

FLAGS = (
    'checkable="false" checked="false" clickable="true" enabled="true" focusable="true" '
    'focused="false" scrollable="false" long-clickable="false" password="false" selected="false"'
)


def dump(n: int, edited: int = -1, few: bool = False) -> bytes:
    if few:  # only what a row needs: the rest take a dump's defaults
        rows = [
            f'<node class="android.widget.Button" text="Row {i}{"!" if i == edited else ""}" '
            f'bounds="[0,{i % 2000}][1080,{i % 2000 + 1}]"/>'
            for i in range(n)
        ]
        window = '<node class="android.widget.FrameLayout" bounds="[0,0][1080,2400]">'
        return f'<hierarchy rotation="0">{window}{"".join(rows)}</node></hierarchy>'.encode()
    rows = [
        f'<node index="{i}" text="Row {i}{"!" if i == edited else ""}" resource-id="app:id/row" '
        f'class="android.widget.Button" package="app" content-desc="" {FLAGS} '
        f'bounds="[0,{i % 2000}][1080,{i % 2000 + 1}]"/>'
        for i in range(n)
    ]
    window = (
        '<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" '
        f'content-desc="" {FLAGS} bounds="[0,0][1080,2400]">'
    )
    return (f'<hierarchy rotation="0">{window}{"".join(rows)}</node></hierarchy>').encode()


def page_source(n: int, edited: int = -1, few: bool = False) -> bytes:
    if few:
        rows = [
            f'<android.widget.Button text="Row {i}{"!" if i == edited else ""}" '
            f'bounds="[0,{i % 2000}][1080,{i % 2000 + 1}]" displayed="true"/>'
            for i in range(n)
        ]
        window = '<android.widget.FrameLayout bounds="[0,0][1080,2400]" displayed="true">'
        return (
            f'<hierarchy class="hierarchy" rotation="0">{window}{"".join(rows)}'
            "</android.widget.FrameLayout></hierarchy>"
        ).encode()
    appium = (
        'displayed="true" a11y-important="true" screen-reader-focusable="false" '
        'drawing-order="1" showing-hint="false" text-entry-key="false" dismissable="false" '
        'a11y-focused="false" heading="false" live-region="0" context-clickable="false" '
        'content-invalid="false"'
    )
    flags = FLAGS.replace('scrollable="false" long-clickable="false"', 'long-clickable="false"')
    flags = flags.replace('password="false"', 'password="false" scrollable="false"')
    rows = [
        f'    <android.widget.Button index="{i}" package="app" class="android.widget.Button" '
        f'text="Row {i}{"!" if i == edited else ""}" resource-id="app:id/row" {flags} '
        f'bounds="[0,{i % 2000}][1080,{i % 2000 + 1}]" {appium} />\n'
        for i in range(n)
    ]
    return (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
        '<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">\n'
        '  <android.widget.FrameLayout index="0" package="app" class="android.widget.FrameLayout" '
        f'text="" {flags} bounds="[0,0][1080,2400]" {appium}>\n'
        f"{''.join(rows)}  </android.widget.FrameLayout>\n</hierarchy>"
    ).encode()


def _step(before: bytes, after: bytes) -> object:
    return observe_delta(load_capture(before), load_capture(after))


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        dump_scan.clear()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--siblings", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--few",
        action="store_true",
        help="rows of class, text and bounds only (every attribute: 200,000 rows of a page "
        "source are 118 MB, over the 64 MiB input limit, and refused)",
    )
    args = parser.parse_args()
    n = args.siblings
    shapes = {
        "uiautomator dump": partial(dump, few=args.few),
        "Appium page source": partial(page_source, few=args.few),
    }
    read = {name: load_capture(make(n)) for name, make in shapes.items()}
    if read["uiautomator dump"] != read["Appium page source"]:
        raise SystemExit("the page source does not read as the dump")
    print(f"{n:,} siblings, best of {args.repeat}, CPU seconds (cold):")
    for name, make in shapes.items():
        before, after = make(n), make(n, edited=n // 2)
        parse = best(args.repeat, partial(load_capture, before))
        step = best(args.repeat, partial(_step, before, after))
        print(f"  {name:20} {len(before) / 1e6:6.1f} MB  parse {parse:6.2f} s  step {step:6.2f} s")


if __name__ == "__main__":
    main()
