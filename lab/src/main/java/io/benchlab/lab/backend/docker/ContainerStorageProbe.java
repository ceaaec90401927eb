package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import io.benchlab.lab.backend.StorageProbe;
import io.benchlab.results.Storage;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** {@link StorageProbe} run in the database's container, through the Docker API's exec. */
final class ContainerStorageProbe {

    private ContainerStorageProbe() {
    }

    /** ASKED completed with what the container shows; a probe that could not run is said in the note. */
    static Storage run(DockerClient docker, String containerId, Storage asked) {
        try {
            return StorageProbe.read(asked, exec(docker, containerId, asked.dataDir()));
        } catch (RuntimeException e) {
            return StorageProbe.unread(asked, Failures.rootMessage(e));
        }
    }

    private static String exec(DockerClient docker, String containerId, String dataDir) {
        String id = docker.execCreateCmd(containerId).withAttachStdout(true).withAttachStderr(true)
                .withCmd(StorageProbe.command(dataDir).toArray(String[]::new)).exec().getId();
        StringBuilder out = new StringBuilder();
        try {
            docker.execStartCmd(id).exec(new ResultCallback.Adapter<Frame>() {
                @Override
                public void onNext(Frame frame) {
                    out.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                }
            }).awaitCompletion(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted");
        }
        return out.toString();
    }
}
