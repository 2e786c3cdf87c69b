"""The ``deltarec`` command line: thin fronts over the core API."""
