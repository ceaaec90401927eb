package io.benchlab.runner.sink.influx;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where an InfluxDB sink writes: the URL, org and bucket, the token (a {@link Secret}: never printed),
 * the spill directory and the in-memory bound. {@code toString} shows no token.
 */
public record InfluxSettings(URI url, String org, String bucket, Secret token, Path spillRoot, int bufferPoints) {

    private static final Pattern LOOPBACK =
            Pattern.compile("localhost|localhost\\.|127(\\.\\d{1,3}){3}|\\[(0{0,4}:){2,7}0{0,3}1\\]");

    /** The URL as given, checked: http or https, a host, nothing else a write URL cannot take. */
    public static URI parseUrl(String text) {
        URI uri;
        try {
            uri = new URI(text.strip());
        } catch (URISyntaxException e) {
            throw new BadInputException("--influx-url " + text + ": not a URL (" + e.getReason() + ")");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new BadInputException("--influx-url " + text + ": give http://HOST[:PORT] or https://HOST[:PORT]");
        }
        if (uri.getUserInfo() != null || uri.getQuery() != null || uri.getFragment() != null) {
            throw new BadInputException("--influx-url " + text + ": no user, query or fragment; the token comes from $"
                    + io.benchlab.runner.Defaults.INFLUX_TOKEN_ENV + " or --influx-token-file");
        }
        return uri;
    }

    /** The same settings with another URL (a container reaches the host's InfluxDB by another name). */
    public InfluxSettings withUrl(URI other) {
        return new InfluxSettings(other, org, bucket, token, spillRoot, bufferPoints);
    }

    /**
     * One spill folder per destination, so that leftovers go where they were meant to. The URL is
     * keyed as the server it names: scheme and host in lower case, the scheme's default port
     * written out, every loopback name one host ({@code localhost}, {@code 127.0.0.1} and
     * {@code [::1]} reach the same server from the process that spills).
     */
    public Path spillDir() {
        String key = destination() + " " + org + " " + bucket;
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return spillRoot.resolve(HexFormat.of().formatHex(digest, 0, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    String destination() {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        String host = url.getHost().toLowerCase(Locale.ROOT);
        if (LOOPBACK.matcher(host).matches()) {
            host = "loopback";
        }
        int port = url.getPort() >= 0 ? url.getPort() : scheme.equals("https") ? 443 : 80;
        String path = url.getRawPath() == null ? "" : url.getRawPath().replaceAll("/+$", "");
        return scheme + "://" + host + ":" + port + path;
    }

    /** How the destination is named in messages: URL, org and bucket, never the token. */
    public String describe() {
        return url + " (org " + org + ", bucket " + bucket + ")";
    }
}
