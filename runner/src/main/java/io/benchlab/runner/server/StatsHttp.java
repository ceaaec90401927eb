package io.benchlab.runner.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Secret;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.concurrent.Executors;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** The container sources' HTTP: one GET of a JSON document within the server statistics' timeout. */
final class StatsHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    private StatsHttp() {
    }

    /** A client that trusts the certificates in {@code caFile} alone, or the JVM's usual ones when null. */
    static HttpClient client(Path caFile) throws IOException {
        HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Defaults.SERVER_STATS_TIMEOUT)
                .executor(Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "benchlab-container-stats");
                    t.setDaemon(true);
                    return t;
                }));
        if (caFile != null) {
            b.sslContext(trusting(caFile));
        }
        return b.build();
    }

    static JsonNode getJson(HttpClient http, URI uri, Secret bearer) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(uri).timeout(Defaults.SERVER_STATS_TIMEOUT)
                .header("Accept", "application/json").GET();
        if (bearer != null) {
            r.header("Authorization", "Bearer " + bearer.reveal());
        }
        HttpResponse<InputStream> response = http.send(r.build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = response.body()) {
            if (response.statusCode() != 200) {
                String text = new String(body.readNBytes(300), java.nio.charset.StandardCharsets.UTF_8).strip();
                throw new IOException(uri.getHost() + ":" + uri.getPort() + uri.getPath() + " answered HTTP "
                        + response.statusCode() + (text.isEmpty() ? "" : " (" + text.replaceAll("\\s+", " ") + ")"));
            }
            return JSON.readTree(body);
        }
    }

    static Long optionalLong(JsonNode parent, String field) {
        JsonNode n = parent.get(field);
        return n != null && n.canConvertToLong() ? n.asLong() : null;
    }

    private static SSLContext trusting(Path caFile) throws IOException {
        try (InputStream in = Files.newInputStream(caFile)) {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + i++, c);
            }
            if (i == 0) {
                throw new IOException("no certificate in " + caFile);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext ssl = SSLContext.getInstance("TLS");
            ssl.init(null, tmf.getTrustManagers(), null);
            return ssl;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot use the CA certificates in " + caFile + ": " + e.getMessage(), e);
        }
    }
}
