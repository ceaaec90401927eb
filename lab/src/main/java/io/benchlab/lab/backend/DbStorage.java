package io.benchlab.lab.backend;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where the database keeps its data directory (--db-storage). On docker: the container's own
 * storage, a fresh named volume, a tmpfs of {@code sizeBytes} (null: the database container's
 * memory limit), or a fresh folder under {@code bindFolder}. On kubernetes: the pod's own
 * (ephemeral) storage, an emptyDir in memory of {@code sizeBytes} (null: the limit), or a fresh
 * claim of {@code sizeBytes} of StorageClass {@code storageClass} (null: the cluster's default).
 * Whatever a run makes for it is removed with the run.
 */
public record DbStorage(Kind kind, Long sizeBytes, Path bindFolder, String storageClass) {

    public static final String OPTION = "--db-storage";

    /** What the database side gets when the run names none: as before this option. */
    public static final DbStorage CONTAINER = new DbStorage(Kind.CONTAINER, null, null);

    /** The kubernetes backend's default: the pod's own storage, as before this option. */
    public static final DbStorage EPHEMERAL = new DbStorage(Kind.EPHEMERAL, null, null, null);

    /** A claim's size when the run names none: local provisioners ignore it, others need one. */
    public static final long DEFAULT_CLAIM_BYTES = 10L << 30;

    /** The kinds of storage the kubernetes backend speaks of: named, so that a mix-up says so. */
    private static final Set<String> KUBERNETES_KINDS = Set.of("pvc", "memory", "ephemeral");
    private static final Set<String> DOCKER_KINDS = Set.of("container", "volume", "tmpfs", "bind");
    /** A StorageClass's name: a DNS subdomain. */
    private static final Pattern CLASS_NAME = Pattern.compile("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?");

    public DbStorage(Kind kind, Long sizeBytes, Path bindFolder) {
        this(kind, sizeBytes, bindFolder, null);
    }

    public enum Kind {
        CONTAINER, VOLUME, TMPFS, BIND, EPHEMERAL, MEMORY, PVC;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Reads {@code ephemeral}, {@code memory[:SIZE]} or {@code pvc[:CLASS][:SIZE]} (a lone argument
     * that starts with a digit is a SIZE; 1Gi and 1g alike). A memory size above {@code memoryLimit}
     * (the database pod's, which an emptyDir in memory counts against) is bad input; the class is
     * checked against the cluster later, before anything is made.
     */
    public static DbStorage parseKubernetes(String text, long memoryLimit) {
        String[] parts = text.split(":", -1);
        String kind = parts[0].strip().toLowerCase(Locale.ROOT);
        switch (kind) {
            case "ephemeral" -> {
                if (parts.length > 1) {
                    throw new BadInputException(OPTION + " ephemeral takes no argument, got '" + text + "'");
                }
                return EPHEMERAL;
            }
            case "memory" -> {
                if (parts.length > 2) {
                    throw new BadInputException(OPTION + " memory takes one SIZE at most, got '" + text + "'");
                }
                if (parts.length == 1) {
                    return new DbStorage(Kind.MEMORY, null, null, null);
                }
                long size = kubeSize(OPTION + " memory", parts[1]);
                if (size <= 0 || size > memoryLimit) {
                    throw new BadInputException(OPTION + " memory:" + parts[1] + " must be above 0 and at most the"
                            + " database pod's memory limit (" + (memoryLimit >> 20) + "m; --db-memory), which its"
                            + " pages count against");
                }
                return new DbStorage(Kind.MEMORY, size, null, null);
            }
            case "pvc" -> {
                if (parts.length > 3) {
                    throw new BadInputException(OPTION + " takes pvc[:CLASS][:SIZE], got '" + text + "'");
                }
                String storageClass = null;
                String size = null;
                if (parts.length == 3) {
                    storageClass = parts[1];
                    size = parts[2];
                } else if (parts.length == 2 && !parts[1].isEmpty() && Character.isDigit(parts[1].charAt(0))) {
                    size = parts[1];
                } else if (parts.length == 2) {
                    storageClass = parts[1];
                }
                if (storageClass != null && !CLASS_NAME.matcher(storageClass).matches()) {
                    throw new BadInputException(OPTION + " pvc: '" + storageClass + "' is not a StorageClass name");
                }
                long bytes = size == null ? DEFAULT_CLAIM_BYTES : kubeSize(OPTION + " pvc", size);
                if (bytes <= 0) {
                    throw new BadInputException(OPTION + " pvc: the claim's size must be above 0, got '" + size + "'");
                }
                return new DbStorage(Kind.PVC, bytes, null, storageClass);
            }
            default -> {
                if (DOCKER_KINDS.contains(kind)) {
                    throw new BadInputException(OPTION + " " + kind + " is a storage kind of --backend docker; the"
                            + " kubernetes backend takes ephemeral, memory[:SIZE] or pvc[:CLASS][:SIZE]");
                }
                throw new BadInputException(OPTION + ": '" + text + "' is not a storage kind (ephemeral,"
                        + " memory[:SIZE] or pvc[:CLASS][:SIZE])");
            }
        }
    }

    /** A size as docker's flags write it (512m, 1g) or as Kubernetes does (512Mi, 1Gi). */
    private static long kubeSize(String option, String text) {
        String t = text.strip();
        return ContainerLimits.parseMemory(option, t.matches("[0-9.]+[KMGTkmgt]i") ? t.substring(0, t.length() - 1) : t);
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

    /** The size a tmpfs (or an emptyDir in memory) gets: the one asked for, else the memory limit. */
    public long tmpfsBytes(long memoryLimit) {
        return sizeBytes != null ? sizeBytes : memoryLimit;
    }
}
