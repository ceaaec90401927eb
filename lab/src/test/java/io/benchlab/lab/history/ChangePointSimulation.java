package io.benchlab.lab.history;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * bench.changepoint_simulation's Java side: simulated nightly tps, judged by {@link EDivisive} as
 * lab history does. Series with a step (its night drawn between 20 and 50) and series without;
 * each night holds {@code rounds} rounds. Noise: {@code round} (every round its own Gaussian noise
 * at the CV) or {@code night} (the whole night one draw at the CV, its rounds alike: the rounds
 * then add nothing). It prints the figures and writes every series (one value a night, the
 * night's first round, and the night's mean) for Otava to judge the same nights.
 *
 * <p>Arguments: series nights rounds cv step noise seed pMax csv-out
 */
public final class ChangePointSimulation {

    private ChangePointSimulation() {
    }

    public static void main(String[] args) throws IOException {
        int series = Integer.parseInt(args[0]);
        int nights = Integer.parseInt(args[1]);
        int rounds = Integer.parseInt(args[2]);
        double cv = Double.parseDouble(args[3]);
        double step = Double.parseDouble(args[4]);
        boolean nightNoise = args[5].equals("night");
        Random random = new Random(Long.parseLong(args[6]));
        double pMax = Double.parseDouble(args[7]);
        Path csv = Path.of(args[8]);

        int found = 0;
        int falsePoints = 0;
        List<Integer> delays = new ArrayList<>();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(csv))) {
            out.println("series,night,step_at,first_round,night_mean");
            for (int s = 0; s < series; s++) {
                int at = step == 0 ? -1 : 20 + random.nextInt(31);
                double[][] data = new double[nights][rounds];
                for (int n = 0; n < nights; n++) {
                    double level = 1000 * (at >= 0 && n >= at ? 1 + step : 1);
                    double nightDraw = random.nextGaussian();
                    for (int r = 0; r < rounds; r++) {
                        data[n][r] = level * (1 + cv * (nightNoise ? nightDraw : random.nextGaussian()));
                    }
                    out.printf(Locale.ROOT, "%d,%d,%d,%.6f,%.6f%n", s, n, at, data[n][0],
                            Arrays.stream(data[n]).average().orElseThrow());
                }
                List<EDivisive.Split> all = EDivisive.changePoints(data, pMax);
                if (at < 0) {
                    falsePoints += all.size();
                    continue;
                }
                int stepAt = at;
                if (all.stream().anyMatch(c -> Math.abs(c.index() - stepAt) <= 1)) {
                    found++;
                }
                falsePoints += (int) all.stream().filter(c -> Math.abs(c.index() - stepAt) > 1).count();
                delays.add(delay(data, at, pMax));
            }
        }
        System.out.printf(Locale.ROOT, "benchlab  series %d  nights %d  rounds %d  cv %.3f  step %+.3f  noise %s  p %.4g%n",
                series, nights, rounds, cv, step, args[5], pMax);
        if (step == 0) {
            System.out.printf(Locale.ROOT, "benchlab  A/A change points per 100 nights: %.3f (%d in %d nights)%n",
                    100.0 * falsePoints / (series * nights), falsePoints, series * nights);
        } else {
            System.out.printf(Locale.ROOT, "benchlab  found within +-1 night: %.1f%%  median delay: %s nights"
                            + "  other change points per 100 nights: %.3f%n",
                    100.0 * found / series, median(delays), 100.0 * falsePoints / (series * nights));
        }
    }

    /**
     * Nights after the step's night until a history that ends there shows the change point within
     * one night of it (0: found on the step's night itself); MAX_VALUE when never.
     */
    static int delay(double[][] data, int at, double pMax) {
        for (int end = at + 1; end <= data.length; end++) {
            if (end < EDivisive.LEAST_NIGHTS) {
                continue;
            }
            List<EDivisive.Split> cps = EDivisive.changePoints(Arrays.copyOf(data, end), pMax);
            if (cps.stream().anyMatch(c -> Math.abs(c.index() - at) <= 1)) {
                return end - 1 - at;
            }
        }
        return Integer.MAX_VALUE;
    }

    private static String median(List<Integer> delays) {
        List<Integer> sorted = new ArrayList<>(delays);
        sorted.sort(null);
        int m = sorted.get((sorted.size() - 1) / 2);
        return m == Integer.MAX_VALUE ? "never" : Integer.toString(m);
    }
}
