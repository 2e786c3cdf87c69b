"""The deltas, frames and refusals the README and docs show are what deltarec prints today.

Every fenced block of ``README.md`` and ``docs/*.md`` is read for CLI examples: a line
``$ deltarec delta|observe ARGS`` whose files are in the repository, and the lines after
it up to the next ``$`` line (its output; a line ``…`` stands for any number of lines),
and a block a paragraph introduces with ``(`deltarec delta A B`)`` (the whole block is the
output). Each is run through the real CLI (in process) and compared line by line. JSON
examples are abridged by hand (``…`` inside objects), so they are left out. The README's
token figures are counted again."""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from deltarec.core.cli.main import main
from deltarec.core.render.tokens import count_tokens

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
INTRODUCED = re.compile(r"\(`(deltarec (?:delta|observe) [^`]+)`\)")


@dataclass(frozen=True)
class Example:
    where: str
    argv: list[str]
    output: list[str]


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    """(line number of the opening fence, the block's lines) for every fenced block."""
    lines, out, at, body = text.splitlines(), [], -1, []
    for n, line in enumerate(lines):
        if line.startswith("```"):
            if at < 0:
                at, body = n, []
            else:
                out.append((at, body))
                at = -1
        elif at >= 0:
            body.append(line)
    return out


def _runnable(argv: list[str]) -> bool:
    if argv[:1] not in (["delta"], ["observe"]) or "json" in argv:
        return False
    files = [a for a in argv[1:] if not a.startswith("-") and a.isascii() and "." in a]
    return bool(files) and all((ROOT / f).is_file() for f in files)


def examples() -> list[Example]:
    found = []
    for doc in DOCS:
        text = doc.read_text("utf-8")
        lines = text.splitlines()
        for at, body in _blocks(text):
            name = f"{doc.name}:{at + 1}"
            before = " ".join(lines[max(0, at - 3) : at])
            introduced = INTRODUCED.search(before)
            if introduced and not any(b.startswith("$ ") for b in body):
                argv = shlex.split(introduced.group(1))[1:]
                if _runnable(argv):
                    found.append(Example(name, argv, body))
                continue
            starts = [i for i, b in enumerate(body) if b.startswith("$ ")]
            for i, j in zip(starts, [*starts[1:], len(body)], strict=False):
                argv = shlex.split(body[i][2:], comments=True)
                if argv[:1] == ["deltarec"] and _runnable(argv[1:]):
                    output = body[i + 1 : j]
                    while output and not output[-1].strip():
                        output.pop()
                    found.append(Example(f"{doc.name}:{at + 2 + i}", argv[1:], output))
    return found


def _matches(shown: list[str], printed: list[str]) -> bool:
    """``shown`` equals ``printed``, a line ``…`` matching any run of lines."""
    if not shown:
        return not printed
    if shown[0].strip() == "…":
        return any(_matches(shown[1:], printed[k:]) for k in range(len(printed) + 1))
    return bool(printed) and shown[0] == printed[0] and _matches(shown[1:], printed[1:])


EXAMPLES = examples()


def test_the_docs_hold_examples_to_check() -> None:
    assert len(EXAMPLES) >= 8, [e.where for e in EXAMPLES]
    assert any(e.where.startswith("README.md") for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.where for e in EXAMPLES])
def test_a_documented_example_prints_what_the_doc_shows(
    example: Example, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code = main(example.argv)
    printed = capsys.readouterr().out.rstrip("\n").splitlines()
    assert code == 0
    assert _matches(example.output, printed), "\n".join(printed)


def test_the_readme_token_figures_are_counted_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    figures = re.search(
        r"(\d[\d,]*) cl100k tokens, against ([\d,]+) for the full frame \(`deltarec observe`\)"
        r"\s+and ([\d,]+)\s+for the raw dump",
        readme,
    )
    assert figures, "the README's token figures moved"
    monkeypatch.chdir(ROOT)
    before, after = (
        "fixtures/real/settings-airplane/03.xml",
        "fixtures/real/settings-airplane/04.xml",
    )
    main(["delta", before, after])
    delta = capsys.readouterr().out.rstrip("\n")
    main(["observe", after])
    frame = capsys.readouterr().out.rstrip("\n")
    counted = [count_tokens(delta), count_tokens(frame), count_tokens((ROOT / after).read_text())]
    assert [int(f.replace(",", "")) for f in figures.groups()] == counted
