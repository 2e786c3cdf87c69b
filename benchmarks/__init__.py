"""Benchmarks of deltarec against the reference library (not part of the package).

Run ``python benchmarks/bench_delta.py``; see ``benchmarks/README.md``.
"""
