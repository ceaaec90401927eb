package io.benchlab.runner.it;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.opentest4j.TestAbortedException;

/**
 * Prints why tests were skipped, so that `make test` says what to start instead of only
 * "Skipped: 3": {@code SKIPPED PostgresIT: no server: set BENCHLAB_PG_URL (...)}, one line per
 * test class and reason. Registered for every test class of the runner and the lab (which has the
 * runner's test jar) through META-INF/services, with junit.jupiter.extensions.autodetection.enabled
 * set for surefire and failsafe in the parent pom.
 */
public final class SkipReasons implements TestWatcher, AfterAllCallback {

    private final Map<Class<?>, Tally> tallies = new ConcurrentHashMap<>();

    @Override
    public void testSuccessful(ExtensionContext context) {
        tally(context).ran();
    }

    @Override
    public void testFailed(ExtensionContext context, Throwable cause) {
        tally(context).ran();
    }

    @Override
    public void testAborted(ExtensionContext context, Throwable cause) {
        tally(context).skipped(reason(cause));
    }

    @Override
    public void testDisabled(ExtensionContext context, Optional<String> reason) {
        tally(context).skipped(reason.orElse("disabled"));
    }

    /** A class whose set-up aborted ran none of its tests, and no test was watched: one line for all. */
    @Override
    public void afterAll(ExtensionContext context) {
        String name = name(context.getRequiredTestClass());
        Tally tally = tallies.remove(context.getRequiredTestClass());
        Optional<Throwable> classAborted =
                context.getExecutionException().filter(TestAbortedException.class::isInstance);
        List<String> lines = classAborted.isPresent() ? List.of(Tally.line(name, reason(classAborted.get()), 0, 0))
                : tally == null ? List.of() : tally.lines(name);
        lines.forEach(System.out::println);
        System.out.flush();
    }

    private Tally tally(ExtensionContext context) {
        return tallies.computeIfAbsent(context.getRequiredTestClass(), c -> new Tally());
    }

    /** {@code PostgresIT}, or {@code Outer.Inner} for a nested class. */
    private static String name(Class<?> testClass) {
        Class<?> outer = testClass.getEnclosingClass();
        return outer == null ? testClass.getSimpleName() : name(outer) + "." + testClass.getSimpleName();
    }

    static String reason(Throwable cause) {
        String message = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return message.replaceFirst("^Assumption failed: ", "").lines().findFirst().orElse("").strip();
    }

    /** The tests of one class: how many ran or were skipped, and how many were skipped for each reason. */
    static final class Tally {
        private int tests;
        private final Map<String, Integer> skipped = new LinkedHashMap<>();

        synchronized void ran() {
            tests++;
        }

        synchronized void skipped(String reason) {
            tests++;
            skipped.merge(reason, 1, Integer::sum);
        }

        synchronized List<String> lines(String testClass) {
            return skipped.entrySet().stream().map(e -> line(testClass, e.getKey(), e.getValue(), tests)).toList();
        }

        /** The whole class when every test was skipped for this one reason, else how many of them. */
        static String line(String testClass, String reason, int skipped, int tests) {
            return "SKIPPED " + testClass + (skipped == tests ? "" : " (" + skipped + " of " + tests + " tests)") + ": "
                    + reason;
        }
    }
}
