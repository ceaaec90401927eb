package io.benchlab.lab.backend;

import io.benchlab.runner.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;

/**
 * Where the docker backend keeps the database's data directory (--db-storage): the container's
 * own storage, a fresh named volume, a tmpfs of {@code sizeBytes} (null: the database container's
 * memory limit), or a fresh folder under {@code bindFolder}. Whatever a run makes for it is
 * removed with the run.
 */
public record DbStorage(Kind kind, Long sizeBytes, Path bindFolder) {

    public static final String OPTION = "--db-storage";

    /** What the database side gets when the run names none: as before this option. */
    public static final DbStorage CONTAINER = new DbStorage(Kind.CONTAINER, null, null);

    /** The kinds of storage the kubernetes backend speaks of: named, so that a mix-up says so. */
    private static final Set<String> KUBERNETES_KINDS = Set.of("pvc", "memory", "ephemeral");

    public enum Kind {
        CONTAINER, VOLUME, TMPFS, BIND;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Reads {@code container}, {@code volume}, {@code tmpfs[:SIZE]} or {@code bind:PATH}; a tmpfs
     * larger than {@code memoryLimit} (the database container's, which its pages count against)
     * and a bind folder that is not a writable folder are bad input.
     */
    public static DbStorage parse(String text, long memoryLimit) {
        int colon = text.indexOf(':');
        String kind = (colon < 0 ? text : text.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
        String arg = colon < 0 ? null : text.substring(colon + 1);
        switch (kind) {
            case "container", "volume" -> {
                if (arg != null) {
                    throw new BadInputException(OPTION + " " + kind + " takes no argument, got '" + text + "'");
                }
                return new DbStorage(kind.equals("volume") ? Kind.VOLUME : Kind.CONTAINER, null, null);
            }
            case "tmpfs" -> {
                if (arg == null) {
                    return new DbStorage(Kind.TMPFS, null, null);
                }
                long size = ContainerLimits.parseMemory(OPTION + " tmpfs", arg);
                if (size <= 0 || size > memoryLimit) {
                    throw new BadInputException(OPTION + " tmpfs:" + arg + " must be above 0 and at most the database"
                            + " container's memory limit (" + (memoryLimit >> 20) + "m; --db-memory), which tmpfs pages"
                            + " count against");
                }
                return new DbStorage(Kind.TMPFS, size, null);
            }
            case "bind" -> {
                return new DbStorage(Kind.BIND, null, bindFolder(arg));
            }
            default -> {
                if (KUBERNETES_KINDS.contains(kind)) {
                    throw new BadInputException(OPTION + " " + kind + " is a storage kind of --backend kubernetes; the"
                            + " docker backend takes container, volume, tmpfs[:SIZE] or bind:PATH");
                }
                throw new BadInputException(OPTION + ": '" + text + "' is not a storage kind (container, volume,"
                        + " tmpfs[:SIZE] or bind:PATH)");
            }
        }
    }

    private static Path bindFolder(String arg) {
        if (arg == null || arg.isBlank()) {
            throw new BadInputException(OPTION + " bind:PATH needs the folder to work in");
        }
        Path folder = Path.of(arg).toAbsolutePath().normalize();
        if (!Files.isDirectory(folder)) {
            throw new BadInputException(OPTION + " bind:" + arg + ": no such folder");
        }
        if (!Files.isWritable(folder)) {
            throw new BadInputException(OPTION + " bind:" + arg + ": the folder is not writable");
        }
        return folder;
    }

    /** The size a tmpfs gets: the one asked for, else the memory limit. */
    public long tmpfsBytes(long memoryLimit) {
        return sizeBytes != null ? sizeBytes : memoryLimit;
    }
}
