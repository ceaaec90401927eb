package io.benchlab.lab.backend.kubernetes;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

/**
 * The pull secret given to a run, checked before anything is made: it is in the run's namespace,
 * of the type the kubelet reads, and, where a registry is given, holds credentials for that
 * registry's host. Whether the credentials are right only the registry can say, when a node
 * pulls: the run then ends within seconds on the kubelet's reason ({@link PodStates}).
 */
final class PullSecrets {

    static final String TYPE = "kubernetes.io/dockerconfigjson";
    private static final String KEY = ".dockerconfigjson";

    private PullSecrets() {
    }

    static void check(KubernetesClient client, KubernetesSettings settings) {
        String name = settings.pullSecret();
        if (name == null) {
            return;
        }
        // list, not get: the lab's Role may list Secrets, which is all this needs.
        List<Secret> found = client.secrets().inNamespace(settings.namespace())
                .withField("metadata.name", name).list().getItems();
        String create = " (kubectl -n " + settings.namespace() + " create secret docker-registry " + name
                + " --docker-server=HOST:PORT ...: docs/running/nightly-cluster.md)";
        if (found.isEmpty()) {
            throw new BadInputException("--image-pull-secret " + name + ": namespace " + settings.namespace()
                    + " has no such Secret" + create);
        }
        problem(found.get(0), settings.registry()).ifPresent(why -> {
            throw new BadInputException("--image-pull-secret " + name + ": " + why + create);
        });
    }

    /** Why SECRET cannot pull from REGISTRY (a prefix, host first; null: any registry), or empty. */
    static Optional<String> problem(Secret secret, String registry) {
        if (!TYPE.equals(secret.getType())) {
            return Optional.of("it is of type " + secret.getType() + ", not " + TYPE);
        }
        String data = secret.getData() == null ? null : secret.getData().get(KEY);
        JsonNode auths;
        try {
            auths = data == null ? null : new ObjectMapper()
                    .readTree(new String(Base64.getDecoder().decode(data), StandardCharsets.UTF_8)).path("auths");
        } catch (IOException | IllegalArgumentException e) {
            auths = null;
        }
        if (auths == null || !auths.isObject()) {
            return Optional.of("its " + KEY + " holds no \"auths\"");
        }
        if (registry == null) {
            return Optional.empty();
        }
        String host = registry.split("/", 2)[0];
        for (var names = auths.fieldNames(); names.hasNext(); ) {
            String server = names.next().replaceFirst("^https?://", "").split("/", 2)[0];
            if (server.equals(host)) {
                return Optional.empty();
            }
        }
        return Optional.of("it has no credentials for " + host + ", the registry's host");
    }
}
