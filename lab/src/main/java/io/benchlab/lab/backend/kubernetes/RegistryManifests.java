package io.benchlab.lab.backend.kubernetes;

import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a registry holds an image's tag, asked as a node asks before it pulls: {@code HEAD
 * /v2/NAME/manifests/TAG} of the Docker Registry HTTP API V2, over TLS, with the pull secret's
 * credentials where the registry asks for them ({@code WWW-Authenticate: Basic}). Only a
 * definite answer fails a preflight: the tag is not there (404), or the registry refused the
 * credentials (401, 403). Anything the lab cannot ask (a CA it does not trust, a token service,
 * no route from where the lab runs, no credentials given while the ServiceAccounts may hold some)
 * is {@link Answer#unknown}, and the node's own pull says what is wrong, within seconds.
 */
final class RegistryManifests {

    /** What the registry said of one image: there, missing, credentials refused, or unknown (with why). */
    record Answer(Kind kind, String why) {
        enum Kind { THERE, MISSING, REFUSED, UNKNOWN }

        static Answer unknown(String why) {
            return new Answer(Kind.UNKNOWN, why);
        }

        boolean definite() {
            return kind == Kind.MISSING || kind == Kind.REFUSED;
        }
    }

    /** A user and password for a registry host, from a pull secret. */
    record Login(String user, String password) {
        String basic() {
            return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** An image reference split as the API needs it: host[:port], the repository's name, and a tag or digest. */
    record Reference(String host, String name, String reference) {
        /** REF ({@code host:port/path/name:tag} or {@code ...@sha256:...}); empty when it names no registry host. */
        static Optional<Reference> parse(String ref) {
            int slash = ref.indexOf('/');
            if (slash < 0) {
                return Optional.empty();
            }
            String host = ref.substring(0, slash);
            if (!host.contains(".") && !host.contains(":") && !host.equals("localhost")) {
                return Optional.empty(); // a Docker Hub name (benchlab/runner): not the lab's registry
            }
            String rest = ref.substring(slash + 1);
            int at = rest.indexOf('@');
            int colon = rest.lastIndexOf(':');
            if (at >= 0) {
                return Optional.of(new Reference(host, rest.substring(0, at), rest.substring(at + 1)));
            }
            return colon > rest.lastIndexOf('/') ? Optional.of(new Reference(host, rest.substring(0, colon),
                    rest.substring(colon + 1))) : Optional.of(new Reference(host, rest, "latest"));
        }

        URI manifest() {
            return URI.create("https://" + host + "/v2/" + name + "/manifests/" + reference);
        }
    }

    /** The manifest kinds a node accepts: a multi-platform index or a single image, Docker's or OCI's. */
    private static final String ACCEPT = String.join(", ",
            "application/vnd.oci.image.index.v1+json",
            "application/vnd.docker.distribution.manifest.list.v2+json",
            "application/vnd.oci.image.manifest.v1+json",
            "application/vnd.docker.distribution.manifest.v2+json");
    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final HttpClient http;
    /**
     * Answers by image and credentials: a night's cells share their images, and a registry the lab cannot
     * reach costs its timeout once per image, not once per cell.
     */
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private static RegistryManifests fromEnvironment;

    RegistryManifests(HttpClient http) {
        this.http = http;
    }

    /** The process's asker: over TLS with the JVM's CAs and those of {@link RegistryTrust#CA_ENV}. */
    static synchronized RegistryManifests fromEnvironment() {
        if (fromEnvironment == null) {
            fromEnvironment = new RegistryManifests(HttpClient.newBuilder().connectTimeout(TIMEOUT)
                    .followRedirects(HttpClient.Redirect.NORMAL).sslContext(RegistryTrust.context(
                            RegistryTrust.caFile(System.getenv(RegistryTrust.CA_ENV)))).build());
        }
        return fromEnvironment;
    }

    /**
     * Each of IMAGES that comes from REGISTRY's host asked, with LOGIN (from the pull secret
     * SECRET; null: none): the first the registry definitely cannot give is one line of bad input.
     */
    void require(String registry, List<String> images, Login login, String secret) {
        String host = registry.split("/", 2)[0];
        for (String image : images) {
            Optional<Reference> ref = Reference.parse(image).filter(r -> r.host().equals(host));
            if (ref.isEmpty()) {
                continue;
            }
            Answer a = ask(ref.get(), login);
            if (!a.definite()) {
                continue; // the node's pull is the check
            }
            if (a.kind() == Answer.Kind.MISSING) {
                throw new BadInputException("image " + image + " is not in the registry (" + a.why() + "): push it"
                        + " (make images REGISTRY=" + registry + " PUSH=1), or give the --registry it was pushed under");
            }
            throw new BadInputException("the registry " + host + " refused the credentials of --image-pull-secret "
                    + secret + " for " + image + " (" + a.why() + "): make the Secret again with the right"
                    + " user and password (docs/running/nightly-cluster.md, step 3)");
        }
    }

    /** What the registry says of IMAGE, asked with LOGIN where it asks for credentials (null: none given). */
    Answer ask(Reference image, Login login) {
        return answers.computeIfAbsent(image.manifest() + " " + (login == null ? "" : login.basic()),
                key -> askNow(image, login));
    }

    private Answer askNow(Reference image, Login login) {
        try {
            HttpResponse<Void> first = head(image, null);
            if (first.statusCode() != 401) {
                return answer(first.statusCode(), image, false);
            }
            String challenge = first.headers().firstValue("WWW-Authenticate").orElse("");
            if (!challenge.toLowerCase(Locale.ROOT).startsWith("basic")) {
                return Answer.unknown("the registry asks for a token (" + challenge + "), which the lab does not fetch");
            }
            if (login == null) {
                return Answer.unknown("the registry asks for credentials and no --image-pull-secret was given (the"
                        + " ServiceAccounts may hold one)");
            }
            return answer(head(image, login.basic()).statusCode(), image, true);
        } catch (IOException e) {
            return Answer.unknown(image.host() + " did not answer the lab: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.unknown("interrupted");
        }
    }

    private HttpResponse<Void> head(Reference image, String authorization) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(image.manifest()).timeout(TIMEOUT)
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).header("Accept", ACCEPT);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding());
    }

    /** STATUS of a manifest's HEAD as an answer; WITH_LOGIN: the pull secret's credentials were sent. */
    static Answer answer(int status, Reference image, boolean withLogin) {
        String asked = "HEAD " + image.manifest() + ": " + status;
        if (status == 200) {
            return new Answer(Answer.Kind.THERE, asked);
        }
        if (status == 404) {
            return new Answer(Answer.Kind.MISSING, asked + " (no such tag)");
        }
        if ((status == 401 || status == 403) && withLogin) {
            return new Answer(Answer.Kind.REFUSED, asked + (status == 401 ? " Unauthorized" : " Forbidden"));
        }
        return Answer.unknown(asked);
    }
}
