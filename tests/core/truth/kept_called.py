"""The names the session oracle grants a view: what it shows now, and, for a view that shows no
text of its own (a switch), the names it had earlier in the walk.

deltarec shows an element that now has no name of its own under the one its number had
(:mod:`deltarec.core.observe.kept_names`), and a control never borrows a text another element
is called by (:mod:`deltarec.core.observe.borrowed`): Settings' Airplane mode switch, its row
cut to its summary "Off" (another row's summary reads "Off" too), reads ``switch "Airplane
mode"``, the name it had while its row showed its title. The phone's views name it only by
what its row shows now; this grants it its earlier names too, in any instance of its activity: the observer numbers
and names an activity's views again across its instances (a relaunch that shows the same
rows, ``» back to … (as after step N)``), and the Inbox's rows are its one mail (a sliver of
"Dennis · Café menu #14" after a relaunch, 1200x2000@300 seed 61005 step 106)."""

from __future__ import annotations

import dataclasses

from benchmarks.bench_session import Key, Snapshot


def kept_called(snap: Snapshot, called: dict[Key, frozenset[str]]) -> Snapshot:
    """``snap`` with each view that shows no text of its own also called by the names it had
    in the snapshots passed before (``called``, per key, updated)."""
    views = dict(snap.views)
    st = snap.state
    cut = 2 + len(st.stack)
    for key, info in snap.views.items():
        v = info.view
        if not (v.text or v.desc):
            if st.in_app and st.stack and key[:1] == ("app",) and key[2:cut] == tuple(st.stack):
                key = (*key[:2], st.stack[-1], *key[cut:])  # its activity's, any instance
            earlier = called.get(key, frozenset())
            if not earlier <= info.names:
                views[info.key] = info = dataclasses.replace(info, names=info.names | earlier)
            called[key] = info.names
    return dataclasses.replace(snap, views=views)
