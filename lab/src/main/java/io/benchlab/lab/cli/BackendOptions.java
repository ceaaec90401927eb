package io.benchlab.lab.cli;

import io.benchlab.runner.core.BadInputException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** Options of one kind of backend, given on a run of another: refused, since they would do nothing. */
final class BackendOptions {

    private BackendOptions() {
    }

    static void refuse(CommandSpec options, ParseResult parsed, String appliesTo, String backend) {
        for (OptionSpec o : options.options()) {
            if (parsed.hasMatchedOption(o.longestName())) {
                throw new BadInputException(o.longestName() + " applies to " + appliesTo + "; this run's backend is "
                        + backend);
            }
        }
    }
}
