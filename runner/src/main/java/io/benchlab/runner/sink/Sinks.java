package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Warning;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Fans the calls out to several sinks, in order; closes them all even when one fails. */
public final class Sinks implements ResultSink {

    private final List<ResultSink> sinks;

    public Sinks(List<ResultSink> sinks) {
        this.sinks = List.copyOf(sinks);
    }

    @Override
    public void open(RunIdentity identity) {
        sinks.forEach(s -> s.open(identity));
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint point) {
        for (ResultSink sink : sinks) {
            sink.onInterval(phase, point);
        }
    }

    @Override
    public void onEvent(RunEvent event) {
        for (ResultSink sink : sinks) {
            sink.onEvent(event);
        }
    }

    @Override
    public void onServerInterval(ServerStats.Interval interval) {
        for (ResultSink sink : sinks) {
            sink.onServerInterval(interval);
        }
    }

    @Override
    public List<Warning> notes() {
        List<Warning> notes = new ArrayList<>();
        sinks.forEach(s -> notes.addAll(s.notes()));
        return notes;
    }

    @Override
    public void onFinish(RunResult result) throws IOException {
        for (ResultSink sink : sinks) {
            sink.onFinish(result);
        }
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (ResultSink sink : sinks) {
            try {
                sink.close();
            } catch (RuntimeException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
