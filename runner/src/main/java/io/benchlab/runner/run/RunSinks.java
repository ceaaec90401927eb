package io.benchlab.runner.run;

import io.benchlab.runner.sink.JsonFileSink;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.sink.influx.InfluxSink;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The sinks of one run, for the runner's CLI and the lab alike: the result file, and InfluxDB when given. */
public final class RunSinks {

    private RunSinks() {
    }

    /** {@code influx} null: no InfluxDB; {@code warn} takes the InfluxDB sink's one-line console warnings. */
    public static Sinks of(Path file, InfluxSettings influx, InfluxSink.Scope scope, Consumer<String> warn) {
        List<ResultSink> chosen = new ArrayList<>(List.of(new JsonFileSink(file)));
        if (influx != null) {
            chosen.add(new InfluxSink(influx, scope, warn));
        }
        return new Sinks(chosen);
    }
}
