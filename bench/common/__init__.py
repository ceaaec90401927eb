"""The code the benches share: the lab's commands, pairs of runs, statistics, results, formatting."""
