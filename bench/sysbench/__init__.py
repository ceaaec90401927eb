"""benchlab against sysbench 1.0: a server of the bench's own, benchlab's transaction as sysbench's
Lua script (tpcb.lua), both clients on benchlab's tables.

Run by bench.sysbench_compare: server.py (the server, its profiles), local.py (the runs),
output.py (what sysbench prints, read; the CPU of its measured phase). The runs of a client,
its environment and the medians are bench.pgbench's (local.py, sides.py), shared.
"""
