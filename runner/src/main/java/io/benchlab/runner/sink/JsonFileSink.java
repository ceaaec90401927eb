package io.benchlab.runner.sink;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import java.io.IOException;
import java.nio.file.Path;

/** Writes the final result to its file, atomically, so there is never half a result. */
public final class JsonFileSink implements ResultSink {

    private final Path file;

    public JsonFileSink(Path file) {
        this.file = file;
    }

    @Override
    public void onFinish(RunResult result) throws IOException {
        ResultJson.writeAtomically(result, file);
    }
}
