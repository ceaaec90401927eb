package io.benchlab.lab.compare;

import io.benchlab.lab.influx.InfluxRuns;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs named on {@code lab compare}'s command line: a result file when the name is one, else
 * a run id read from InfluxDB (which then must be given). A name that looks like a path
 * ({@code .json}, a slash) and is no file is a missing file, not a run id.
 */
public final class RunSources {

    private RunSources() {
    }

    public static List<ComparedRun> load(List<String> names, InfluxSettings influx) {
        List<ComparedRun> runs = new ArrayList<>();
        InfluxRuns fromInflux = null;
        try {
            for (String name : names) {
                Path file = Path.of(name);
                if (Files.isRegularFile(file)) {
                    runs.add(ComparedRun.of(name, readFile(file)));
                } else if (Files.exists(file) || name.endsWith(".json") || name.contains("/")) {
                    throw new BadInputException(name + ": no such result file");
                } else if (influx == null) {
                    throw new BadInputException(name + " is no result file; to read run " + name
                            + " from InfluxDB, give --influx-url");
                } else {
                    fromInflux = fromInflux != null ? fromInflux : new InfluxRuns(influx);
                    runs.add(fromInflux.read(name));
                }
            }
        } finally {
            if (fromInflux != null) {
                fromInflux.close();
            }
        }
        return runs;
    }

    public static RunResult readFile(Path file) {
        RunResult r;
        try {
            r = ResultJson.read(file);
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new BadInputException(file + " is not a run result: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + FileProblem.describe(e));
        }
        if (r == null || r.runId() == null || r.knobs() == null || r.engine() == null || r.status() == null) {
            throw new BadInputException(file + " is not a run result: it has no run_id, status, knobs or engine");
        }
        return r;
    }
}
