"""``${NAME}`` in a typed text (:mod:`deltarec.core.executor.variables`): generated texts that
are, nearly are, or are not a reference, with the variable set or not, against a session
that has variables (``deltarec run``) or none (an MCP server's): the field holds the
environment's value exactly when the text is one reference and the session has variables;
an unset variable fails the step naming it and types nothing; everything else is typed as
given."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from deltarec.core.devices.virtual import ManualClock, Playground, VirtualDevice
from deltarec.core.executor import Session
from tests.core.executor.conftest import launch, run

NAMES = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
PLAIN = st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N")), min_size=1,
                max_size=8)  # fmt: skip
TEXTS = st.one_of(
    NAMES.map(lambda n: "${" + n + "}"),  # a reference
    st.tuples(NAMES, PLAIN).map(lambda t: "${" + t[0] + "} " + t[1]),  # more than one
    NAMES.map(lambda n: "$" + n),  # shell style: not ours
    NAMES.map(lambda n: "${" + n),  # unclosed
    st.from_regex(r"\$\{[0-9][A-Za-z0-9_]{0,4}\}", fullmatch=True),  # not a name
    PLAIN,
)
REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


@settings(max_examples=40, deadline=None)
@given(text=TEXTS, value=PLAIN, is_set=st.booleans(), has_variables=st.booleans())
def test_a_field_holds_the_value_only_of_a_whole_reference(
    text: str, value: str, is_set: bool, has_variables: bool
) -> None:
    whole = REFERENCE.fullmatch(text)
    environ = {whole[1]: value} if whole and is_set else {"OTHER": "x"}
    pg = Playground(ManualClock())
    clock = ManualClock()
    session = Session(VirtualDevice(pg), clock=clock, sleep=clock.advance,
                      variables=environ if has_variables else None)  # fmt: skip
    field = {"resource_id": "dev.deltarec.playground:id/name"}
    report = run(
        session,
        [launch("SignUpActivity"), ["AC_type_text", {"text": text, "selector": field}]],
        effects="off",
    )
    if whole and has_variables and not is_set:
        assert not report.ok and f"{whole[1]} is not set" in (report.failures[0].error or "")
        assert pg.state.form.name == ""
        return
    assert report.ok, report.failures
    assert pg.state.form.name == (value if whole and has_variables else text)
