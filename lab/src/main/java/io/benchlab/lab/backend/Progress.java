package io.benchlab.lab.backend;

import java.io.PrintWriter;
import java.util.Locale;

/** The lab's live progress lines, on the progress stream (stderr), kept apart from the summary. */
public record Progress(PrintWriter err, boolean quiet) {

    /** A line of the lab's own, unless quiet. */
    public void lab(String format, Object... args) {
        if (!quiet) {
            err.println(String.format(Locale.ROOT, "lab      " + format, args));
            err.flush();
        }
    }

    /** A line the runner printed elsewhere (a container, a pod), passed on as it came. */
    public void relay(String line) {
        err.println(line);
        err.flush();
    }

    /** A problem the user must see even when quiet. */
    public void warn(String line) {
        err.println("lab: " + line);
        err.flush();
    }
}
