"""``make bench``: measure the score pad on this machine and write ``docs/benchmarks.md``.

Every speed figure is a median over repeated runs and a ratio to a floor measured in the same
run; everything runs on 127.0.0.1 only, every loop is bounded, and nothing here is a test.
"""
