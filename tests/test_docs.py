"""The documents travel with the repository: every relative link resolves inside it.

A clone has nothing beside it, so README.md, docs/*.md and the folders' READMEs may only link
to files the repository holds (and to headings those files have), and no tracked text file
outside the vendored real captures may point at a folder next to the checkout.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

DOCUMENTS = sorted(
    [
        ROOT / "README.md",
        *(ROOT / "docs").glob("*.md"),
        ROOT / "fixtures" / "README.md",
        ROOT / "benchmarks" / "README.md",
    ]
)

FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto: …

SIBLING = "/".join(("..", "shared"))
"""The folder beside a checkout that a clone does not have (spelled in two pieces so that
this file does not match its own check)."""


def prose(text: str) -> str:
    """``text`` without fenced code blocks and code spans (a link there is not a link)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(doc: Path) -> list[str]:
    return LINK.findall(prose(doc.read_text(encoding="utf-8")))


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens.

    >>> slug("A scripted session (`bench_session.py`)")
    'a-scripted-session-bench_sessionpy'
    >>> slug("uiautomator XML (input)")
    'uiautomator-xml-input'
    """
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's label only
    text = text.replace("`", "").strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    """Every heading anchor of ``doc``, with GitHub's ``-1``, ``-2`` for repeated headings."""
    seen: dict[str, int] = {}
    out = set()
    for heading in HEADING.findall(FENCE.sub("", doc.read_text(encoding="utf-8"))):
        base = slug(heading)
        n = seen.get(base, 0)
        seen[base] = n + 1
        out.add(base if n == 0 else f"{base}-{n}")
    return out


def test_the_documents_exist() -> None:
    missing = [str(d.relative_to(ROOT)) for d in DOCUMENTS if not d.is_file()]
    assert not missing
    assert {"architecture.md", "formats.md", "style.md"} <= {
        d.name for d in DOCUMENTS if d.parent.name == "docs"
    }


@pytest.mark.parametrize("doc", DOCUMENTS, ids=lambda d: d.relative_to(ROOT).as_posix())
def test_every_relative_link_resolves_inside_the_repository(doc: Path) -> None:
    broken = []
    for target in links(doc):
        if EXTERNAL.match(target):
            continue
        path, _, fragment = target.partition("#")
        where = (doc.parent / path).resolve() if path else doc
        if not where.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository")
        elif not where.exists():
            broken.append(f"{target}: no such file")
        elif fragment and where.suffix == ".md" and fragment not in anchors(where):
            broken.append(f"{target}: no heading #{fragment} in {where.relative_to(ROOT)}")
    assert not broken, f"{doc.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_links_the_docs() -> None:
    targets = set(links(ROOT / "README.md"))
    assert {"docs/architecture.md", "docs/formats.md", "docs/style.md"} <= targets


def tracked_files() -> list[Path]:
    """The files git tracks, or every file of the tree when this is not a git checkout."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"],
            cwd=ROOT,
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        skip = {".git", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
        return [
            p for p in ROOT.rglob("*") if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]
    return [ROOT / name for name in out.decode("utf-8").split("\0") if name]


def test_no_tracked_file_points_beside_the_checkout() -> None:
    real = ROOT / "fixtures" / "real"
    offenders = []
    for path in tracked_files():
        if path.is_relative_to(real) or path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data:  # binary (pictures)
            continue
        text = data.decode("utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if SIBLING in line:
                offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert not offenders, "refers to a folder beside the checkout: " + ", ".join(offenders)
