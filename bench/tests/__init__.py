"""Unit tests of the benches' shared code: python3 -m unittest discover -s bench -t . (make bench-test)."""
