package io.benchlab.lab.cli;

import io.benchlab.lab.backend.DbStorage;
import io.benchlab.runner.core.BadInputException;

/** --db-write-iops, read: a positive whole number of writes a second, for storage that has a device. */
final class WriteIops {

    static final String OPTION = "--db-write-iops";

    private WriteIops() {
    }

    /** The cap (null: none given); STORAGE is --db-storage's (null: the container's own). */
    static Long parse(String text, DbStorage storage) {
        if (text == null) {
            return null;
        }
        long n;
        try {
            n = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n <= 0) {
            throw new BadInputException(OPTION + ": '" + text + "' is not a positive whole number of writes a second");
        }
        if (storage != null && storage.kind() == DbStorage.Kind.TMPFS) {
            throw new BadInputException(OPTION + " caps the writes to a block device, and " + DbStorage.OPTION
                    + " tmpfs is memory, which has none");
        }
        return n;
    }
}
