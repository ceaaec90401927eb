package io.benchlab.lab.backend.docker;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.dockerjava.api.model.BlkioStatEntry;
import com.github.dockerjava.api.model.MemoryStatsConfig;
import com.github.dockerjava.api.model.StatisticNetworksConfig;
import com.github.dockerjava.api.model.Statistics;
import com.github.dockerjava.api.model.StatsConfig;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A container's usage as the runner's usage endpoint format has it (runner UsageEndpoint), from
 * Docker's stats: CPU time, the working set (usage less inactive page cache, as {@code docker
 * stats} shows it), block I/O and network bytes. A figure Docker left out stays out.
 */
final class ContainerUsage {

    private ContainerUsage() {
    }

    static ObjectNode json(String source, Statistics s) {
        ObjectNode n = JsonNodeFactory.instance.objectNode().put("source", source);
        if (s.getCpuStats() != null && s.getCpuStats().getCpuUsage() != null) {
            put(n, "cpu_ns", s.getCpuStats().getCpuUsage().getTotalUsage());
        }
        put(n, "memory_bytes", workingSet(s.getMemoryStats()));
        List<BlkioStatEntry> io = s.getBlkioStats() == null ? null : s.getBlkioStats().getIoServiceBytesRecursive();
        put(n, "io_read_bytes", io(io, "read"));
        put(n, "io_write_bytes", io(io, "write"));
        Map<String, StatisticNetworksConfig> nets = s.getNetworks();
        if (nets != null && !nets.isEmpty()) {
            put(n, "net_rx_bytes", nets.values().stream().mapToLong(c -> orZero(c.getRxBytes())).sum());
            put(n, "net_tx_bytes", nets.values().stream().mapToLong(c -> orZero(c.getTxBytes())).sum());
        }
        return n;
    }

    private static Long workingSet(MemoryStatsConfig m) {
        if (m == null || m.getUsage() == null) {
            return null;
        }
        StatsConfig detail = m.getStats();
        // cgroup v2 names it inactive_file, v1 total_inactive_file.
        Long inactive = detail == null ? null
                : detail.getInactiveFile() != null ? detail.getInactiveFile() : detail.getTotalInactiveFile();
        return inactive == null || inactive > m.getUsage() ? m.getUsage() : m.getUsage() - inactive;
    }

    /** The bytes of one direction; none when the runtime reported no entries at all (it did not count). */
    private static Long io(List<BlkioStatEntry> entries, String op) {
        if (entries == null || entries.isEmpty()) {
            return null;
        }
        return entries.stream().filter(e -> op.equals(String.valueOf(e.getOp()).toLowerCase(Locale.ROOT)))
                .mapToLong(e -> orZero(e.getValue())).sum();
    }

    private static long orZero(Long v) {
        return v == null ? 0 : v;
    }

    private static void put(ObjectNode n, String field, Long value) {
        if (value != null) {
            n.put(field, value);
        }
    }
}
