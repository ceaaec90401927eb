package io.benchlab.lab.stack;

import io.benchlab.lab.LabDefaults;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.PullResponseItem;
import io.benchlab.lab.backend.docker.DockerEnvironment;
import io.benchlab.lab.backend.docker.Failures;
import io.benchlab.lab.backend.docker.RunContainer;
import io.benchlab.runner.core.BadInputException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The local stack's life through the Docker API the docker backend uses: up makes what is missing
 * and keeps what runs (what it made is removed again when it fails), down removes the containers
 * and the network (and the data volumes when asked), status says what runs. No restart policy: a
 * container restarting while up removes it again would stay behind; after a reboot, up again.
 */
final class Stack {

    /** Why the stack did not come up: one line, exit 1 (the input was fine). */
    static final class Failed extends RuntimeException {
        Failed(String message) {
            super(message, null, false, false);
        }
    }

    private final DockerClient docker;

    private Stack(DockerClient docker) {
        this.docker = docker;
    }

    /** The Docker API, or one line saying it is not there (or not on this machine). */
    static Stack connect() {
        DockerClient docker = DockerEnvironment.connect("lab stack runs InfluxDB and Grafana in containers; without"
                + " Docker, run InfluxDB 2.7 yourself and give its URL to make run INFLUX_URL=...");
        if (!DockerEnvironment.local()) {
            throw new BadInputException("lab stack needs the Docker API of this machine (a unix socket, not DOCKER_HOST="
                    + System.getenv("DOCKER_HOST") + "): it mounts the boards from this clone and publishes on loopback");
        }
        return new Stack(docker);
    }

    /** Every image there, pulled if asked; else one line naming the first missing. Makes nothing else. */
    void requireImages(StackSpec spec, boolean pull) {
        for (ContainerSpec c : spec.containers()) {
            if (!pull) {
                DockerEnvironment.requireImage(docker, c.image(), "pull it (lab stack up --pull, or docker pull "
                        + c.image() + ")");
            } else if (!imageThere(c.image())) {
                pull(c.image());
            }
        }
    }

    private boolean imageThere(String image) {
        return DockerEnvironment.imageThere(docker, image);
    }

