package io.benchlab.results;

import java.util.List;

/**
 * A run whose clients were split over {@code count} client pods (processes) against one
 * database. {@code startSkewMs} is the spread of the pods' measured starts (null in one pod's own
 * result); {@code commonWindowSeconds} how long every pod was measuring at once. Each pod's
 * figures stand beside the merged ones, with its transaction histogram, so that anyone can merge
 * them again.
 */
public record PodSplit(int count, Double startSkewMs, Double commonWindowSeconds, List<Pod> pods) {

    public PodSplit {
        pods = pods == null ? List.of() : List.copyOf(pods);
    }

    /**
     * One client pod: its index, its share of the clients, where it ran, when its measured phase
     * began (ISO-8601, to the millisecond), and its own figures over all rounds. {@code histogram}
     * is its transaction latency HdrHistogram (nanoseconds), compressed V2, base64.
     */
    public record Pod(int index, int clients, String node, String pod, String measuredStart, Double measuredSeconds,
                      long committed, double tps, double p99Ms, String histogram) {

        /** The same pod, placed: the node and pod it ran on. */
        public Pod placedOn(String node, String pod) {
            return new Pod(index, clients, node, pod, measuredStart, measuredSeconds, committed, tps, p99Ms, histogram);
        }
    }
}
