package io.benchlab.lab.stack;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "stack", versionProvider = VersionProvider.class, mixinStandardHelpOptions = true,
        description = "A local InfluxDB and Grafana for your runs' results, with the boards of images/grafana"
                + " provisioned (make stack). Needs a Docker API on this machine.",
        subcommands = {StackCommand.Up.class, StackCommand.Down.class, StackCommand.Status.class})
public final class StackCommand {

    /** lab stack status: a part is not running (as the .ci scripts' status). */
    static final int NOT_RUNNING = 3;

    /** Where the token and passwords are kept, shared by the subcommands. */
    static final class SecretsOption {
        @Option(names = "--config-dir", paramLabel = "DIR",
                description = "Where the InfluxDB token and the admin passwords are kept, 0600 files made once"
                        + " (default: $XDG_CONFIG_HOME/benchlab, else ~/.config/benchlab).")
        Path configDir;

        StackSecrets secrets() {
            if (configDir != null) {
                return new StackSecrets(configDir);
            }
            String xdg = System.getenv("XDG_CONFIG_HOME");
            Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
            return new StackSecrets(base.resolve("benchlab"));
        }
    }

    @Command(name = "up", versionProvider = VersionProvider.class, mixinStandardHelpOptions = true,
            defaultValueProvider = StackImages.class,
            description = "Start InfluxDB (127.0.0.1:" + LabDefaults.STACK_INFLUXDB_PORT + ", org and bucket benchlab) and"
                    + " Grafana (127.0.0.1:" + LabDefaults.STACK_GRAFANA_PORT + ") from pinned images, data in named"
                    + " volumes; print the URLs and where the token is. What already runs is kept.")
    static final class Up implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        SecretsOption secrets;

        @Option(names = "--boards", paramLabel = "DIR", defaultValue = "images/grafana",
                description = "The folder with Grafana's provisioning/ and dashboards/ (default: ${DEFAULT-VALUE},"
                        + " run from the clone).")
        Path boards;

        @Option(names = "--pull", description = "Pull an image that is not there (default: refuse, naming it).")
        boolean pull;

        @Option(names = "--influxdb-image", paramLabel = "IMAGE",
                description = "InfluxDB 2.7's image (default: ${DEFAULT-VALUE}, the pin of images/stack).")
        String influxdbImage;

        @Option(names = "--grafana-image", paramLabel = "IMAGE",
                description = "Grafana's image (default: ${DEFAULT-VALUE}, the pin of images/stack).")
        String grafanaImage;

        @Option(names = "--influxdb-port", paramLabel = "PORT", defaultValue = "" + LabDefaults.STACK_INFLUXDB_PORT,
                description = "Publish InfluxDB on 127.0.0.1:PORT (default: ${DEFAULT-VALUE}).")
        int influxdbPort;

        @Option(names = "--grafana-port", paramLabel = "PORT", defaultValue = "" + LabDefaults.STACK_GRAFANA_PORT,
                description = "Publish Grafana on 127.0.0.1:PORT (default: ${DEFAULT-VALUE}).")
        int grafanaPort;

        @Override
        public Integer call() {
            requirePort("--influxdb-port", influxdbPort);
            requirePort("--grafana-port", grafanaPort);
            StackSpec stackSpec = new StackSpec(influxdbImage, grafanaImage, boards, influxdbPort, grafanaPort);
            Stack stack = Stack.connect();
            stack.requireImages(stackSpec, pull);
            for (String sub : List.of("provisioning", "dashboards")) {
                if (!Files.isDirectory(stackSpec.boards().resolve(sub))) {
                    throw new BadInputException("no " + stackSpec.boards().resolve(sub) + ": give --boards the folder"
                            + " with Grafana's provisioning/ and dashboards/ (images/grafana in the clone)");
                }
            }
            StackSecrets keys = secrets.secrets();
            try {
                stack.up(stackSpec, keys);
            } catch (Stack.Failed e) {
                return fail(spec, e);
            }
            PrintWriter out = spec.commandLine().getOut();
            out.printf("InfluxDB  http://127.0.0.1:%d  org %s, bucket %s%n", influxdbPort, StackSpec.ORG,
                    StackSpec.BUCKET);
            out.printf("Grafana   http://127.0.0.1:%d  boards from %s (viewing needs no login; admin password in %s)%n",
                    grafanaPort, stackSpec.boards(), keys.file(StackSecrets.GRAFANA_PASSWORD));
            out.printf("token     %s (0600; InfluxDB's admin password in %s)%n", keys.file(StackSecrets.TOKEN),
                    keys.file(StackSecrets.INFLUXDB_PASSWORD));
            out.printf("runs      INFLUX_TOKEN=\"$(cat %s)\" make run INFLUX_URL=http://127.0.0.1:%d%n",
                    keys.file(StackSecrets.TOKEN), influxdbPort);
            out.flush();
            return ExitCodes.OK;
        }

        private static void requirePort(String flag, int port) {
            if (port < 1 || port > 65_535) {
                throw new BadInputException(flag + " " + port + ": give a port from 1 to 65535");
            }
        }
    }

    @Command(name = "down", versionProvider = VersionProvider.class, mixinStandardHelpOptions = true,
            description = "Remove the stack's containers and network; its data volumes stay unless --volumes."
                    + " The token file stays.")
    static final class Down implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--volumes", description = "Also remove the data volumes (every result in the stack's InfluxDB).")
        boolean volumes;

        @Override
        public Integer call() {
            List<String> removed = Stack.connect().down(anySpec(), volumes);
            PrintWriter out = spec.commandLine().getOut();
            out.println(removed.isEmpty() ? "nothing to remove" : "removed " + String.join(", ", removed));
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "status", versionProvider = VersionProvider.class, mixinStandardHelpOptions = true,
            description = "Whether InfluxDB and Grafana run, and where the token is (exit " + NOT_RUNNING
                    + " when one does not).")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        SecretsOption secrets;

        @Override
        public Integer call() {
            Map<String, String> states = Stack.connect().status(anySpec());
            PrintWriter out = spec.commandLine().getOut();
            states.forEach((name, state) -> out.printf("%-9s %s%n", name, state));
            out.printf("%-9s %s%n", "token", secrets.secrets().file(StackSecrets.TOKEN));
            out.flush();
            return states.values().stream().allMatch("running"::equals) ? ExitCodes.OK : NOT_RUNNING;
        }
    }

    /** The names of containers and volumes, which do not depend on images or boards. */
    private static StackSpec anySpec() {
        return new StackSpec(StackImages.influxdb(), StackImages.grafana(), Path.of("images/grafana"));
    }

    private static int fail(CommandSpec spec, RuntimeException e) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("lab: " + e.getMessage());
        err.flush();
        return ExitCodes.RUN_FAILED;
    }
}
