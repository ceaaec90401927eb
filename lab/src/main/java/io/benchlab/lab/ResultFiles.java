package io.benchlab.lab;

import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The lab's one reader of result files: every problem with one is one line of bad input naming the file. */
public final class ResultFiles {

    private ResultFiles() {
    }

    /**
     * A result as lab compare and lab rerun take it: any schema version this model reads, as long as
     * it names its run, status, knobs and engine.
     */
    public static RunResult read(Path file) {
        RunResult r;
        try {
            r = ResultJson.read(text(file));
        } catch (UncheckedIOException e) {
            throw new BadInputException("result " + file + " is not a benchlab result: "
                    + (e.getCause() instanceof com.fasterxml.jackson.core.JacksonException j ? j.getOriginalMessage()
                    : e.getMessage()));
        }
        if (r == null || r.runId() == null || r.knobs() == null || r.engine() == null || r.status() == null) {
            throw new BadInputException("result " + file + " is not a benchlab result: it has no run_id, status, knobs"
                    + " or engine");
        }
        return r;
    }

    /** A result as lab report draws it: valid against this lab's result schema. */
    public static RunResult readValid(Path file) {
        String json = text(file);
        requireNone(ResultValidator.validate(json), "result " + file + " is not a benchlab result: ");
        return ResultJson.read(json);
    }

    /** True when the file is a capacity search's document ({@code "kind": "capacity"}) rather than a run's result. */
    public static boolean isCapacity(Path file) {
        try {
            return CapacityResult.KIND.equals(ResultJson.mapper().readTree(text(file)).path("kind").asText(null));
        } catch (IOException e) {
            return false;
        }
    }

    /** A capacity search's document, valid against its schema. */
    public static CapacityResult readCapacity(Path file) {
        String json = text(file);
        requireNone(CapacityJson.validate(json), "capacity result " + file + " is not valid: ");
        return CapacityJson.read(json);
    }

    /** A schema's violations as one line of bad input: the first, and how many more. */
    private static void requireNone(List<String> problems, String what) {
        if (!problems.isEmpty()) {
            throw new BadInputException(what + problems.get(0)
                    + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : ""));
        }
    }

    private static String text(Path file) {
        if (!Files.exists(file)) {
            throw new BadInputException("result " + file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new BadInputException("result " + file + ": not a file");
        }
        try {
            return Files.readString(file);
        } catch (CharacterCodingException e) {
            throw new BadInputException("result " + file + " is not a benchlab result: not UTF-8 text");
        } catch (IOException e) {
            throw new BadInputException("cannot read result " + file + ": " + FileProblem.describe(e));
        }
    }
}
