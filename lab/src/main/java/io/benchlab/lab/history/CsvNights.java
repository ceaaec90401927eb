package io.benchlab.lab.history;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * A history from a CSV file, as Apache Otava reads one: a header row, a time column, a metric
 * column, and any other columns as the nights' provenance (a git sha, a version). Rows that share a
 * time are that time's rounds. Times are ISO-8601 (with or without a zone, UTC when without; a
 * space may stand for the T, as in Otava's {@code 2024-01-02 03:04:05 +0000}), dates, or epoch
 * seconds. A blank metric cell is a row without a value, not an error.
 */
public final class CsvNights {

    private static final DateTimeFormatter SPACED_OFFSET = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS][.SSS] Z");

    private CsvNights() {
    }

    public static List<Night> read(Path file, String timeColumn, String metricColumn) {
        try (Reader in = Files.newBufferedReader(file);
             CSVParser csv = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).setTrim(true)
                     .setIgnoreEmptyLines(true).get().parse(in)) {
            List<String> columns = csv.getHeaderNames();
            for (String wanted : List.of(timeColumn, metricColumn)) {
                if (!columns.contains(wanted)) {
                    throw new BadInputException(file + " has no column '" + wanted + "' (its columns: "
                            + String.join(", ", columns) + ")");
                }
            }
            Map<String, Builder> byTime = new LinkedHashMap<>();
            for (CSVRecord row : csv) {
                String time = row.isSet(timeColumn) ? row.get(timeColumn) : "";
                String value = row.isSet(metricColumn) ? row.get(metricColumn) : "";
                if (time.isEmpty()) {
                    throw new BadInputException(file + " line " + (row.getRecordNumber() + 1) + ": no " + timeColumn);
                }
                Builder night = byTime.computeIfAbsent(time, t -> new Builder(t, instant(file, row, t)));
                if (!value.isEmpty()) {
                    night.rounds.add(number(file, row, metricColumn, value));
                }
                for (String column : columns) {
                    if (!column.equals(timeColumn) && !column.equals(metricColumn) && row.isSet(column)
                            && !row.get(column).isEmpty() && !isNumber(row.get(column))) {
                        night.provenance.put(column, row.get(column));
                    }
                }
            }
            return byTime.values().stream().filter(b -> !b.rounds.isEmpty())
                    .sorted(Comparator.comparing((Builder b) -> b.instant)).map(Builder::night).toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BadInputException("cannot read " + file + ": " + (e instanceof IOException io
                    ? FileProblem.describe(io) : e.getMessage()));
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new BadInputException(file + " is not a CSV file with a header row: " + e.getMessage());
        }
    }

    private static final class Builder {
        final String time;
        final Instant instant;
        final List<Double> rounds = new ArrayList<>();
        final Map<String, String> provenance = new LinkedHashMap<>();

        Builder(String time, Instant instant) {
            this.time = time;
            this.instant = instant;
        }

        Night night() {
            return new Night(time, instant, rounds.stream().mapToDouble(Double::doubleValue).toArray(), provenance, null);
        }
    }

    private static double number(Path file, CSVRecord row, String column, String text) {
        try {
            double x = Double.parseDouble(text);
            if (Double.isFinite(x)) {
                return x;
            }
        } catch (NumberFormatException e) {
            // told below
        }
        throw new BadInputException(file + " line " + (row.getRecordNumber() + 1) + ": " + column + " is '" + text
                + "', not a number");
    }

    private static boolean isNumber(String text) {
        try {
            new BigDecimal(text);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    static Instant instant(Path file, CSVRecord row, String text) {
        if (isNumber(text)) {
            return Instant.ofEpochMilli(new BigDecimal(text).movePointRight(3).longValue());
        }
        String iso = text.length() > 10 && text.charAt(10) == ' ' ? text.substring(0, 10) + 'T' + text.substring(11) : text;
        try {
            return OffsetDateTime.parse(iso).toInstant();
        } catch (DateTimeParseException e) {
            // the next form
        }
        try {
            return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            // the next form
        }
        try {
            return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
        } catch (DateTimeParseException e) {
            // the next form
        }
        try {
            return OffsetDateTime.parse(text, SPACED_OFFSET).toInstant();
        } catch (DateTimeParseException e) {
            throw new BadInputException(file + " line " + (row.getRecordNumber() + 1) + ": the time '" + text
                    + "' is no time (ISO-8601, a date, or epoch seconds)");
        }
    }
}
