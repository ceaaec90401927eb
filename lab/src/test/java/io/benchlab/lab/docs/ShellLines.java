package io.benchlab.lab.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * The commands written in a Markdown page's fenced code blocks, as a shell would split them: lines
 * joined at a trailing backslash, a {@code #} comment dropped, {@code &&}, {@code ||}, {@code ;} and
 * {@code |} separating commands, quotes removed from words; {@code $(...)} and quoted text stay whole.
 * Each command keeps the page's line it starts on. Output shown in a block is read the same way; it
 * never starts with a command these tests check.
 */
final class ShellLines {

    /** One command: its words, and the line of the page it is on (from 1). */
    record Command(int line, List<String> words) {
    }

    private ShellLines() {
    }

    static List<Command> inCodeBlocks(String markdown) {
        List<Command> commands = new ArrayList<>();
        String fence = null;
        StringBuilder joined = new StringBuilder();
        int start = 0;
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String trimmed = line.strip();
            if (fence == null) {
                if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                    fence = trimmed.substring(0, 3);
                }
                continue;
            }
            if (trimmed.startsWith(fence) && joined.isEmpty()) {
                fence = null;
                continue;
            }
            if (joined.isEmpty()) {
                start = i + 1;
            }
            if (trimmed.endsWith("\\")) {
                joined.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            joined.append(trimmed);
            for (List<String> words : split(joined.toString())) {
                commands.add(new Command(start, words));
            }
            joined.setLength(0);
        }
        return commands;
    }

    /** The commands of one shell line, each as its words. */
    static List<List<String>> split(String line) {
        List<List<String>> commands = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        int parens = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            char next = i + 1 < line.length() ? line.charAt(i + 1) : 0;
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
                continue;
            }
            if (parens > 0) {
                parens += c == '(' ? 1 : c == ')' ? -1 : 0;
                word.append(c);
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '$' && next == '(') {
                word = word == null ? new StringBuilder() : word;
                word.append("$(");
                parens = 1;
                i++;
            } else if (c == '#' && word == null) {
                break;
            } else if (Character.isWhitespace(c) || c == ';' || c == '|' || c == '&') {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                if (c != ' ' && c != '\t' && !words.isEmpty()) {
                    commands.add(words);
                    words = new ArrayList<>();
                }
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        if (!words.isEmpty()) {
            commands.add(words);
        }
        return commands;
    }
}
