package io.benchlab.lab.images;

import io.benchlab.lab.setup.ConfigSyntax;
import io.benchlab.lab.setup.ServerSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a server engine's image takes settings on its command line, from its descriptor: the
 * syntax of its configuration files ({@code config.ext}), the arguments per setting
 * ({@code settings.arg}, words of String.format patterns of key and value: {@code -c %s=%s}), and
 * the image's own command that they follow ({@code settings.cmd}: a pod's args replace the image's
 * CMD, so they must repeat it; empty where the entrypoint puts the server before arguments that
 * start with -). The pinned image keeps its configuration file; these come on top of it.
 */
public record CommandLineSettings(ConfigSyntax syntax, List<String> arg, List<String> cmd) {

    public CommandLineSettings {
        arg = List.copyOf(arg);
        cmd = List.copyOf(cmd);
    }

    /** Whether the image takes settings on its command line at all. */
    public boolean taken() {
        return !arg.isEmpty();
    }

    /** The arguments that give the server SETTINGS, in order. */
    public List<String> args(ServerSettings settings) {
        List<String> args = new ArrayList<>();
        settings.given().forEach((k, v) -> arg.forEach(word -> args.add(String.format(Locale.ROOT, word, k, v))));
        return args;
    }

    /** The container's whole command: IMAGE_CMD (the image's, or {@link #cmd} where unknown) and the settings. */
    public List<String> command(List<String> imageCmd, ServerSettings settings) {
        List<String> all = new ArrayList<>(imageCmd == null ? cmd : imageCmd);
        all.addAll(args(settings));
        return all;
    }
}