    /** Pulls, reading the API's own error items (podman's stream lacks what PullImageResultCallback checks). */
    private void pull(String image) {
        StringBuilder error = new StringBuilder();
        try {
            docker.pullImageCmd(image).exec(new ResultCallback.Adapter<PullResponseItem>() {
                @Override
                public void onNext(PullResponseItem item) {
                    String message = item.getErrorDetail() != null ? item.getErrorDetail().getMessage() : item.getError();
                    if (message != null && error.isEmpty()) {
                        error.append(message);
                    }
                }
            }).awaitCompletion(10, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("interrupted while pulling " + image);
        } catch (RuntimeException e) {
            error.append(error.isEmpty() ? Failures.rootMessage(e) : "");
        }
        if (!imageThere(image)) {
            throw new BadInputException("image " + image + " is not there and could not be pulled: "
                    + (error.isEmpty() ? "the pull ended without it" : error));
        }
    }

    /** Up, and healthy; what this call made is removed again if it fails. */
    void up(StackSpec spec, StackSecrets secrets) {
        if (volumeThere(StackSpec.INFLUXDB_DATA) && !secrets.exists(StackSecrets.TOKEN)) {
            throw new BadInputException("volume " + StackSpec.INFLUXDB_DATA + " holds an InfluxDB set up with a token"
                    + " that is no longer in " + secrets.file(StackSecrets.TOKEN)
                    + ": lab stack down --volumes starts afresh (its data is lost)");
        }
        for (ContainerSpec c : spec.containers()) {
            if (!keeps(c)) {
                requireFreePort(c);
            }
        }
        List<Runnable> undo = new ArrayList<>();
        try {
            if (docker.listNetworksCmd().withNameFilter(StackSpec.NAME).exec().stream()
                    .noneMatch(n -> StackSpec.NAME.equals(n.getName()))) {
                docker.createNetworkCmd().withName(StackSpec.NAME).withLabels(Map.of(StackSpec.LABEL, StackSpec.NAME)).exec();
                undo.add(() -> docker.removeNetworkCmd(StackSpec.NAME).exec());
            }
            for (String volume : spec.volumes()) {
                if (!volumeThere(volume)) {
                    docker.createVolumeCmd().withName(volume).withLabels(Map.of(StackSpec.LABEL, StackSpec.NAME)).exec();
                    undo.add(() -> docker.removeVolumeCmd(volume).exec());
                }
            }
            for (ContainerSpec c : spec.containers()) {
                start(c, secrets, undo);
            }
            for (ContainerSpec c : spec.containers()) {
                awaitHealthy(c);
            }
        } catch (RuntimeException e) {
            Collections.reverse(undo);
            for (Runnable step : undo) {
                try {
                    step.run();
                } catch (RuntimeException ignored) {
                    // Best effort: the failure that matters is e.
                }
            }
            throw e instanceof BadInputException || e instanceof Failed ? e
                    : new Failed("the stack did not start: " + Failures.rootMessage(e));
        }
    }

    /**
     * Keeps the container when it runs this image; else makes it anew (a stopped one may hold an old
     * mount or secret), with its secrets copied in, and starts it. Its volumes stay either way.
     */
    private void start(ContainerSpec c, StackSecrets secrets, List<Runnable> undo) {
        if (keeps(c)) {
            return;
        }
        inspect(c.name()).ifPresent(old -> docker.removeContainerCmd(old.getId()).withForce(true).exec());
        RunContainer container = RunContainer.create(docker, c.image(), c::applyTo);
        undo.add(() -> docker.removeContainerCmd(container.id()).withForce(true).withRemoveVolumes(true).exec());
        c.secretFiles().forEach((path, secret) -> container.copyIn(path, secrets.ensure(secret).reveal(), 0444));
        container.start();
    }

    /** Whether the container already runs this image (and is kept as it is). */
    private boolean keeps(ContainerSpec c) {
        Optional<InspectContainerResponse> existing = inspect(c.name());
        return existing.isPresent() && c.image().equals(existing.get().getConfig().getImage())
                && Boolean.TRUE.equals(existing.get().getState().getRunning());
    }

    /**
     * Another process on the port would answer the health check in the container's place (an
     * InfluxDB of its own, say): refused before anything is made.
     */
    private static void requireFreePort(ContainerSpec c) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), c.hostPort()));
        } catch (java.io.IOException e) {
            throw new BadInputException("127.0.0.1:" + c.hostPort() + " is taken by another process: stop it, or give"
                    + " lab stack up --" + c.alias() + "-port PORT");
        }
    }

    /** Until its health endpoint answers 200 on loopback; a container that stops says why, from its log. */
    private void awaitHealthy(ContainerSpec c) {
        URI health = URI.create("http://127.0.0.1:" + c.hostPort() + (c.alias().equals("grafana") ? "/api/health" : "/health"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        Instant end = Instant.now().plus(LabDefaults.STACK_START_TIMEOUT);
        while (Instant.now().isBefore(end)) {
            try {
                HttpResponse<Void> r = http.send(HttpRequest.newBuilder(health).timeout(Duration.ofSeconds(2)).build(),
                        HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException notYet) {
                // Not listening yet.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new Failed("interrupted while waiting for " + c.alias());
            }
            InspectContainerResponse now = inspect(c.name()).orElseThrow(() -> new Failed(c.name() + " was removed"));
            if (!Boolean.TRUE.equals(now.getState().getRunning())) {
                String logs = RunContainer.of(docker, now.getId()).logs();
                throw new Failed(c.alias() + " stopped (exit code " + now.getState().getExitCodeLong() + "): "
                        + Failures.causeLine(logs));
            }
            sleep();
        }
        throw new Failed(c.alias() + " did not answer " + health + " within " + LabDefaults.STACK_START_TIMEOUT.toSeconds() + "s");
    }

    /** The names of what was removed: containers and network, and the data volumes if asked. */
    List<String> down(StackSpec spec, boolean volumes) {
        List<String> removed = new ArrayList<>();
        for (Container c : docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(StackSpec.LABEL, StackSpec.NAME)).exec()) {
            docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
            removed.add(String.join(",", c.getNames()).replace("/", ""));
        }
        if (docker.listNetworksCmd().withNameFilter(StackSpec.NAME).exec().stream()
                .anyMatch(n -> StackSpec.NAME.equals(n.getName()))) {
            docker.removeNetworkCmd(StackSpec.NAME).exec();
            removed.add("network " + StackSpec.NAME);
        }
        if (volumes) {
            for (String v : spec.volumes()) {
                if (volumeThere(v)) {
                    docker.removeVolumeCmd(v).exec();
                    removed.add("volume " + v);
                }
            }
        }
        return removed;
    }

    /** Each container's state by its alias: running, exited (code n), or absent. */
    Map<String, String> status(StackSpec spec) {
        Map<String, String> states = new LinkedHashMap<>();
        for (ContainerSpec c : spec.containers()) {
            states.put(c.alias(), inspect(c.name()).map(i -> Boolean.TRUE.equals(i.getState().getRunning()) ? "running"
                    : "exited (code " + i.getState().getExitCodeLong() + ")").orElse("absent"));
        }
        return states;
    }

    private Optional<InspectContainerResponse> inspect(String name) {
        try {
            return Optional.of(docker.inspectContainerCmd(name).exec());
        } catch (NotFoundException e) {
            return Optional.empty();
        }
    }

    private boolean volumeThere(String name) {
        try {
            docker.inspectVolumeCmd(name).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Failed("interrupted");
        }
    }
}
