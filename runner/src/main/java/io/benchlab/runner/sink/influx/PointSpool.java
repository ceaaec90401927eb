package io.benchlab.runner.sink.influx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * The points not yet in InfluxDB, oldest first: the batch being sent, then segment files, then
 * memory. Memory holds at most {@code capacity} points; a point that does not fit sends memory,
 * with it, to a new segment file (one line of line protocol per point), so order is kept and the
 * adder never waits for the network, only for a bounded file write. The sender reads a segment
 * back (at most {@code capacity} lines) when it is its turn. What is unsent at the end is
 * {@link #persist persisted} as {@code <run>-<n>.lp} files, which a later spool for the same
 * destination {@link #adopt adopts} and sends first. (A process killed with -9 leaves its
 * {@code .seg} files; they are not adopted, since a live run's look the same.) Resending part of a batch is harmless:
 * InfluxDB keeps one point per series and timestamp.
 */
final class PointSpool {

    static final String LEFTOVER = ".lp";
    private static final String SEGMENT = ".seg";

    /** A file of points, and how many it holds. */
    private record Segment(Path file, int points) {
    }

    private final Path dir;
    private final String prefix;
    private final int capacity;
    private final Deque<String> memory = new ArrayDeque<>();
    private final Deque<Segment> segments = new ArrayDeque<>();
    private List<String> current = List.of();
    private Segment currentSegment;
    private int currentSent;
    private int seq;
    private long spilled;
    private boolean persisted;
    private Path lastLeftover;

    PointSpool(Path dir, String prefix, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.dir = dir;
        this.prefix = prefix;
        this.capacity = capacity;
    }

    /** Takes over the leftovers of earlier runs to this destination, in name order; returns how many points. */
    synchronized long adopt() throws IOException {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + LEFTOVER)) {
            files.forEach(found::add);
        }
        found.sort(Comparator.comparing(Path::toString));
        long points = 0;
        for (Path f : found) {
            Path mine = name(SEGMENT);
            try {
                // A rename claims the file: two runs starting together never both send it.
                Files.move(f, mine, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException takenByAnother) {
                continue;
            }
            int n = read(mine).size();
            segments.add(new Segment(mine, n));
            points += n;
        }
        return points;
    }

    /** Adds points in order; when memory would pass its bound, memory and these go to a segment file. */
    synchronized void add(List<String> lines) {
        if (persisted) {
            if (lastLeftover == null) {
                lastLeftover = name(LEFTOVER);
            }
            write(lastLeftover, lines, true);
            return;
        }
        if (memory.size() + lines.size() <= capacity) {
            memory.addAll(lines);
            return;
        }
        List<String> out = new ArrayList<>(memory);
        out.addAll(lines);
        memory.clear();
        Path file = name(SEGMENT);
        write(file, out, false);
        segments.add(new Segment(file, out.size()));
        spilled += out.size();
    }

    /** The oldest unsent points, at most {@code max}; empty when none are waiting. */
    synchronized List<String> next(int max) {
        if (persisted) {
            return List.of();
        }
        if (currentSent == current.size()) {
            currentSent = 0;
            currentSegment = segments.peek();
            if (currentSegment != null) {
                current = read(currentSegment.file());
            } else {
                current = new ArrayList<>();
                while (!memory.isEmpty() && current.size() < capacity) {
                    current.add(memory.poll());
                }
            }
        }
        return List.copyOf(current.subList(currentSent, Math.min(current.size(), currentSent + max)));
    }

    /** The sender wrote the first {@code n} points {@link #next} gave it. */
    synchronized void sent(int n) {
        if (persisted) {
            return;
        }
        currentSent += n;
        if (currentSent >= current.size()) {
            if (currentSegment != null) {
                segments.remove(currentSegment);
                delete(currentSegment.file());
            }
            current = List.of();
            currentSegment = null;
            currentSent = 0;
        }
    }

    synchronized long pending() {
        long n = current.size() - currentSent + memory.size();
        for (Segment s : segments) {
            n += s == currentSegment ? 0 : s.points();
        }
        return n;
    }

    /** Points that went to a segment file because memory was full. */
    synchronized long spilled() {
        return spilled;
    }

    /**
     * Keeps everything unsent as leftover files, in order, for the next spool to this destination;
     * later {@link #add}s append to the last one. Returns the files (empty when nothing was left).
     */
    synchronized List<Path> persist() {
        persisted = true;
        List<Path> out = new ArrayList<>();
        List<String> head = current.subList(currentSent, current.size());
        if (!head.isEmpty()) {
            out.add(name(LEFTOVER));
            write(out.get(0), head, false);
        }
        for (Segment s : segments) {
            if (s == currentSegment) {
                delete(s.file());
            } else {
                out.add(name(LEFTOVER));
                move(s.file(), out.get(out.size() - 1));
            }
        }
        if (!memory.isEmpty()) {
            out.add(name(LEFTOVER));
            write(out.get(out.size() - 1), new ArrayList<>(memory), false);
        }
        segments.clear();
        memory.clear();
        current = List.of();
        currentSegment = null;
        lastLeftover = out.isEmpty() ? null : out.get(out.size() - 1);
        return out;
    }

    Path dir() {
        return dir;
    }

    /** The next file name of this spool: they sort in the order they were made. */
    private Path name(String suffix) {
        return dir.resolve(String.format("%s-%06d%s", prefix, ++seq, suffix));
    }

    private void write(Path file, List<String> lines, boolean append) {
        try {
            Files.createDirectories(dir);
            Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    append ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the InfluxDB spill file " + file, e);
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the InfluxDB spill file " + file, e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot keep the InfluxDB spill file " + from, e);
        }
    }

    private static void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove the sent InfluxDB spill file " + file, e);
        }
    }
}
