package io.benchlab.runner.pods;

import io.benchlab.runner.core.BadInputException;

/**
 * This process's part of a run whose clients are split over {@code count} client processes (pods)
 * against one database: it is pod {@code index}. Pod 0 leads: it loads, checks and samples the
 * server for all of them. Clients are split as evenly as possible, the first pods taking one more.
 */
public record ClientPods(int index, int count) {

    /** A run with one client process: this one, leading itself. */
    public static final ClientPods ALONE = new ClientPods(0, 1);

    public ClientPods {
        if (count < 1) {
            throw new BadInputException("--client-pods must be at least 1, got " + count);
        }
        if (index < 0 || index >= count) {
            throw new BadInputException("--client-pod must be between 0 and " + (count - 1) + " for --client-pods "
                    + count + ", got " + index);
        }
    }

    public boolean leads() {
        return index == 0;
    }

    public boolean alone() {
        return count == 1;
    }

    /** Refuses a split that would leave a pod without a client. */
    public ClientPods requireClients(int clients) {
        if (clients < count) {
            throw new BadInputException("--client-pods " + count + " is more than --clients " + clients
                    + ": every client pod runs at least one client");
        }
        return this;
    }

    /** How many of the run's CLIENTS this pod runs. */
    public int share(int clients) {
        return clients / count + (index < clients % count ? 1 : 0);
    }

    /** The run-wide number of this pod's first client: clients are numbered across pods. */
    public int firstClient(int clients) {
        return index * (clients / count) + Math.min(index, clients % count);
    }
}
