package io.benchlab.lab.backend.kubernetes;

import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * The certificates the lab trusts when it asks the registry for an image ({@link RegistryManifests}):
 * the JVM's own, and those of the PEM file in {@value #CA_ENV}, for a registry whose CA the nodes
 * trust but the JVM does not (a company's own). Without it such a registry cannot be asked, and
 * the node's pull is the check.
 */
final class RegistryTrust {

    static final String CA_ENV = "BENCHLAB_REGISTRY_CA";

    private RegistryTrust() {
    }

    /** An SSL context over the JVM's trust and CA_FILE's certificates (null: the JVM's alone). */
    static SSLContext context(Path caFile) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, caFile == null ? null : new TrustManager[] {new Either(jvms(), of(caFile))}, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no TLS context: " + e.getMessage(), e);
        }
    }

    /** The file {@value #CA_ENV} names, or null; one that cannot be read is bad input. */
    static Path caFile(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        Path file = Path.of(value);
        if (!Files.isReadable(file)) {
            throw new BadInputException(CA_ENV + "=" + value + ": no such readable file (the registry's CA, PEM)");
        }
        return file;
    }

    private static X509TrustManager jvms() throws GeneralSecurityException {
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init((KeyStore) null);
        return firstX509(f);
    }

    private static X509TrustManager of(Path pem) throws GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        try {
            store.load(null, null);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        int n = 0;
        try (InputStream in = Files.newInputStream(pem)) {
            for (var cert : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + n++, cert);
            }
        } catch (IOException | CertificateException e) {
            throw new BadInputException(CA_ENV + "=" + pem + ": not PEM certificates (" + e.getMessage() + ")");
        }
        if (n == 0) {
            throw new BadInputException(CA_ENV + "=" + pem + ": holds no certificate");
        }
        TrustManagerFactory f = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        f.init(store);
        return firstX509(f);
    }

    private static X509TrustManager firstX509(TrustManagerFactory f) {
        for (TrustManager m : f.getTrustManagers()) {
            if (m instanceof X509TrustManager x) {
                return x;
            }
        }
        throw new IllegalStateException("no X.509 trust manager");
    }

    /** One of a trust manager's checks. */
    private interface Check {
        void on(X509TrustManager manager) throws CertificateException;
    }

    /** Trusts what either trusts: the JVM's CAs, or the given ones. */
    private record Either(X509TrustManager first, X509TrustManager second) implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            either(m -> m.checkClientTrusted(chain, authType));
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            either(m -> m.checkServerTrusted(chain, authType));
        }

        private void either(Check check) throws CertificateException {
            try {
                check.on(first);
            } catch (CertificateException e) {
                check.on(second);
            }
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            List<X509Certificate> all = new ArrayList<>(List.of(first.getAcceptedIssuers()));
            all.addAll(List.of(second.getAcceptedIssuers()));
            return all.toArray(X509Certificate[]::new);
        }
    }
}
