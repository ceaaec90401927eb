package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import picocli.CommandLine.Option;

/** What {@code init} needs, and {@code run} too when it loads. */
public final class LoadOptions {

    @Option(names = {"-s", "--scale"}, paramLabel = "N", defaultValue = "" + Defaults.SCALE,
            description = "TPC-B scale: N branches, 10*N tellers, 100,000*N accounts (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(names = "--load-batch-size", paramLabel = "N", defaultValue = "" + Defaults.LOAD_BATCH_SIZE,
            description = "Rows per batch when loading without a row generator, at most "
                    + Defaults.MAX_LOAD_BATCH_SIZE + " (default: ${DEFAULT-VALUE}).")
    int batchSize;
}
