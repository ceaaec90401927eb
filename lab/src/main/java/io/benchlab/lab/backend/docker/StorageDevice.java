package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The block device on the Docker host that holds the database's data directory, which a write-IOPS
 * cap (--db-write-iops) names. Found only where the Docker host is this machine: the storage's
 * folder is stat'ed here and its device number looked up in /sys/dev/block.
 */
final class StorageDevice {

    private static final String OPTION = "--db-write-iops";
    private static final Path SYS_DEV_BLOCK = Path.of("/sys/dev/block");

    private StorageDevice() {
    }

    /**
     * The device node (e.g. /dev/vda) of the folder that holds STORAGE: bind's folder; for a volume,
     * and for the container's own storage (the images declare the data directory a VOLUME, so it is
     * an anonymous volume), the container engine's volumes under its root folder.
     */
    static String of(DockerClient docker, DbStorage storage) {
        if (!DockerEnvironment.local()) {
            throw new BadInputException(OPTION + " needs the block device of the database's storage, which the lab"
                    + " finds only when the Docker host is this machine; DOCKER_HOST is "
                    + System.getenv("DOCKER_HOST"));
        }
        Path folder = storage.kind() == DbStorage.Kind.BIND ? storage.bindFolder() : volumes(docker);
        return node(folder, SYS_DEV_BLOCK);
    }

    private static Path volumes(DockerClient docker) {
        String root = docker.infoCmd().exec().getDockerRootDir();
        if (root == null || root.isBlank()) {
            throw new BadInputException(OPTION + ": the container engine does not say where it keeps its volumes"
                    + " (no DockerRootDir in its info)");
        }
        Path volumes = Path.of(root, "volumes");
        return Files.isDirectory(volumes) ? volumes : Path.of(root);
    }

    /** The device node of the whole disk FOLDER's filesystem is on, found through SYS (/sys/dev/block). */
    static String node(Path folder, Path sys) {
        long dev;
        try {
            dev = ((Number) Files.getAttribute(folder, "unix:dev")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            throw new BadInputException(OPTION + ": cannot read which device holds " + folder + " (" + e + ")");
        }
        Path block = sys.resolve(major(dev) + ":" + minor(dev));
        if (!Files.isDirectory(block)) {
            throw new BadInputException(OPTION + ": " + folder + " is on device " + major(dev) + ":" + minor(dev)
                    + ", which is no block device (" + block + " is not there)");
        }
        try {
            // The kernel takes a throttle rule for a whole disk only: a partition's is its disk's.
            Path disk = Files.exists(block.resolve("partition")) ? block.toRealPath().getParent() : block;
            List<String> uevent = Files.readAllLines(disk.resolve("uevent"));
            String name = uevent.stream().filter(l -> l.startsWith("DEVNAME=")).map(l -> l.substring(8))
                    .findFirst().orElseThrow(() -> new BadInputException(OPTION + ": " + disk.resolve("uevent")
                            + " names no device"));
            return "/dev/" + name;
        } catch (IOException e) {
            throw new BadInputException(OPTION + ": cannot read " + block + " (" + e.getMessage() + ")");
        }
    }

    /** As glibc's gnu_dev_major: the 12 low bits of the major above the minor's 8, the rest above bit 32. */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & 0xfffff000L);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
    }
}
