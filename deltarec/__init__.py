"""deltarec's public Python API: ``connect``, ``Phone``, ``Locator``, ``expect``.

The names live in :mod:`core.api`; this package is what exported scripts and
people import::

    import deltarec
    phone = deltarec.connect("virtual")
    phone.get(text="Sign up").tap()
    deltarec.expect(phone.get(resource_id="save")).to_be_enabled(enabled=False)

The pytest plugin (:mod:`deltarec.pytest_plugin`, registered as ``pytest11``)
gives tests a ``phone`` fixture and ``--device`` / ``--device-pool``.

    >>> import deltarec
    >>> deltarec.connect("virtual").serial
    'virtual'
"""

from __future__ import annotations

from core.api import *  # noqa: F403 (the names and their list are core.api's)
from core.api import __all__ as __all__
