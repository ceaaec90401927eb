package io.benchlab.results;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A result carried in a process's output, for a runner whose files the lab cannot reach (a Job
 * pod that has ended). The JSON goes gzipped and base64-encoded in short lines that each start
 * with {@link #PREFIX}, between a line that gives its length and SHA-256 and an end line: log
 * pipelines split long lines, and progress lines may come in between. The reader gives the JSON
 * back only when the frame is whole and its checksum matches, never a half result.
 */
public final class ResultFrame {

    public static final String PREFIX = "benchlab-result ";
    private static final String BEGIN = PREFIX + "begin v1 ";
    private static final String END = PREFIX + "end";
    private static final int CHUNK = 3000;

    private ResultFrame() {
    }

    public static List<String> lines(String json) {
        byte[] raw = json.getBytes(StandardCharsets.UTF_8);
        String body = Base64.getEncoder().encodeToString(gzip(raw));
        List<String> lines = new ArrayList<>();
        lines.add(BEGIN + raw.length + " " + sha256(raw));
        for (int i = 0; i < body.length(); i += CHUNK) {
            lines.add(PREFIX + body.substring(i, Math.min(body.length(), i + CHUNK)));
        }
        lines.add(END);
        return lines;
    }

    /** Collects a frame from output lines; other lines are left to the caller. */
    public static final class Reader {
        private StringBuilder body;
        private long length;
        private String sha;
        private String json;
        private String problem;

        /** True when the line was part of a frame (the caller then does not show it). */
        public boolean accept(String line) {
            if (!line.startsWith(PREFIX)) {
                return false;
            }
            if (line.startsWith(BEGIN)) {
                String[] parts = line.substring(BEGIN.length()).strip().split(" ");
                body = new StringBuilder();
                length = parts.length == 2 && parts[0].matches("\\d{1,18}") ? Long.parseLong(parts[0]) : -1;
                sha = parts.length == 2 ? parts[1] : "";
            } else if (line.strip().equals(END.strip())) {
                close();
            } else if (body != null) {
                body.append(line.substring(PREFIX.length()).strip());
            }
            return true;
        }

        private void close() {
            if (body == null) {
                problem = "a result frame ended that never began";
                return;
            }
            try {
                byte[] raw = gunzip(Base64.getDecoder().decode(body.toString()));
                if (raw.length != length || !sha256(raw).equals(sha)) {
                    problem = "the result frame is damaged (length or checksum differs)";
                } else {
                    json = new String(raw, StandardCharsets.UTF_8);
                    problem = null;
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                problem = "the result frame is damaged: " + e.getMessage();
            }
            body = null;
        }

        /** The JSON of the last whole frame, or null. */
        public String json() {
            return json;
        }

        /** Why there is no JSON although a frame began, or null. */
        public String problem() {
            return body != null ? "the result frame was cut off before its end" : problem;
        }
    }

    private static byte[] gzip(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(out)) {
            z.write(raw);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] packed) {
        try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(packed))) {
            return z.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] raw) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
