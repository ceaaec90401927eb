package io.benchlab.lab.backend;

import io.benchlab.results.Storage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Looks at the data directory from inside the database's container or pod, before the load: its mount
 * (filesystem, options, device, whether rotational), its size, and how long a flushed 8 KiB write
 * takes there. The images have no compiler and not always python, but perl, so the writes are
 * timed by a few lines of perl: O_DSYNC makes each write wait as an fdatasync would, at most
 * {@link #WRITES} of them or {@link #SECONDS} s, one block of a scratch file in the data directory
 * (beside the data, on its filesystem), removed after. LD_PRELOAD is cleared for it: the probe
 * measures the storage, not a library the server is given.
 */
public final class StorageProbe {

    static final int WRITES = 500;
    static final double SECONDS = 1.5;
    private static final String SCRATCH = ".benchlab-flush-probe";

    private static final String PERL = String.join("\n",
            "use strict; use Fcntl qw(O_WRONLY O_CREAT O_DSYNC);",
            // an image with perl-base alone has no Time::HiRes: said in one line, not a failure.
            "BEGIN { eval { require Time::HiRes; Time::HiRes->import('time'); 1 }",
            "  or do { print \"the image's perl has no Time::HiRes to time the writes with\\n\"; exit 0 } }",
            "my ($f, $n, $t) = @ARGV;",
            "sysopen(my $h, $f, O_WRONLY | O_CREAT | O_DSYNC, 0600) or die \"cannot open $f: $!\\n\";",
            "my $b = \"\\0\" x 8192;",
            // The first write allocates the block: not a flush of data alone, so not timed.
            "syswrite($h, $b) == 8192 or die \"cannot write $f: $!\\n\";",
            "my $start = time; my $end = $start + $t; my @d;",
            "while (@d < $n && time < $end) {",
            "  my $s = time; sysseek($h, 0, 0); syswrite($h, $b) == 8192 or die \"cannot write $f: $!\\n\";",
            "  push @d, sprintf('%.2f', (time - $s) * 1e6);",
            "}",
            // The whole time, in microseconds, on a line of its own: the writes' sustained rate.
            "my $all = (time - $start) * 1e6;",
            "close $h; unlink $f; print \"@d\\n\"; printf(\"%.0f\\n\", $all);");

    private static final String SCRIPT = String.join("\n",
            "d=\"$1\"",
            "echo '== mountinfo'; cat /proc/self/mountinfo",
            "echo '== statfs'; stat -f -c '%S %b' \"$d\" 2>&1",
            "echo '== devices'",
            "for x in /sys/class/block/*; do",
            "  r=$(cat \"$x/queue/rotational\" 2>/dev/null || cat \"$x/../queue/rotational\" 2>/dev/null) && echo \"${x##*/} $r\"",
            "done",
            "echo '== probe'",
            "command -v perl >/dev/null || { echo 'error: no perl in the image'; exit 0; }",
            "LD_PRELOAD= perl -e \"$2\" \"$d/" + SCRATCH + "\" " + WRITES + " " + SECONDS + " 2>&1 | sed 's/^\\([^0-9]\\)/error: \\1/'",
            "rm -f \"$d/" + SCRATCH + "\"");

    private StorageProbe() {
    }

    /**
     * The probe as a command for a container that has the data directory at {@code dataDir}: the
     * docker backend runs it in the database's container ({@code ContainerStorageProbe}), the
     * kubernetes backend as an init container of the database pod, its output in its log.
     */
    public static List<String> command(String dataDir) {
        return List.of("sh", "-c", SCRIPT, "sh", dataDir, PERL);
    }

    /** The script's output read: its sections, each optional. */
    public static Storage read(Storage asked, String output) {
        Map<String, List<String>> sections = sections(output);
        String[] mount = mountOf(asked.dataDir(), sections.getOrDefault("mountinfo", List.of()));
        String filesystem = null;
        String options = null;
        String device = null;
        if (mount != null) {
            int dash = Arrays.asList(mount).indexOf("-");
            filesystem = mount[dash + 1];
            options = mount[5] + " " + mount[dash + 3];
            device = mount[dash + 2].startsWith("/dev/") ? mount[dash + 2] : null;
        }
        Boolean rotational = null;
        if (device != null) {
            String name = device.substring(device.lastIndexOf('/') + 1);
            for (String line : sections.getOrDefault("devices", List.of())) {
                String[] f = line.strip().split("\\s+");
                if (f.length == 2 && f[0].equals(name) && (f[1].equals("0") || f[1].equals("1"))) {
                    rotational = f[1].equals("1");
                }
            }
        }
        Long size = size(sections.getOrDefault("statfs", List.of()));
        List<String> probe = sections.getOrDefault("probe", List.of());
        Storage.FlushLatency flush = null;
        String missing = "the probe printed nothing";
        if (!probe.isEmpty() && probe.get(0).startsWith("error: ")) {
            missing = probe.get(0).substring("error: ".length()).strip();
        } else if (!probe.isEmpty()) {
            flush = latency(probe.get(0), probe.size() > 1 ? probe.get(1) : null);
            missing = flush == null ? "the probe timed no write" : null;
        }
        String note = missing == null ? asked.note() : asked.note() + "; flush latency not measured: " + missing;
        return with(asked, filesystem, options, size, device, rotational, flush, note);
    }

    /** The mountinfo line of the mount the data directory is on: the longest mount point above it. */
    private static String[] mountOf(String dataDir, List<String> mountinfo) {
        String[] best = null;
        for (String line : mountinfo) {
            String[] f = line.strip().split(" ");
            if (f.length < 10 || !Arrays.asList(f).contains("-")) {
                continue;
            }
            String point = f[4].replace("\\040", " ");
            boolean above = point.equals("/") || dataDir.equals(point) || dataDir.startsWith(point + "/");
            if (above && (best == null || point.length() >= best[4].length())) {
                best = f;
            }
        }
        return best;
    }

    private static Long size(List<String> statfs) {
        if (statfs.isEmpty()) {
            return null;
        }
        String[] f = statfs.get(0).strip().split("\\s+");
        try {
            return f.length == 2 ? Math.multiplyExact(Long.parseLong(f[0]), Long.parseLong(f[1])) : null;
        } catch (NumberFormatException | ArithmeticException unreadable) {
            return null;
        }
    }

    /**
     * Microseconds per write, one line, into milliseconds' p50, p99 and max (nearest rank), and the
     * writes a second over the probe's whole time, {@code elapsed} microseconds (null, unreadable:
     * no rate). The rate is what a throttle shows: one that lets each 100 ms slice's first writes
     * through at the disk's speed leaves the median as fast as the disk's own.
     */
    static Storage.FlushLatency latency(String line, String elapsed) {
        double[] us;
        try {
            us = Arrays.stream(line.strip().split("\\s+")).filter(s -> !s.isEmpty())
                    .mapToDouble(Double::parseDouble).sorted().toArray();
        } catch (NumberFormatException unreadable) {
            return null;
        }
        if (us.length == 0) {
            return null;
        }
        return new Storage.FlushLatency(us.length, ms(rank(us, 0.50)), ms(rank(us, 0.99)), ms(us[us.length - 1]),
                perSecond(us.length, elapsed));
    }

    private static Double perSecond(int writes, String elapsedUs) {
        try {
            double us = elapsedUs == null ? 0 : Double.parseDouble(elapsedUs.strip());
            return us > 0 ? Math.round(writes * 1e7 / us) / 10.0 : null;
        } catch (NumberFormatException unreadable) {
            return null;
        }
    }

    private static double rank(double[] sorted, double q) {
        return sorted[Math.max(0, (int) Math.ceil(q * sorted.length) - 1)];
    }

    private static double ms(double us) {
        return Math.round(us * 10) / 10_000.0;
    }

    private static Map<String, List<String>> sections(String output) {
        Map<String, List<String>> sections = new HashMap<>();
        List<String> current = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.startsWith("== ")) {
                current = new ArrayList<>();
                sections.put(line.substring(3).strip().toLowerCase(Locale.ROOT), current);
            } else if (!line.isBlank()) {
                current.add(line);
            }
        }
        return sections;
    }

    /** The storage as the console says it: its filesystem and flush latency, or why there is none. */
    public static String describe(Storage s) {
        String fs = s.filesystem() == null ? "filesystem not seen" : s.filesystem()
                + (s.device() == null ? "" : " on " + s.device());
        Storage.FlushLatency f = s.flush();
        return f == null ? fs + "; " + s.note() : String.format(Locale.ROOT,
                "%s, flush p50 %.3f ms, p99 %.3f ms, max %.3f ms (%d writes%s)", fs, f.p50Ms(), f.p99Ms(), f.maxMs(),
                f.writes(), f.writesPerSecond() == null ? ""
                        : String.format(Locale.ROOT, ", %.0f a second", f.writesPerSecond()));
    }

    /** ASKED with no figures: the probe could not run, WHY said in the note. */
    public static Storage unread(Storage asked, String why) {
        return with(asked, null, null, null, null, null, null, asked.note() + "; not looked at: " + why);
    }

    private static Storage with(Storage s, String filesystem, String options, Long size, String device,
                                Boolean rotational, Storage.FlushLatency flush, String note) {
        return new Storage(s.kind(), s.dataDir(), s.requestedBytes(), filesystem, options, size, device, rotational,
                flush, note, s.storageClass(), s.provisioner(), s.bindFolder());
    }
}
