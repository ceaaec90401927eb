package io.benchlab.runner.sink.influx;

import java.nio.file.Path;

/**
 * A run that spilled and stays alive until killed: {@code SpillingProcess DIR RUN POINTS} adds
 * POINTS points to a spool of capacity 2, prints "spilled", and sleeps.
 */
public final class SpillingProcess {

    private SpillingProcess() {
    }

    public static void main(String[] args) throws InterruptedException {
        PointSpool spool = new PointSpool(Path.of(args[0]), args[1], 2);
        spool.add(PointSpoolTest.points(0, Integer.parseInt(args[2])));
        System.out.println("spilled");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
