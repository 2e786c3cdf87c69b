"""Export a recorded script as JSON, a Python program, or a pytest file.

Generated code never splices recorded text into source: the script is
embedded as a Python literal produced by ``pprint.pformat`` (``repr`` of
strings, lists and dicts), so an element named ``"); import os; os.system("x") #``
stays a string. The exported files run the script through the executor on the
device named by ``DELTAREC_DEVICE`` (default ``virtual``, the built-in phone).

    >>> from core.executor import parse_script
    >>> code = to_python(parse_script([["AC_back"]]), name="demo")
    >>> compile(code, "demo.py", "exec") is not None
    True
"""

from __future__ import annotations

import json
import pprint
import re
from pathlib import Path
from typing import Literal

from core.bundle import write_atomic
from core.executor import Script

Kind = Literal["json", "python", "pytest"]
KINDS: tuple[Kind, ...] = ("json", "python", "pytest")

_HEADER = '''"""{title}

Recorded with deltarec. Replays on the device named by $DELTAREC_DEVICE
(``virtual`` by default: the built-in Playground phone, or an adb serial,
or ``replay:DIR`` for a recorded bundle).
"""

from __future__ import annotations

import os

from core.devices.open import open_device
from core.executor import Session, parse_script, run_steps

SCRIPT = {literal}
'''

_PYTHON_MAIN = """

def main() -> int:
    device = open_device(os.environ.get("DELTAREC_DEVICE", "virtual"))
    report = run_steps(parse_script(SCRIPT), Session(device))
    for result in report.results:
        print(result.step + 1, result.command, result.status, result.error or "")
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
"""

_PYTEST_BODY = """

def test_{func}() -> None:
    device = open_device(os.environ.get("DELTAREC_DEVICE", "virtual"))
    report = run_steps(parse_script(SCRIPT), Session(device))
    failures = [f"step {{r.step + 1}} {{r.command}}: {{r.error}}" for r in report.failures]
    assert report.ok, "\\n".join(failures)
"""


def _identifier(name: str) -> str:
    word = re.sub(r"\W+", "_", name.lower()).strip("_") or "recording"
    return word if not word[0].isdigit() else f"recording_{word}"


def _header(script: Script, name: str) -> str:
    title = f"{name}: a deltarec recording".replace('"""', "'''").replace("\\", "/")
    literal = pprint.pformat(script.to_json(), width=96, sort_dicts=False)
    return _HEADER.format(title=title, literal=literal)


def to_json(script: Script) -> str:
    return json.dumps(script.to_json(), ensure_ascii=False, indent=1) + "\n"


def to_python(script: Script, *, name: str = "recording") -> str:
    """A runnable program: exit code 0 when every step passes."""
    return _header(script, name) + _PYTHON_MAIN


def to_pytest(script: Script, *, name: str = "recording") -> str:
    """A pytest module with one test that replays the script."""
    return _header(script, name) + _PYTEST_BODY.format(func=_identifier(name))


def export(script: Script, path: str | Path, kind: Kind, *, name: str = "recording") -> Path:
    """Write the script as ``kind`` to ``path`` atomically; returns the path."""
    if kind == "json":
        text = to_json(script)
    elif kind == "python":
        text = to_python(script, name=name)
    else:
        text = to_pytest(script, name=name)
    target = Path(path)
    write_atomic(target, text.encode("utf-8"))
    return target
