package io.benchlab.lab.compare;

import io.benchlab.lab.ResultFiles;
import io.benchlab.lab.influx.InfluxRuns;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs named on {@code lab compare}'s command line: a result file when the name is one, else
 * a run id read from InfluxDB (which then must be given). A name that looks like a path
 * ({@code .json}, a slash) and is no file is a missing file, not a run id. An argument that names
 * several runs with commas ({@code a.json,b.json}) is one side of several runs.
 */
public final class RunSources {

    private RunSources() {
    }

    public static List<Side> sides(List<String> arguments, InfluxSettings influx) {
        List<Side> sides = new ArrayList<>();
        InfluxRuns fromInflux = null;
        try {
            for (String argument : arguments) {
                List<ComparedRun> runs = new ArrayList<>();
                for (String name : argument.split(",")) {
                    if (name.isBlank()) {
                        throw new BadInputException("'" + argument + "' names an empty run: runs of one side are"
                                + " separated by single commas");
                    }
                    fromInflux = add(runs, name.strip(), influx, fromInflux);
                }
                sides.add(new Side(runs));
            }
        } finally {
            if (fromInflux != null) {
                fromInflux.close();
            }
        }
        return sides;
    }

    /** Adds the run; returns the InfluxDB reader, opened when the first run id needed it. */
    private static InfluxRuns add(List<ComparedRun> runs, String name, InfluxSettings influx, InfluxRuns reader) {
        Path file = Path.of(name);
        if (Files.exists(file) || name.endsWith(".json") || name.contains("/")) {
            runs.add(new ComparedRun(name, ResultFiles.read(file)));
            return reader;
        }
        if (influx == null) {
            throw new BadInputException(name + " is no result file; to read run " + name
                    + " from InfluxDB, give --influx-url");
        }
        InfluxRuns fromInflux = reader != null ? reader : new InfluxRuns(influx);
        runs.add(new ComparedRun(name, fromInflux.read(name)));
        return fromInflux;
    }
}
