r"""Split an Android ``sh -c`` command line into lists, pipelines and words.

A small POSIX-sh subset, enough for what adb clients send: words with ``'…'``,
``"…"`` (backslash escapes only ``$ ` " \``) and ``\x`` quoting; the operators
``;``, ``&&``, ``||``, ``|``, ``&`` (run in the foreground, like ``;``) and a
newline; redirections ``>``, ``>>``, ``2>``, ``2>>`` and ``2>&1``; ``#``
comments. ``$(…)``, backquotes and variables stay literal text: nothing here
expands or runs anything.

    >>> parse("rm -f /a; uiautomator dump /a && echo success")[1]
    Step(connector='', commands=(Command(argv=('uiautomator', 'dump', '/a'), redirects=()),))
    >>> parse("input text 'a b'\"'\"'c'")[0].commands[0].argv
    ('input', 'text', "a b'c")
"""

from __future__ import annotations

from dataclasses import dataclass

_OPERATORS = ("&&", "||", "2>>", "2>&1", "2>", ">>", ";", "|", "&", ">", "\n")
_REDIRECTS = frozenset({">", ">>", "2>", "2>>", "2>&1"})


class ShellSyntaxError(ValueError):
    """The line cannot be parsed (an unclosed quote, a redirection with no target, …)."""


@dataclass(frozen=True, slots=True)
class Command:
    """One simple command: its words and its redirections ((operator, target) pairs)."""

    argv: tuple[str, ...]
    redirects: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """A pipeline and how it joins the previous step: "" (always run), "&&" or "||"."""

    connector: str
    commands: tuple[Command, ...]


Token = tuple[bool, str]
"""(is_operator, text)."""


def tokenize(line: str) -> list[Token]:
    """Words and operators of ``line``, quotes removed. Raises ShellSyntaxError."""
    tokens: list[Token] = []
    word: list[str] = []
    in_word = False
    i = 0
    n = len(line)
    while i < n:
        c = line[i]
        if c in " \t":
            if in_word:
                tokens.append((False, "".join(word)))
                word, in_word = [], False
            i += 1
        elif c == "#" and not in_word:
            while i < n and line[i] != "\n":
                i += 1
        elif c == "'":
            end = line.find("'", i + 1)
            if end < 0:
                raise ShellSyntaxError("no closing quote")
            word.append(line[i + 1 : end])
            in_word, i = True, end + 1
        elif c == '"':
            i = _double_quoted(line, i + 1, word)
            in_word = True
        elif c == "\\":
            if i + 1 < n and line[i + 1] != "\n":
                word.append(line[i + 1])
                in_word = True
            i += 2
        else:
            op = _operator_at(line, i, in_word)
            if op is None:
                word.append(c)
                in_word = True
                i += 1
                continue
            if in_word:
                tokens.append((False, "".join(word)))
                word, in_word = [], False
            tokens.append((True, op))
            i += len(op)
    if in_word:
        tokens.append((False, "".join(word)))
    return tokens


def _operator_at(line: str, i: int, in_word: bool) -> str | None:
    for op in _OPERATORS:
        if line.startswith(op, i):
            # "2>" is a redirection only as a word of its own ("a2>b" is a word then ">").
            if op.startswith("2") and in_word:
                continue
            return op
    return None


def _double_quoted(line: str, i: int, word: list[str]) -> int:
    n = len(line)
    while i < n:
        c = line[i]
        if c == '"':
            return i + 1
        if c == "\\" and i + 1 < n and line[i + 1] in '$`"\\\n':
            if line[i + 1] != "\n":
                word.append(line[i + 1])
            i += 2
            continue
        word.append(c)
        i += 1
    raise ShellSyntaxError("no closing quote")


def parse(line: str) -> list[Step]:
    """The steps of ``line`` in order. Empty commands (``a;;b``) are skipped."""
    steps: list[Step] = []
    pipeline: list[Command] = []
    argv: list[str] = []
    redirects: list[tuple[str, str]] = []
    connector = ""
    tokens = tokenize(line)
    i = 0

    def end_command() -> None:
        if argv:
            pipeline.append(Command(tuple(argv), tuple(redirects)))
        argv.clear()
        redirects.clear()

    while i < len(tokens):
        is_op, text = tokens[i]
        i += 1
        if not is_op:
            argv.append(text)
        elif text == "2>&1":
            redirects.append((text, ""))
        elif text in _REDIRECTS:
            if i >= len(tokens) or tokens[i][0]:
                raise ShellSyntaxError(f"missing target after {text!r}")
            redirects.append((text, tokens[i][1]))
            i += 1
        elif text == "|":
            end_command()
        else:
            end_command()
            if pipeline:
                steps.append(Step(connector, tuple(pipeline)))
            pipeline = []
            connector = text if text in ("&&", "||") else ""
    end_command()
    if pipeline:
        steps.append(Step(connector, tuple(pipeline)))
    return steps
