package io.benchlab.runner.cli;

import io.benchlab.runner.core.EnvironmentProbe;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the lab version and the git commit it was built from. */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"benchlab " + EnvironmentProbe.labVersion() + " (" + EnvironmentProbe.labGitSha() + ")"};
    }
}
