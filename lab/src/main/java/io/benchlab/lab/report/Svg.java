package io.benchlab.lab.report;

/**
 * A small SVG (or HTML) writer: elements with attributes given as name, value pairs, every value
 * and every text escaped, so that no caller can forget to.
 */
final class Svg {

    private final StringBuilder b = new StringBuilder();

    Svg open(String name, String... attributes) {
        tag(name, attributes);
        b.append(">");
        return this;
    }

    Svg close(String name) {
        b.append("</").append(name).append(">");
        return this;
    }

    /** An element without content. */
    Svg empty(String name, String... attributes) {
        tag(name, attributes);
        b.append("/>");
        return this;
    }

    /** An element holding text only. */
    /** A section heading, {@code <h1>} to {@code <h6>}. */
    Svg heading(int level, String text) {
        return text("h" + level, text);
    }

    Svg text(String name, String text, String... attributes) {
        return open(name, attributes).raw(Html.escape(text)).close(name);
    }

    /** Markup made by another writer (already escaped). */
    Svg raw(String markup) {
        b.append(markup);
        return this;
    }

    private void tag(String name, String... attributes) {
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes come in name, value pairs: " + String.join(", ", attributes));
        }
        b.append('<').append(name);
        for (int i = 0; i < attributes.length; i += 2) {
            if (attributes[i + 1] != null) {
                b.append(' ').append(attributes[i]).append("=\"").append(Html.escape(attributes[i + 1])).append('"');
            }
        }
    }

    @Override
    public String toString() {
        return b.toString();
    }
}
