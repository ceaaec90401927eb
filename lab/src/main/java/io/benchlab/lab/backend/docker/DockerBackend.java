package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.BlkioRateDevice;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.sink.ResultSink;

/**
 * The engine from its pinned image in one container, the runner in another, on a network of
 * their own, each under its own CPU and memory limits, as on the cluster. The result the runner
 * writes is copied out and completed with both sides' images, digests and limits.
 */
public final class DockerBackend implements Backend {

    private final Provisioning provisioning;
    private DockerClient docker;
    private String writeDevice;
    /** How the checked run's runner reaches its InfluxDB: found once, in check, where a refusal makes nothing. */
    private InfluxRoute influxRoute;

    public DockerBackend(Provisioning provisioning) {
        this.provisioning = provisioning;
    }

    @Override
    public String name() {
        return BackendKind.DOCKER.label();
    }

    @Override
    public boolean provisionsDatabase() {
        return true;
    }

    @Override
    public void check(RunSpec spec) {
        EngineImage image = EngineImages.of(spec.engine());
        docker = DockerEnvironment.connect();
        DockerEnvironment.requireImage(docker, dbTag(image, spec), provisioning.dbImage() != null
                ? "build or pull it first" : "run 'make images IMAGES=" + image.folder() + "'");
        DockerEnvironment.requireImage(docker, EngineImages.runnerTag(), "run 'make images IMAGES=runner'");
        if (provisioning.dbWriteIops() != null) {
            writeDevice = StorageDevice.of(docker, provisioning.storage());
        }
        influxRoute = spec.influx() == null ? InfluxRoute.NONE : InfluxRoute.find(docker, spec.influx().url());
    }

    @Override
    public BackendRun open(RunSpec spec, String runId, Progress progress, ResultSink live) {
        EngineImage image = EngineImages.of(spec.engine());
        return new DockerRun(docker, spec, provisioning, image, dbTag(image, spec), influxRoute, runId, progress,
                writeDevice == null ? null : new BlkioRateDevice().withPath(writeDevice)
                        .withRate(provisioning.dbWriteIops()));
    }

    /** The database image this backend runs for the spec, with its digest (as a result records it). */
    public String dbImageDigest(RunSpec spec) {
        check(spec);
        return ContainerFacts.digest(docker.inspectImageCmd(dbTag(EngineImages.of(spec.engine()), spec)).exec());
    }

    public String dbTag(RunSpec spec) {
        return dbTag(EngineImages.of(spec.engine()), spec);
    }

    private String dbTag(EngineImage image, RunSpec spec) {
        return provisioning.dbImage() != null ? provisioning.dbImage()
                : image.tag(spec.profile(), provisioning.engineVersion(), null);
    }
}
