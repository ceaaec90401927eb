"""Where a runner's CPU went, from async-profiler's collapsed stacks: by thread, and on the clients' threads by what they did.

  python3 -m bench.profile_summary FILE.collapsed [FILE.collapsed ...]

Reads async-profiler's `collapsed` output (a stack a line, with or without the agent's `threads`
option: a thread is told by the frames of its stack, see THREADS) and prints, for each file and
for all together:
- the share of the samples by thread: the clients (pgjdbc's threads or the Vert.x event loops),
  the JIT compilers, the garbage collector, the interval collector and sampler threads, the rest;
- on the clients' threads, the share by what the sample was doing (the innermost frame that
  matches, in the order of CLIENT): sending (a write, which on loopback also delivers into the
  server's socket and wakes its backend), receiving, waiting for readiness (epoll_wait), benchlab's
  own timing and histograms, and the rest (the driver's Java: codecs, futures, the pipeline).
With itimer or cpu sampling, time in the kernel is charged to the call that entered it.
Used on what python3 -m bench.k8s_pgbench --profiler leaves in bench/out/k8s_pgbench/profiles/, and by hand.
"""
import collections
import sys

from .common.core import bench_parser, die

# First match wins, on the whole stack.
THREADS = [("JIT compiler", ("CompileBroker", "C2Compiler", "Compilation::")),
           ("garbage collector", ("GCTaskThread", "WorkerThread::run", "ParallelGC", "VM_GC", "GangWorker")),
           ("clients", ("io/benchlab/runner/driver/Worker.run", "EpollEventLoop.run", "vert.x-eventloop")),
           ("collector, sampler, watchdog", ("io/benchlab/runner/driver/Driver", "io/benchlab/runner/server/",
                                             "io/benchlab/runner/metrics/MemoryWatcher", "Watchdog.watch"))]
# On the clients' threads: the innermost frame that matches one of these names what the sample did.
CLIENT = [("send", ("__GI___send", "libc/so/6.send", "__libc_write", "__GI___libc_write", "libc/so/6.write",
                     "writev", "Socket.sendAddress", "Socket.writeAddress", "SocketDispatcher.write0")),
          ("receive", ("__GI___recv", "libc/so/6.recv", "__libc_read", "__GI_read", "libc/so/6.read",
                       "Socket.recvAddress", "Socket.readAddress", "SocketDispatcher.read0")),
          ("wait for readiness", ("epoll_wait", "Native.epollWait", "libc/so/6.poll", "__GI___poll")),
          ("benchlab's timing and histograms", ("io/benchlab/runner/metrics/", "org/HdrHistogram/"))]


def classify(frames, rules, default):
    for name, marks in rules:
        if any(m in f for f in frames for m in marks):
            return name
    return default


def innermost(frames, rules, default):
    for f in reversed(frames):
        for name, marks in rules:
            if any(m in f for m in marks):
                return name
    return default


def summarize(lines):
    threads, client = collections.Counter(), collections.Counter()
    for line in lines:
        stack, _, n = line.rstrip("\n").rpartition(" ")
        if not n.isdigit():
            continue
        frames = stack.split(";")
        group = classify(frames, THREADS, "other")
        threads[group] += int(n)
        if group == "clients":
            client[innermost(frames, CLIENT, "the driver's own code (codecs, futures, pipeline)")] += int(n)
    return threads, client


def show(title, threads, client):
    total, on_clients = sum(threads.values()), sum(client.values())
    print(title)
    if not total:
        print("  no samples")
        return
    print(f"  {total} samples")
    for name, n in threads.most_common():
        print(f"  {n / total * 100:5.1f}%  {name}")
    if on_clients:
        print("  the clients' threads:")
        for name, n in client.most_common():
            print(f"    {n / on_clients * 100:5.1f}%  {name}")


def main(argv=None) -> int:
    p = bench_parser(__spec__.name, __doc__)
    p.add_argument("files", nargs="+", metavar="FILE.collapsed", help="async-profiler's collapsed stacks")
    a = p.parse_args(argv)
    all_threads, all_client = collections.Counter(), collections.Counter()
    for path in a.files:
        try:
            with open(path) as f:
                threads, client = summarize(f)
        except OSError as e:
            die(f"{path}: {e.strerror}", 2)
        show(path, threads, client)
        all_threads.update(threads)
        all_client.update(client)
    if len(a.files) > 1:
        show("all files", all_threads, all_client)
    return 0


if __name__ == "__main__":
    sys.exit(main())
