package io.benchlab.runner.metrics;

import io.benchlab.results.Latency;
import java.nio.ByteBuffer;
import java.util.Base64;
import org.HdrHistogram.Histogram;

/** Turns an HdrHistogram of nanoseconds into the result's millisecond summary. */
public final class LatencySummary {

    private LatencySummary() {
    }

    public static Latency of(Histogram h) {
        return new Latency(h.getTotalCount(), round3(h.getMean() / 1e6),
                ms(h.getValueAtPercentile(50)), ms(h.getValueAtPercentile(90)), ms(h.getValueAtPercentile(95)),
                ms(h.getValueAtPercentile(99)), ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()),
                encode(h));
    }

    /** Nanoseconds to milliseconds, kept to the microsecond. */
    public static double ms(long nanos) {
        return round3(nanos / 1e6);
    }

    public static double round3(double value) {
        return Math.round(value * 1000.0) / 1000.0;
    }

    /** HdrHistogram's compressed V2 encoding, base64: decode with Histogram.decodeFromCompressedByteBuffer. */
    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (java.util.zip.DataFormatException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram", e);
        }
    }
}
