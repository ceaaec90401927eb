package io.benchlab.lab.cli;

import io.benchlab.lab.ResultFiles;
import io.benchlab.results.AtomicFile;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import io.benchlab.runner.pods.PodMerge;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "merge", mixinStandardHelpOptions = true,
        description = {"Make one result from the results of a run's client pods (runner run --client-pods N, run once"
                + " per pod): counts summed, latency from their histograms added, which is exact.",
            "The kubernetes backend does this itself; this is for pods run by hand."})
final class MergeCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(arity = "1..*", paramLabel = "RESULT", converter = PathConverters.FileName.class,
            description = "Each client pod's own result file, in any order.")
    List<Path> results;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Write the merged result here (replaced whole, never half-written).")
    Path output;

    @Override
    public Integer call() {
        List<RunResult> pods = results.stream().map(ResultFiles::readValid).toList();
        RunResult merged;
        try {
            merged = PodMerge.merge(pods);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("the results do not merge: " + e.getMessage());
        }
        try {
            AtomicFile.write(output, ResultJson.write(merged), ".merge-");
        } catch (IOException e) {
            throw new BadInputException("cannot write " + output + ": " + FileProblem.describe(e));
        }
        var out = commandSpec.commandLine().getOut();
        var split = merged.placement().clientPods();
        out.printf(Locale.ROOT, "merged %d client pods of run %s: %s, %.1f tps, p99 %s ms, start skew %s ms%n",
                split.count(), merged.runId(), merged.status().json(),
                merged.figures() == null ? 0.0 : merged.figures().tps(),
                merged.figures() == null ? "-" : merged.figures().latency().p99Ms(), split.startSkewMs());
        out.println("result  " + output);
        out.flush();
        return 0;
    }
}
