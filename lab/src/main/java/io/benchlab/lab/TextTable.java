package io.benchlab.lab;

import java.util.List;

/** A plain-text table: columns as wide as their widest cell, two spaces apart, numbers right-aligned. */
public final class TextTable {

    private TextTable() {
    }

    /** The lines, the header first; {@code right} says which columns to right-align. */
    public static String format(List<List<String>> lines, List<Boolean> right) {
        int[] width = new int[right.size()];
        for (List<String> line : lines) {
            for (int i = 0; i < line.size(); i++) {
                width[i] = Math.max(width[i], line.get(i).length());
            }
        }
        StringBuilder b = new StringBuilder();
        for (List<String> line : lines) {
            StringBuilder l = new StringBuilder();
            for (int i = 0; i < line.size(); i++) {
                String pad = " ".repeat(width[i] - line.get(i).length());
                l.append(i == 0 ? "" : "  ").append(right.get(i) ? pad + line.get(i) : line.get(i) + pad);
            }
            b.append(l.toString().stripTrailing()).append('\n');
        }
        return b.toString();
    }
}
