package io.benchlab.lab.rerun;

import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.backend.EmbeddedBackend;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.docker.DockerBackend;
import io.benchlab.lab.compare.Compare;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.ComparedRun;
import io.benchlab.lab.compare.Side;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Storage;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.sink.influx.InfluxSettings;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * {@code lab rerun}: runs again what a result describes (engine, profile, backend, every knob and
 * the seed, and on the docker backend the database image, both sides' limits, the database's
 * storage and its write cap), then compares
 * the new run with the recorded one as {@code lab compare} does. The database image is the
 * engine's pinned one for the profile: when its digest is not the recorded one, the rerun is
 * refused unless allowed. The runner image is the lab's own build, so it is not checked.
 */
public final class Rerun {

    private Rerun() {
    }

    public static int run(String source, RunResult recorded, Output output, InfluxSettings influx,
                          boolean allowImageChange,
                          CompareRules rules, PrintWriter out, PrintWriter err) throws Exception {
        Engine engine = Engines.find(recorded.engine().name()).orElseThrow(() -> new BadInputException(
                "the result's engine " + recorded.engine().name() + " is not one this lab runs"));
        Profile profile = engine.profile(recorded.engine().profile());
        if (profile == null) {
            throw new BadInputException("the result's profile " + recorded.engine().profile() + " is not one of "
                    + engine.name() + "'s");
        }
        WorkloadConfig workload = KnobCodec.config(recorded.knobs(), recorded.load() != null)
                .requireSupportedBy(engine);
        String backend = recorded.placement() == null ? null : recorded.placement().backend();
        RunSpec spec;
        Backend chosen;
        if ("embedded".equals(backend)) {
            Target target = new Target(engine, profile, engine.jdbcUrl(profile, Path.of(Defaults.DATA_DIR)),
                    engine.defaultUser(), Secret.fromEnv(Defaults.PASSWORD_ENV), true);
            spec = new RunSpec(engine, profile, target, workload, output, null, influx);
            // The settings the recorded run was given, given again, as on docker.
            chosen = new EmbeddedBackend(recorded.setup() == null ? ServerSettings.NONE
                    : new ServerSettings(recorded.setup().givenValues()));
        } else if ("docker".equals(backend)) {
            spec = new RunSpec(engine, profile, null, workload, output, RunSpec.plannedTimeout(workload), influx);
            // The server settings the recorded run was given, given again: the same set-up.
            DockerBackend docker = new DockerBackend(provisioning(EngineImages.of(engine), profile, recorded.placement())
                    .withSettings(recorded.setup() == null ? ServerSettings.NONE
                            : new ServerSettings(recorded.setup().givenValues())));
            checkImage(docker, spec, recorded.placement().database(), allowImageChange, err);
            chosen = docker;
        } else {
            throw new BadInputException("lab rerun runs results of the embedded and docker backends; "
                    + recorded.runId() + " ran on " + backend);
        }
        RunPipeline.Outcome rerun = RunPipeline.run(chosen, spec, Path.of(Defaults.RESULTS_DIR), out, err);
        if (rerun.result() == null || rerun.result().status() != Status.OK) {
            err.println("the rerun did not end ok: nothing to compare");
            err.flush();
            return rerun.exitCode();
        }
        out.println();
        int compared = Compare.print(List.of(Side.of(new ComparedRun(source, recorded)),
                Side.of(new ComparedRun(rerun.result().runId(), rerun.result()))), rules, out);
        return Math.max(compared, rerun.exitCode());
    }

    /**
     * The limits the recorded run had in force, side by side; the descriptor's where it recorded none.
     * The engine version its image was of, when the tag names one the descriptor pins; else the default.
     * The database's storage and its write cap as recorded: a durable result is decided by them.
     */
    static Provisioning provisioning(EngineImage image, Profile profile, Placement placement) {
        Placement.Side database = placement.database();
        String ran = database == null ? null : database.image();
        String version = image.versions().stream().filter(v -> image.tag(profile, v, null).equals(ran))
                .findFirst().orElse(null);
        ContainerLimits db = limits(database, image.dbLimits(profile));
        return new Provisioning(null, db, limits(placement.runner(), image.runnerLimits()), version,
                ServerSettings.NONE, storage(database == null ? null : database.storage(), db.memoryBytes()),
                database == null ? null : database.writeIopsLimit());
    }

    /**
     * The storage the recorded run asked for (--db-storage), asked again and checked as the option is:
     * a tmpfs of the size it had, bind's folder (which must still be there and writable). A result that
     * records none ran on the container's own (null). One that ran on bind but does not record its
     * folder (written before it was recorded) is refused: another place is another disk.
     */
    static DbStorage storage(Storage recorded, long memoryLimit) {
        if (recorded == null) {
            return null;
        }
        String option = switch (recorded.kind()) {
            case "tmpfs" -> recorded.requestedBytes() == null ? "tmpfs" : "tmpfs:" + recorded.requestedBytes();
            case "bind" -> {
                if (recorded.bindFolder() == null) {
                    throw new BadInputException("the result ran on " + DbStorage.OPTION + " bind but does not record"
                            + " its folder" + (recorded.note() == null ? "" : " (" + recorded.note() + ")")
                            + ", so lab rerun cannot put the data on the same disk: run it with lab run "
                            + DbStorage.OPTION + " bind:PATH and lab compare the two");
                }
                yield "bind:" + recorded.bindFolder();
            }
            default -> recorded.kind();
        };
        return DbStorage.parse(option, memoryLimit);
    }

    private static ContainerLimits limits(Placement.Side side, ContainerLimits descriptor) {
        if (side == null) {
            return descriptor;
        }
        return new ContainerLimits(side.cpuLimit() != null ? side.cpuLimit() : descriptor.cpus(),
                side.memoryLimitBytes() != null ? side.memoryLimitBytes() : descriptor.memoryBytes());
    }

    private static void checkImage(DockerBackend docker, RunSpec spec, Placement.Side recorded, boolean allowChange,
                                   PrintWriter err) {
        String digest = docker.dbImageDigest(spec);
        String before = recorded == null ? null : recorded.imageDigest();
        if (Objects.equals(digest, before)) {
            return;
        }
        String change = "the pinned image " + docker.dbTag(spec) + " is " + digest + " now; the result ran "
                + (recorded == null ? "no recorded image" : recorded.image() + " " + before);
        if (!allowChange) {
            throw new BadInputException(change + " (--allow-image-change reruns on the image of now)");
        }
        err.println(change + ": rerunning on the image of now (--allow-image-change)");
        err.flush();
    }
}
