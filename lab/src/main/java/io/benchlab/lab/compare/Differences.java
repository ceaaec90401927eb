package io.benchlab.lab.compare;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.workload.tpcb.Knob;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.KnobSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * What makes two runs not comparable: anything that shapes the figures. That is every workload
 * knob that its declaration says a difference in refuses ({@link Knob.Difference}), the engine and
 * its profile, the server settings given on top of the profile, the settings read back from it, the backend and the limits of the containers or
 * pods. What may differ:
 * <ul>
 *   <li>the knobs declared to be told (the seed: another seed draws other accounts from the same
 *       distribution, which is what repeating a run should tolerate; the interval: it slices the
 *       same run finer or coarser) or ignored (the load batch size: it shapes the load, which is
 *       not measured);</li>
 *   <li>the engine's version and the images (told beside the table): a new version is what a
 *       nightly comparison is there to judge.</li>
 * </ul>
 * A knob the runner declares is named as its option is, without the dashes, and its values as the
 * option takes them; one it does not declare (a newer lab's) by its key in the result.
 * Settings that name the server instance rather than configure it (its host name, its id) and
 * statistics that an engine lists among its settings are not compared either.
 */
public final class Differences {

    /** The setting that holds a server's host name: a setting whose value has it in it names the instance too. */
    private static final String HOSTNAME = "hostname";

    /** How many differences a line names before it says how many more there are. */
    private static final int NAMED = 8;

    private Differences() {
    }

    /** Every difference that makes the figures incomparable, one short phrase each. */
    public static List<String> refusing(RunResult a, RunResult b) {
        List<String> found = new ArrayList<>(cell(a, b));
        if (Objects.equals(a.engine().name(), b.engine().name())) {
            settings(a, b, found); // another engine's settings are all different
        }
        return found;
    }

    /**
     * What makes two runs belong to other cells of a nightly plan: the knobs whose difference refuses, the
     * engine and profile, the backend and the limits. A cell's history runs through changes of the
     * engine's version, its settings and the images: they are what a change point is explained by.
     */
    public static List<String> cell(RunResult a, RunResult b) {
        List<String> found = new ArrayList<>();
        knobs(a.knobs(), b.knobs(), Knob.Difference.REFUSE, found);
        differ(found, "engine", a.engine().name(), b.engine().name());
        differ(found, "profile", a.engine().profile(), b.engine().profile());
        given(a, b, found);
        differ(found, "backend", backend(a), backend(b));
        // Clients split over pods are driven from more cores: another set-up, as another runner limit is.
        differ(found, "client pods", Placement.clientPodCount(a.placement()), Placement.clientPodCount(b.placement()));
        side(found, "database", a.placement(), b.placement(), Placement::database);
        side(found, "runner", a.placement(), b.placement(), Placement::runner);
        return found;
    }

    /**
     * What makes two runs of other set-ups (see {@link SetupKey}) not comparable: {@link #cell}'s
     * differences but the profile and the settings given, which a set-up varies (and with them
     * the settings read back, which they change).
     */
    static List<String> beyondSetup(RunResult a, RunResult b) {
        List<String> found = new ArrayList<>();
        knobs(a.knobs(), b.knobs(), Knob.Difference.REFUSE, found);
        differ(found, "engine", a.engine().name(), b.engine().name());
        differ(found, "backend", backend(a), backend(b));
        differ(found, "client pods", Placement.clientPodCount(a.placement()), Placement.clientPodCount(b.placement()));
        side(found, "database", a.placement(), b.placement(), Placement::database);
        side(found, "runner", a.placement(), b.placement(), Placement::runner);
        return found;
    }

    /** What differs but does not make the runs incomparable: told, never refused. */
    static List<String> told(RunResult a, RunResult b) {
        List<String> found = new ArrayList<>();
        differ(found, "engine version", a.engine().version(), b.engine().version());
        differ(found, "database image", image(a, Placement::database), image(b, Placement::database));
        knobs(a.knobs(), b.knobs(), Knob.Difference.TELL, found);
        return found;
    }

    /** The scale's key in a result's knobs. */
    private static final String SCALE = KnobSpec.of("scale").resultKey();

    /**
     * The knobs whose difference is taken as TAKEN, each as the runner reads it back: a knob that a
     * result predates has the meaning its declaration gives its absence (no server stats, the JDBC
     * driver), so a night before a new knob and a night after it that leaves it at that meaning
     * are one set-up. A value this runner cannot read is compared as it is written, and taken as
     * its knob is; a knob it does not declare (a result of a newer lab) is compared as it is, and
     * refuses.
     */
    private static void knobs(Knobs a, Knobs b, Knob.Difference taken, List<String> found) {
        Set<String> undeclared = new LinkedHashSet<>(a.values().keySet());
        undeclared.addAll(b.values().keySet());
        if (taken == Knob.Difference.REFUSE) {
            differ(found, KnobCodec.WORKLOAD_KEY, a.workload(), b.workload());
        }
        undeclared.remove(KnobCodec.WORKLOAD_KEY);
        for (KnobSpec knob : KnobSpec.all()) {
            if (knob.recorded()) {
                undeclared.remove(knob.resultKey());
                if (knob.declared().difference() == taken) {
                    differ(found, knob.name(), shown(knob, a), shown(knob, b));
                }
            }
        }
        if (taken == Knob.Difference.REFUSE) {
            undeclared.forEach(key -> differ(found, key, a.text(key), b.text(key)));
        }
    }

    private static String shown(KnobSpec knob, Knobs k) {
        if (knob.resultKey().equals(SCALE)) {
            // A scale derived from the clients is the scale the run had: a run without --scale at
            // 8 clients and one given --scale 8 loaded and drove the same branches.
            return String.valueOf(k.scale());
        }
        try {
            return KnobSpec.show(knob.recordedIn(k));
        } catch (BadInputException unreadable) {
            return k.text(knob.resultKey());
        }
    }

    /**
     * The server settings given on top of the profile (--db-set), each named once as given: a key
     * one run was not given reads "unset". Its read-back value is then not named again (see {@link #settings}).
     */
    private static void given(RunResult a, RunResult b, List<String> found) {
        Map<String, String> ga = givenValues(a);
        Map<String, String> gb = givenValues(b);
        Set<String> keys = new TreeSet<>(ga.keySet());
        keys.addAll(gb.keySet());
        for (String key : keys) {
            String va = ga.get(key);
            String vb = gb.get(key);
            if (!Objects.equals(va, vb)) {
                found.add("given " + key + " " + (va == null ? "unset" : va) + " vs " + (vb == null ? "unset" : vb));
            }
        }
    }

    private static Map<String, String> givenValues(RunResult r) {
        return r.setup() == null ? Map.of() : r.setup().givenValues();
    }

    /** A setting's key as servers match it: in any case, with mysqld's - as _. */
    private static String canonical(String key) {
        return key.toLowerCase(Locale.ROOT).replace('-', '_');
    }

    private static void settings(RunResult ra, RunResult rb, List<String> found) {
        EngineInfo a = ra.engine();
        EngineInfo b = rb.engine();
        Set<String> names = new TreeSet<>(a.settings().keySet());
        names.addAll(b.settings().keySet());
        Engines.find(a.name()).ifPresent(engine -> names.removeAll(engine.instanceSettings()));
        Set<String> given = new TreeSet<>();
        givenValues(ra).keySet().forEach(k -> given.add(canonical(k)));
        givenValues(rb).keySet().forEach(k -> given.add(canonical(k)));
        names.removeIf(name -> given.contains(canonical(name)));
        for (String name : names) {
            String va = a.settings().get(name);
            String vb = b.settings().get(name);
            if (!(namesHost(a, va) && namesHost(b, vb))) {
                differ(found, "setting " + name, va, vb);
            }
        }
    }

    private static boolean namesHost(EngineInfo e, String value) {
        String host = e.settings().get(HOSTNAME);
        return host != null && !host.isBlank() && value != null && value.contains(host);
    }

    /** The differences as one phrase: the first few, and how many more. */
    public static String join(List<String> differences) {
        if (differences.size() <= NAMED) {
            return String.join(", ", differences);
        }
        return String.join(", ", differences.subList(0, NAMED)) + " and " + (differences.size() - NAMED) + " more";
    }

    private static void side(List<String> found, String name, Placement a, Placement b,
                             Function<Placement, Placement.Side> side) {
        Placement.Side sa = a == null ? null : side.apply(a);
        Placement.Side sb = b == null ? null : side.apply(b);
        differ(found, name + " cpus", sa == null ? null : sa.cpuLimit(), sb == null ? null : sb.cpuLimit());
        differ(found, name + " memory", sa == null ? null : sa.memoryLimitBytes(), sb == null ? null : sb.memoryLimitBytes());
        differ(found, name + " write IOPS", writeIops(sa), writeIops(sb));
    }

    /** A side's write cap; no cap (as in every result from before the cap was recorded) is unlimited. */
    private static Object writeIops(Placement.Side s) {
        return s == null ? null : s.writeIopsLimit() == null ? "unlimited" : s.writeIopsLimit();
    }

    private static String backend(RunResult r) {
        return r.placement() == null ? null : r.placement().backend();
    }

    private static String image(RunResult r, Function<Placement, Placement.Side> side) {
        return r.placement() == null ? null : Placement.imageReference(side.apply(r.placement()));
    }

    private static void differ(List<String> found, String what, Object a, Object b) {
        if (!Objects.equals(a, b)) {
            found.add(what + " " + text(a) + " vs " + text(b));
        }
    }

    private static String text(Object o) {
        if (o == null) {
            return "(none)";
        }
        return o instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d) ? "" + d.longValue() : o.toString();
    }
}
