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

    /** The secret's login for the registry's host (null: no secret, or no registry); bad input where it cannot serve. */
    static RegistryManifests.Login check(KubernetesClient client, KubernetesSettings settings) {
        String name = settings.pullSecret();
        if (name == null) {
            return null;
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
        return settings.registry() == null ? null : login(found.get(0), settings.registry().split("/", 2)[0]).orElse(null);
    }

    /** SECRET's user and password for HOST: its "auth" (base64 of user:password), else "username" and "password". */
    static Optional<RegistryManifests.Login> login(Secret secret, String host) {
        JsonNode auths = auths(secret);
        if (auths == null) {
            return Optional.empty();
        }
        for (var entries = auths.fields(); entries.hasNext(); ) {
            var entry = entries.next();
            if (!server(entry.getKey()).equals(host)) {
                continue;
            }
            JsonNode e = entry.getValue();
            String auth = e.path("auth").asText("");
            if (!auth.isEmpty()) {
                try {
                    String[] pair = new String(Base64.getDecoder().decode(auth), StandardCharsets.UTF_8).split(":", 2);
                    if (pair.length == 2) {
                        return Optional.of(new RegistryManifests.Login(pair[0], pair[1]));
                    }
                } catch (IllegalArgumentException notBase64) {
                    // Then the named fields, if any.
                }
            }
            if (e.hasNonNull("username") && e.hasNonNull("password")) {
                return Optional.of(new RegistryManifests.Login(e.get("username").asText(), e.get("password").asText()));
            }
        }
        return Optional.empty();
    }

    /** An auths key as a host[:port]: docker login writes some with a scheme or a path. */
    private static String server(String key) {
        return key.replaceFirst("^https?://", "").split("/", 2)[0];
    }

    /** The secret's "auths" object, or null where it has none. */
    private static JsonNode auths(Secret secret) {
        String data = secret.getData() == null ? null : secret.getData().get(KEY);
        try {
            JsonNode auths = data == null ? null : new ObjectMapper()
                    .readTree(new String(Base64.getDecoder().decode(data), StandardCharsets.UTF_8)).path("auths");
            return auths != null && auths.isObject() ? auths : null;
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Why SECRET cannot pull from REGISTRY (a prefix, host first; null: any registry), or empty. */
    static Optional<String> problem(Secret secret, String registry) {
        if (!TYPE.equals(secret.getType())) {
            return Optional.of("it is of type " + secret.getType() + ", not " + TYPE);
        }
        JsonNode auths = auths(secret);
        if (auths == null) {
            return Optional.of("its " + KEY + " holds no \"auths\"");
        }
        if (registry == null) {
            return Optional.empty();
        }
        String host = registry.split("/", 2)[0];
        for (var names = auths.fieldNames(); names.hasNext(); ) {
            if (server(names.next()).equals(host)) {
                return Optional.empty();
            }
        }
        return Optional.of("it has no credentials for " + host + ", the registry's host");
    }
}
