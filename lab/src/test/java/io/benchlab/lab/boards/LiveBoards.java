package io.benchlab.lab.boards;

import com.influxdb.client.InfluxDBClient;
import io.benchlab.lab.boards.Boards.Board;
import io.benchlab.lab.boards.Boards.Kind;
import io.benchlab.lab.boards.Boards.Query;
import io.benchlab.lab.boards.GrafanaFrames.Frame;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The boards against whatever runs an InfluxDB holds (the cluster's nights), where
 * {@link BoardQueriesIT} has its fixture: every query of every board, as Grafana sends it, each
 * variable set to what its own query returned (all of a multi-value one, else the first), and
 * what came back checked for rows and for every field the panel's configuration names.
 */
public final class LiveBoards {

    /** Each query's rows (by {@code board / name}), and what is wrong with the ones that are wrong. */
    public record Proof(Map<String, Integer> rows, List<String> faults) {
    }

    private LiveBoards() {
    }

    public static Proof prove(InfluxDBClient client, String org, String bucket, Instant from, Instant to) {
        GrafanaFlux.Context context = new GrafanaFlux.Context(from, to,
                Duration.between(from, to).dividedBy(BoardQueriesIT.MAX_DATA_POINTS), org, bucket);
        Map<String, Integer> rows = new LinkedHashMap<>();
        List<String> faults = new ArrayList<>();
        for (Board board : Boards.all()) {
            Map<String, List<String>> selected = new LinkedHashMap<>();
            for (Query q : board.queries()) {
                String flux = GrafanaFlux.interpolate(q.flux(), selected, context);
                List<Frame> frames = GrafanaFrames.of(client.getQueryApi().query(flux, org));
                rows.put(q.key(), frames.stream().mapToInt(f -> f.rows().size()).sum());
                if (q.kind() == Kind.VARIABLE) {
                    selected.put(q.name(), chosen(q, frames));
                    continue;
                }
                Set<String> fields = new HashSet<>();
                frames.forEach(f -> fields.addAll(f.fields().keySet()));
                List<String> missing = Boards.referencedFields(q.owner()).stream().filter(f -> !fields.contains(f)).toList();
                if (!frames.isEmpty() && !missing.isEmpty()) {
                    faults.add(q.key() + ": no field " + missing + " (as run: " + flux + ")");
                }
            }
        }
        return new Proof(rows, faults);
    }

    /** As Grafana reads a variable query: the first frame's (see {@link Frame#variableValues}). */
    private static List<String> chosen(Query q, List<Frame> frames) {
        if (frames.isEmpty() || frames.get(0).fieldsOfType("string").isEmpty()) {
            return List.of();
        }
        List<String> values = frames.get(0).variableValues().stream().sorted().toList();
        boolean multi = q.owner().path("multi").asBoolean();
        return multi || values.isEmpty() ? values : List.of(q.owner().path("sort").asInt() == 2
                ? values.get(values.size() - 1) : values.get(0));
    }
}
