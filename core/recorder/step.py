"""RecordedStep: one recorded step, what it did, and how a bundle's manifest keeps it."""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from deltarec.core.executor import Step
from deltarec.core.observer import DeltaResult
from deltarec.core.recorder.secrets import password_field, reference, secret_name
from deltarec.core.recorder.suggest import Suggestion


@dataclass
class RecordedStep:
    """One recorded step and what it did. ``status``: recorded | passed | failed | skipped
    (a failure before it stopped the run)."""

    command: str
    params: dict[str, Any]
    label: str
    delta: str = ""
    before: int = 0
    after: int = 0
    timing: dict[str, float] = field(default_factory=dict)
    actions: list[dict[str, Any]] = field(default_factory=list)
    suggestions: list[Suggestion] = field(default_factory=list)
    checks: list[dict[str, Any]] = field(default_factory=list)
    """The assertions replay runs after the step (:mod:`deltarec.core.recorder.checks`)."""
    status: str = "recorded"
    error: str | None = None
    edited: bool = False  # parameters changed after recording: ``delta`` was cleared
    unrun: bool = False
    """Inserted without running where it stands (pasted, duplicated): no delta until it runs."""
    delta_all: str = ""  # every line, when ``delta`` was cut to its budget ("… (+N more)")
    secret: str = ""
    """The variable its typed text is written as (:mod:`deltarec.core.recorder.secrets`):
    typed into a password field, ``params`` keeps the value, every script ``${PASSWORD}``."""

    @classmethod
    def pasted(cls, step: Step) -> RecordedStep:
        """A script step pasted into the recording: its label is its note, its checks kept,
        no delta until it runs."""
        return cls(step.command, dict(step.params), step.note or step_label(step.command,
                   step.params), checks=[dict(c) for c in step.checks], edited=True,
                   unrun=True)  # fmt: skip

    def unrun_copy(self) -> RecordedStep:
        """A copy to insert elsewhere (duplicate): what it did was where it was recorded, so
        the copy has no delta, actions or suggestions until it runs; its checks stay."""
        return RecordedStep(self.command, copy.deepcopy(self.params), self.label,
                            before=self.before, after=self.before,
                            checks=copy.deepcopy(self.checks), edited=True, unrun=True,
                            secret=self.secret)  # fmt: skip

    def to_step(self, *, reveal: bool = False) -> Step:
        """The script step; a step that changed the screen carries its delta as ``expect``.
        A secret's text is its reference unless ``reveal`` (the Script Builder's own replay)."""
        expect = self.delta if self.actions and self.delta else None
        params = dict(self.params)
        if self.secret and not reveal:
            params["text"] = reference(self.secret)
        return Step(self.command, params, expect=expect, note=self.label,
                    checks=tuple(self.checks))  # fmt: skip

    def keep_secret(self, result: DeltaResult, earlier: list[RecordedStep]) -> None:
        """Typed into a password field (``result`` is the step's delta): name the value with a
        variable (one per distinct value of ``earlier`` steps) and say so in the label."""
        field = password_field(result) if self.command == "AC_type_text" else None
        if field is None or not isinstance(self.params.get("text"), str):
            return
        taken = [
            (s.secret, str(s.params.get("text"))) for s in earlier if s.secret and s is not self
        ]
        self.secret = secret_name(self.params["text"], taken)
        self.label = f'{self.secret_label()} into textbox "{field}"'

    def secret_label(self) -> str:
        """``type ${PASSWORD}`` for a secret (also once its parameters are edited), else ""."""
        if not self.secret:
            return ""
        return f"{'fill' if self.params.get('clear') else 'type'} {reference(self.secret)}"

    def to_manifest(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "params": self.params,
            "label": self.label,
            "delta": self.delta,
            "before": self.before,
            "after": self.after,
            "timing": self.timing,
            "actions": self.actions,
            **({"edited": True} if self.edited else {}),
            **({"unrun": True} if self.unrun else {}),
            **({"delta_all": self.delta_all} if self.delta_all else {}),
            **({"secret": self.secret} if self.secret else {}),
            "suggestions": [x.to_json() for x in self.suggestions],
            "checks": self.checks,
        }

    @classmethod
    def from_manifest(cls, data: Mapping[str, Any]) -> RecordedStep:
        return cls(
            command=str(data["command"]),
            params=dict(data.get("params", {})),
            label=str(data.get("label", data["command"])),
            delta=str(data.get("delta", "")),
            before=int(data.get("before", 0)),
            after=int(data.get("after", 0)),
            timing=dict(data.get("timing", {})),
            actions=list(data.get("actions", [])),
            edited=bool(data.get("edited", False)),
            unrun=bool(data.get("unrun", False)),
            delta_all=str(data.get("delta_all", "")),
            secret=str(data.get("secret", "")),
            suggestions=[Suggestion.from_json(x) for x in data.get("suggestions", [])],
            checks=list(data.get("checks", [])),
        )


def type_label(params: Mapping[str, Any], field: tuple[str, str] | None = None) -> str:
    """A typing step's label, however it was recorded (the type box, the keyboard, a form):
    ``type "Ada"``; when it replaces the field's text, ``fill textbox "Name" with "Ada"``
    (``field``: the field's role and name) or ``type "Ada" (replacing the text)``.

    >>> type_label({"text": "ada@example.org"})
    'type "ada@example.org"'
    >>> type_label({"text": "Ada", "clear": True}, ("textbox", "Name"))
    'fill textbox "Name" with "Ada"'
    """
    text = json.dumps(params.get("text", ""), ensure_ascii=False)
    if not params.get("clear"):
        return f"type {text}"
    if field is not None:
        return f"fill {field[0]} {json.dumps(field[1], ensure_ascii=False)} with {text}"
    return f"type {text} (replacing the text)"


WAIT_PARAMS = frozenset({"timeout"})
"""Parameters that say how long a step waits for its element, not what it does."""


def acts_the_same(old: Mapping[str, Any], new: Mapping[str, Any]) -> bool:
    """Whether parameters ``new`` act as ``old`` do: they differ in :data:`WAIT_PARAMS` only."""
    return {k: v for k, v in old.items() if k not in WAIT_PARAMS} == {
        k: v for k, v in new.items() if k not in WAIT_PARAMS
    }


def step_label(command: str, params: Mapping[str, Any]) -> str:
    """The label of a step recorded without one: ``press key key='enter'``; typing reads
    ``type "Ada"`` (:func:`type_label`)."""
    if command == "AC_type_text":
        return type_label(params)
    short = command.removeprefix("AC_").replace("_", " ")
    shown = ", ".join(f"{k}={v!r}" for k, v in params.items() if k != "alternates")
    return f"{short} {shown}".strip()
