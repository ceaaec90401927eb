package io.benchlab.lab.boards;

import com.influxdb.query.FluxColumn;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The data frames Grafana's InfluxDB datasource makes of a Flux answer
 * (pkg/tsdb/influxdb/flux/builder.go), so the proof checks what a panel is actually given. One
 * frame per table. A table with {@code _value} and a time column is a time series: a time field
 * and one value field named after {@code _field}, labelled with the table's tag-like columns (no
 * leading underscore). Any other table is a table frame: one field per column, result and table
 * apart.
 */
final class GrafanaFrames {

    /**
     * A frame: its fields' names with their Flux types (in order), its labels (a time series'), and
     * its rows by field name (for a time series: time and value).
     */
    record Frame(boolean timeSeries, Map<String, String> fields, Map<String, String> labels,
                 List<Map<String, Object>> rows) {

        List<String> fieldsOfType(String prefix) {
            return fields.entrySet().stream().filter(e -> e.getValue().startsWith(prefix)).map(Map.Entry::getKey).toList();
        }

        /** As Grafana reads a variable query's frame (frameToMetricFindValue): its first string field's values. */
        List<String> variableValues() {
            String field = fieldsOfType("string").get(0);
            return rows.stream().map(r -> (String) r.get(field)).toList();
        }
    }

    private GrafanaFrames() {
    }

    static List<Frame> of(List<FluxTable> tables) {
        return tables.stream().filter(t -> !t.getRecords().isEmpty()).map(GrafanaFrames::frame).toList();
    }

    private static Frame frame(FluxTable table) {
        List<FluxColumn> columns = table.getColumns();
        FluxRecord first = table.getRecords().get(0);
        boolean hasValue = columns.stream().anyMatch(c -> "_value".equals(c.getLabel()));
        Optional<FluxColumn> time = timeColumn(columns);
        if (hasValue && time.isPresent()) {
            String timeName = "_time".equals(time.get().getLabel()) ? "Time" : time.get().getLabel();
            Object field = first.getValueByKey("_field");
            String valueName = field instanceof String s ? s : "";
            Map<String, String> labels = new LinkedHashMap<>();
            for (FluxColumn c : columns) {
                if (isTag(c.getLabel()) && first.getValueByKey(c.getLabel()) instanceof String s) {
                    labels.put(c.getLabel(), s);
                }
            }
            List<Map<String, Object>> rows = new ArrayList<>();
            for (FluxRecord r : table.getRecords()) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put(timeName, r.getValueByKey(time.get().getLabel()));
                row.put(valueName, r.getValue());
                rows.add(row);
            }
            Map<String, String> fields = new LinkedHashMap<>();
            fields.put(timeName, time.get().getDataType());
            fields.put(valueName, columns.stream().filter(c -> "_value".equals(c.getLabel())).findFirst().orElseThrow().getDataType());
            return new Frame(true, fields, labels, rows);
        }
        Map<String, String> fields = new LinkedHashMap<>();
        columns.stream().filter(c -> !"result".equals(c.getLabel()) && !"table".equals(c.getLabel()))
                .forEach(c -> fields.put(c.getLabel(), c.getDataType()));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (FluxRecord r : table.getRecords()) {
            Map<String, Object> row = new LinkedHashMap<>();
            fields.keySet().forEach(n -> row.put(n, r.getValueByKey(n)));
            rows.add(row);
        }
        return new Frame(false, fields, Map.of(), rows);
    }

    static boolean isTime(FluxColumn c) {
        return c.getDataType() != null && c.getDataType().startsWith("dateTime:RFC3339");
    }

    /** {@code _time} if it is a time, else the first time column. */
    private static Optional<FluxColumn> timeColumn(List<FluxColumn> columns) {
        return columns.stream().filter(c -> "_time".equals(c.getLabel()) && isTime(c)).findFirst()
                .or(() -> columns.stream().filter(GrafanaFrames::isTime).findFirst());
    }

    private static boolean isTag(String name) {
        return !"result".equals(name) && !"table".equals(name) && !name.startsWith("_");
    }
}
