package io.benchlab.lab.cli;

import io.benchlab.lab.report.Report;
import io.benchlab.runner.cli.PathConverters;
import io.benchlab.runner.cli.VersionProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "report", mixinStandardHelpOptions = true,
        description = {"Make one HTML file from result files: throughput and p99 over time, throughput and latency"
                + " against clients when the results form a sweep, bars per run, and a table of the runs.",
            "The file needs no network to open (no script, no fonts or styles from elsewhere)."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Parameters(arity = "1..*", paramLabel = "RESULT", converter = PathConverters.FileName.class,
            description = "Result files (results/<run-id>.json), e.g. every result of a sweep.")
    List<Path> results;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", converter = PathConverters.FileName.class,
            description = "Write the report here, e.g. report.html (replaced whole, never half-written).")
    Path output;

    @Override
    public Integer call() {
        int runs = Report.write(results, output);
        var out = commandSpec.commandLine().getOut();
        out.println("report  " + output + "  (" + runs + (runs == 1 ? " run)" : " runs)"));
        out.flush();
        return 0;
    }
}
