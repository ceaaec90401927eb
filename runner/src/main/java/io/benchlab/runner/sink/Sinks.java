package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import java.io.IOException;
import java.util.List;

/** Fans the calls out to several sinks, in order. */
public final class Sinks implements ResultSink {

    private final List<ResultSink> sinks;

    public Sinks(List<ResultSink> sinks) {
        this.sinks = List.copyOf(sinks);
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint point) {
        for (ResultSink sink : sinks) {
            sink.onInterval(phase, point);
        }
    }

    @Override
    public void onFinish(RunResult result) throws IOException {
        for (ResultSink sink : sinks) {
            sink.onFinish(result);
        }
    }
}
