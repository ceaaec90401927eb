package io.benchlab.runner.sink.influx;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The points not yet in InfluxDB, oldest first: the batch being sent, then segment files, then
 * memory. Memory holds at most {@code capacity} points; a point that does not fit sends memory,
 * with it, to a new segment file (one line of line protocol per point), so order is kept and the
 * adder never waits for the network, only for a bounded file write. The sender reads a segment
 * back (at most {@code capacity} lines) when it is its turn. What is unsent at the end is
 * {@link #persist persisted} as {@code <run>-<n>.lp} files, which a later spool for the same
 * destination {@link #adopt adopts} and sends first. A spool with segment files holds a lock on
 * {@code <run>.lock} (an OS file lock, which dies with its process, even under kill -9), so the
 * segments of a killed run are told from a live run's and adopted too. Resending part of a batch
 * is harmless: InfluxDB keeps one point per series and timestamp.
 */
final class PointSpool {

    static final String LEFTOVER = ".lp";
    private static final String SEGMENT = ".seg";
    private static final String LOCK = ".lock";

    /** A file of points, and how many it holds. */
    private record Segment(Path file, int points) {
    }

    /** A run's lock file, and the open channel whose OS lock on it says the run is alive. */
    private record HeldLock(Path file, FileChannel channel) {

        /** Removes the file, then lets go of it: whoever opened it meanwhile finds no segments left to take. */
        void release() {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A leftover lock file is harmless: the next adopter locks it and finds nothing.
            }
            closeQuietly(channel);
            HELD.remove(file);
        }
    }

    /**
     * The lock files this JVM holds. It never opens them a second time: closing any channel to a
     * file drops every lock the process holds on it, and another process would take a live run for dead.
     */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

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
    private HeldLock lock;

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
        List<HeldLock> deadRuns = new ArrayList<>();
        try {
            found.addAll(segmentsOfDeadRuns(deadRuns));
            found.sort(Comparator.comparing(Path::toString));
            return claim(found);
        } finally {
            deadRuns.forEach(HeldLock::release);
        }
    }

    /**
     * The segment files of runs whose process is gone: their lock file can be locked. Those locks
     * are added to {@code locks}, held until their files are claimed.
     */
    private List<Path> segmentsOfDeadRuns(List<HeldLock> locks) throws IOException {
        List<Path> lockFiles = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*" + LOCK)) {
            files.forEach(lockFiles::add);
        }
        List<Path> out = new ArrayList<>();
        for (Path lockFile : lockFiles.stream().map(f -> f.toAbsolutePath().normalize()).toList()) {
            String run = lockFile.getFileName().toString();
            run = run.substring(0, run.length() - LOCK.length());
            if (run.equals(prefix)) {
                continue;
            }
            HeldLock dead = lockedIfDead(lockFile);
            if (dead == null) {
                continue;
            }
            locks.add(dead);
            Pattern ofThatRun = Pattern.compile(Pattern.quote(run) + "-\\d{6}" + Pattern.quote(SEGMENT));
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir,
                    f -> ofThatRun.matcher(f.getFileName().toString()).matches())) {
                files.forEach(out::add);
            }
        }
        return out;
    }

    /** The lock file, locked, when no live process holds it (null when one does, in this JVM or another). */
    private static HeldLock lockedIfDead(Path lockFile) {
        if (!HELD.add(lockFile)) {
            return null;
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
            if (channel.tryLock() != null) {
                return new HeldLock(lockFile, channel);
            }
        } catch (IOException | OverlappingFileLockException heldOrGone) {
            // Removed meanwhile by its owner or another adopter: not ours to take.
        }
        closeQuietly(channel);
        HELD.remove(lockFile);
        return null;
    }

    /** Moves the files under this spool's segment names, in order; returns how many points they hold. */
    private long claim(List<Path> found) {
        long points = 0;
        for (Path f : found) {
            holdLock();
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
        holdLock();
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
        if (lock != null) {
            lock.release();
            lock = null;
        }
        return out;
    }

    /** Locks {@code <run>.lock} before this spool's first segment file: the sign that the run is alive. */
    private void holdLock() {
        if (lock != null) {
            return;
        }
        Path lockFile = dir.resolve(prefix + LOCK).toAbsolutePath().normalize();
        if (!HELD.add(lockFile)) {
            throw new IllegalStateException("two spools of run " + prefix + " in " + dir);
        }
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            channel.lock();
            lock = new HeldLock(lockFile, channel);
        } catch (IOException | OverlappingFileLockException e) {
            closeQuietly(channel);
            HELD.remove(lockFile);
            throw new UncheckedIOException("cannot lock the InfluxDB spill file " + lockFile,
                    e instanceof IOException io ? io : new IOException(e.getMessage(), e));
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException e) {
                // Closing only lets go of the lock; nothing to keep.
            }
        }
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
