package io.benchlab.lab.boards;

import static org.assertj.core.api.Assertions.assertThat;

import com.influxdb.client.InfluxDBClient;
import io.benchlab.lab.boards.Boards.Board;
import io.benchlab.lab.boards.Boards.Kind;
import io.benchlab.lab.boards.Boards.Query;
import io.benchlab.lab.boards.GrafanaFrames.Frame;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The boards against whatever runs an InfluxDB holds (the cluster's nights), where
 * {@link BoardQueriesIT} has its fixture: every query of every board, as Grafana sends it, each
 * variable set to what its own query returned (all of a multi-value one, else the first in its
 * sort: run-detail's newest run), and what came back checked for rows and for every field the
 * panel's configuration names.
 * <p>
 * A panel of the database's side only ({@link Query#serverSideOnly}) is empty for a run of an
 * engine without server points (in-process engines, the HSQLDB server), and the newest run may be
 * one. Such a panel, when empty, is proved again with the single-value variable set to its next
 * values in turn, until a run fills it (a PostgreSQL or MySQL/MariaDB one); its rows and faults are
 * that run's. Every other query keeps the first choice, and if no run fills it, it stays empty.
 */
public final class LiveBoards {

    /** Each query's rows (by {@code board / name}), and what is wrong with the ones that are wrong. */
    public record Proof(Map<String, Integer> rows, List<String> faults) {
    }

    /** One pass over a board: rows and faults by query, and the single-value variable's other values, in its order. */
    private record Pass(Map<String, Integer> rows, Map<String, List<String>> faults, String single, List<String> others) {
    }

    private LiveBoards() {
    }

    /**
     * Every query of every board, on the nights' points in org and bucket benchlab from FROM to
     * now: none is faulty, and each returns rows, but for the change points' annotation, which
     * lab history writes and steady nights have none of.
     */
    public static void assertEveryQueryAnswers(InfluxDBClient client, Instant from) {
        Proof proof = prove(client, "benchlab", "benchlab", from.minusSeconds(60), Instant.now().plusSeconds(60));
        assertThat(proof.faults()).isEmpty();
        assertThat(proof.rows()).as("rows of every board query").hasSizeGreaterThan(20)
                .allSatisfy((query, rows) -> assertThat(rows).as(query)
                        .isGreaterThan(query.endsWith("annotation Change points") ? -1 : 0));
    }

    public static Proof prove(InfluxDBClient client, String org, String bucket, Instant from, Instant to) {
        GrafanaFlux.Context context = new GrafanaFlux.Context(from, to,
                Duration.between(from, to).dividedBy(BoardQueriesIT.MAX_DATA_POINTS), org, bucket);
        Map<String, Integer> rows = new LinkedHashMap<>();
        List<String> faults = new ArrayList<>();
        for (Board board : Boards.all()) {
            Pass first = pass(client, org, context, board, Map.of());
            rows.putAll(first.rows());
            first.faults().values().forEach(faults::addAll);
            Set<String> waiting = new HashSet<>(board.queries().stream()
                    .filter(q -> q.serverSideOnly() && first.rows().get(q.key()) == 0).map(Query::key).toList());
            for (String other : first.others()) {
                if (waiting.isEmpty()) {
                    break;
                }
                Pass next = pass(client, org, context, board, Map.of(first.single(), other));
                for (String key : List.copyOf(waiting)) {
                    if (next.rows().get(key) > 0) {
                        rows.put(key, next.rows().get(key));
                        faults.addAll(next.faults().get(key));
                        waiting.remove(key);
                    }
                }
            }
        }
        return new Proof(rows, faults);
    }

    /** The board's queries in order, a single-value variable set as {@code pinned} says, else as Grafana would. */
    private static Pass pass(InfluxDBClient client, String org, GrafanaFlux.Context context, Board board,
                             Map<String, String> pinned) {
        Map<String, List<String>> selected = new LinkedHashMap<>();
        Map<String, Integer> rows = new LinkedHashMap<>();
        Map<String, List<String>> faults = new LinkedHashMap<>();
        String single = null;
        List<String> others = List.of();
        for (Query q : board.queries()) {
            String flux = GrafanaFlux.interpolate(q.flux(), selected, context);
            List<Frame> frames = GrafanaFrames.of(client.getQueryApi().query(flux, org));
            rows.put(q.key(), frames.stream().mapToInt(f -> f.rows().size()).sum());
            if (q.kind() == Kind.VARIABLE) {
                List<String> values = ordered(q, frames);
                if (q.owner().path("multi").asBoolean() || values.isEmpty()) {
                    selected.put(q.name(), values);
                } else {
                    String value = pinned.getOrDefault(q.name(), values.get(0));
                    selected.put(q.name(), List.of(value));
                    single = q.name();
                    others = values.stream().filter(v -> !v.equals(value)).toList();
                }
                continue;
            }
            Set<String> fields = new HashSet<>();
            frames.forEach(f -> fields.addAll(f.fields().keySet()));
            List<String> missing = Boards.referencedFields(q.owner()).stream().filter(f -> !fields.contains(f)).toList();
            faults.put(q.key(), !frames.isEmpty() && !missing.isEmpty()
                    ? List.of(q.key() + ": no field " + missing + " (as run: " + flux + ")") : List.of());
        }
        return new Pass(rows, faults, single, others);
    }

    /** As Grafana reads a variable query (see {@link Frame#variableValues}), in its sort: 2 is descending. */
    private static List<String> ordered(Query q, List<Frame> frames) {
        if (frames.isEmpty() || frames.get(0).fieldsOfType("string").isEmpty()) {
            return List.of();
        }
        Comparator<String> order = q.owner().path("sort").asInt() == 2 ? Comparator.reverseOrder() : Comparator.naturalOrder();
        return frames.get(0).variableValues().stream().sorted(order).toList();
    }
}
