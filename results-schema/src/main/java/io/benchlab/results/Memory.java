package io.benchlab.results;

/**
 * The runner process's memory during a measured phase. {@code heapLiveMaxBytes} is the largest
 * heap still in use right after a garbage collection (live data, garbage excluded; with an
 * in-process engine its data lives there too). {@code rssPeakBytes} is the process's resident
 * peak (Linux VmHWM / sampled VmRSS); null where the platform does not tell it.
 */
public record Memory(long heapLiveMaxBytes, Long rssPeakBytes) {
}
