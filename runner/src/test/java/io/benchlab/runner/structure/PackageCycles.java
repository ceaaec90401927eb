package io.benchlab.runner.structure;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;

/**
 * The package graph of a module's compiled classes, as the JDK's jdeps reads it, and its cycles:
 * a package that reaches itself through others cannot be understood, tested or moved on its own.
 */
public final class PackageCycles {

    /** "   io.benchlab.a  -> io.benchlab.b   module": one package edge of jdeps -verbose:package. */
    private static final Pattern EDGE = Pattern.compile("^\\s+(\\S+)\\s+->\\s+(\\S+)\\s");

    private PackageCycles() {
    }

    /** The classes folder (or jar) that holds this class. */
    public static Path classesOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Each package under {@code prefix} and the packages under {@code prefix} it uses. */
    public static Map<String, Set<String>> graph(Path classes, String prefix) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String line : jdeps("-verbose:package", classes).split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find() && m.group(1).startsWith(prefix) && m.group(2).startsWith(prefix)
                    && !m.group(1).equals(m.group(2))) {
                graph.computeIfAbsent(m.group(1), p -> new TreeSet<>()).add(m.group(2));
            }
        }
        return graph;
    }

    /** The classes of package {@code used} that the classes under {@code prefix} use (nested ones with their $). */
    public static Set<String> classesUsed(Path classes, String prefix, String used) {
        Set<String> out = new TreeSet<>();
        for (String line : jdeps("-verbose:class", classes).split("\n")) {
            Matcher m = EDGE.matcher(line);
            if (m.find() && m.group(1).startsWith(prefix) && m.group(2).startsWith(used + ".")
                    && m.group(2).indexOf('.', used.length() + 1) < 0) {
                out.add(m.group(2));
            }
        }
        return out;
    }

    private static String jdeps(String verbose, Path classes) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new IllegalStateException(
                "no jdeps in this JDK"));
        StringWriter out = new StringWriter();
        int code = jdeps.run(new PrintWriter(out), new PrintWriter(out), verbose, "-filter:none", classes.toString());
        if (code != 0) {
            throw new IllegalStateException("jdeps failed (" + code + "): " + out);
        }
        return out.toString();
    }

    /** Every cycle found by a depth-first walk, each as the packages around it (first one repeated last). */
    public static List<List<String>> cycles(Map<String, Set<String>> graph) {
        List<List<String>> found = new ArrayList<>();
        Map<String, Integer> state = new TreeMap<>();
        for (String p : graph.keySet()) {
            walk(p, graph, state, new ArrayList<>(), found);
        }
        return found;
    }

    private static void walk(String p, Map<String, Set<String>> graph, Map<String, Integer> state, List<String> path,
                             List<List<String>> found) {
        Integer s = state.get(p);
        if (s != null) {
            if (s == 1) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(p), path.size()));
                cycle.add(p);
                found.add(cycle);
            }
            return;
        }
        state.put(p, 1);
        path.add(p);
        for (String q : graph.getOrDefault(p, Set.of())) {
            walk(q, graph, state, path, found);
        }
        path.remove(path.size() - 1);
        state.put(p, 2);
    }
}
