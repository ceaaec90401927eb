package io.benchlab.lab.report;

import io.benchlab.lab.ResultFiles;
import io.benchlab.results.AtomicFile;
import io.benchlab.results.CapacityResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** {@code lab report}: result files in, one HTML file out, written whole or not at all. */
public final class Report {

    private Report() {
    }

    /** A table the page shows before its charts (a night's verdicts): a heading, column names and rows. */
    public record Section(String heading, List<String> headers, List<List<String>> rows) {
        public Section {
            headers = List.copyOf(headers);
            rows = rows.stream().map(List::copyOf).toList();
        }
    }

    /** A capacity search's document in a report, and the file it came from. */
    record Capacity(Path file, CapacityResult result) {
    }

    /**
     * Reads and checks every result (runs' results and capacity searches' documents), then writes the
     * page; bad input throws before anything is written. Returns how many files it drew.
     */
    public static int write(List<Path> results, Path output) {
        return write(results, output, List.of());
    }

    /** As {@link #write(List, Path)}, with SECTIONS first. */
    public static int write(List<Path> results, Path output, List<Section> sections) {
        checkOutput(output);
        List<Capacity> capacities = new ArrayList<>();
        List<Path> runFiles = new ArrayList<>();
        for (Path file : results) {
            if (ResultFiles.isCapacity(file)) {
                capacities.add(new Capacity(file, ResultFiles.readCapacity(file)));
            } else {
                runFiles.add(file);
            }
        }
        List<ReportRun> runs = ReportRuns.read(runFiles);
        String html = ReportPage.render(runs, capacities, Instant.now().truncatedTo(ChronoUnit.SECONDS), sections);
        try {
            // A reader (or a browser reloading) never sees half a page.
            AtomicFile.write(output, html, ".report-");
        } catch (IOException e) {
            throw new BadInputException("cannot write the report to " + output + ": " + e.getMessage());
        }
        return runs.size() + capacities.size();
    }

    private static void checkOutput(Path output) {
        Path absolute = output.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new BadInputException("-o " + output + " is a directory; give a file name, e.g. report.html");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException("-o " + output + " is not a regular file (the report would replace it)");
        }
        WritableDirectory.problem(absolute.getParent()).ifPresent(why -> {
            throw new BadInputException("cannot write the report to " + output + ": " + why);
        });
    }
}
