"""The shape of an ``AC_*`` command: a frozen dataclass of typed parameters with a ``run``.

Every command class declares

- ``name`` (``"AC_tap"``) and ``category`` (:class:`Category`), which decides
  what the session does around it (see :mod:`deltarec.core.executor.session`);
- its parameters as dataclass fields made with :func:`~deltarec.core.executor.params.param`,
  which are the spec validation enforces (:meth:`Command.parse`), plus
  :meth:`Command.check` for rules across parameters ("a selector or x/y");
- :meth:`Command.run`, which acts through the :class:`~deltarec.core.executor.context.Context`
  and returns a JSON-able dict;
- a docstring: what it does, its timeout, its errors (shown as help).

Commands are registered in one explicit list, :data:`deltarec.core.executor.registry.COMMANDS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Self

from deltarec.core.capture.boundary import check_tree
from deltarec.core.errors import ScriptValidationError
from deltarec.core.executor.params import Param, parse_params

if TYPE_CHECKING:
    from deltarec.core.executor.context import Context


class Category(StrEnum):
    """What a command does to the device, which decides observation and baseline handling.

    READONLY reads (never observes for a delta, never moves the baseline);
    DISCOVERY shows the whole screen and resets the baseline; MUTATING acts on
    the device and is followed by an automatic observation; FLOW waits, asserts
    or sleeps (no observation).
    """

    READONLY = "readonly"
    DISCOVERY = "discovery"
    MUTATING = "mutating"
    FLOW = "flow"


class Command:
    """Base of every command (subclasses: ``@dataclass(frozen=True, slots=True, kw_only=True)``)."""

    __slots__ = ()

    name: ClassVar[str]
    category: ClassVar[Category]
    resets_baseline: ClassVar[bool] = False
    """True when running it makes the next observation a full frame (launch, describe)."""
    unsafe: ClassVar[bool] = False
    """True for commands that run arbitrary code; registered only with ``allow_unsafe``."""

    @classmethod
    def spec(cls) -> dict[str, Param]:
        """Parameter name → :class:`~deltarec.core.executor.params.Param`, in declaration order."""
        return {f.name: f.metadata["param"] for f in fields(cls)}  # type: ignore[arg-type]

    @classmethod
    def parse(cls, params: object, path: str) -> Self:
        """Validate ``params`` (a JSON object) and build the command; errors name ``path``.

        Every value passes the input boundary first: no unpaired surrogate, no
        non-finite or out-of-range number, no nesting past the one limit.
        """
        check_tree(params, where=path, error=_invalid)
        command = cls(**parse_params(cls.spec(), params, path, aliases=cls.aliases()))
        command.check(path)
        return command

    @classmethod
    def aliases(cls) -> Mapping[str, str]:
        """Other accepted spellings of parameter names (none by default)."""
        return {}

    @classmethod
    def summary(cls) -> str:
        """The first line of the docstring."""
        return (cls.__doc__ or cls.name).strip().splitlines()[0]

    def check(self, path: str) -> None:
        """Rules across parameters; raise ScriptValidationError(path, ...) when broken."""

    def run(self, ctx: Context) -> dict[str, Any]:
        """Do it; return a JSON-able result. Errors: DeltarecError subclasses only."""
        raise NotImplementedError

    def target(self) -> str:
        """What the command acts on, for messages ("on Save"), "" when nothing in particular."""
        return ""


def exactly_one(path: str, groups: Mapping[str, bool], what: str) -> None:
    """Raise unless exactly one of ``groups`` (description → given?) is given."""
    given = [name for name, present in groups.items() if present]
    if len(given) != 1:
        choices = " or ".join(groups)
        found = f" (got {' and '.join(given)})" if given else ""
        raise ScriptValidationError(path, f"{what}: give exactly one of {choices}{found}")


def _invalid(problem: str, where: str) -> ScriptValidationError:
    return ScriptValidationError(where, problem)
