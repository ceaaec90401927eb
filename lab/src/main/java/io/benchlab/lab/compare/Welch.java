package io.benchlab.lab.compare;

import java.util.List;

/**
 * The 95% confidence interval of a difference of two means (Welch: unequal variances, unequal
 * sizes), from samples that may be serially correlated.
 *
 * <p>Interval samples of one run are not independent: a checkpoint or a collector pause spans
 * neighbouring intervals, so the plain standard error would be too narrow. Each sample list is a
 * series per round; its size counts as the effective size n(1 - r1)/(1 + r1), r1 being the lag-1
 * autocorrelation within rounds (never more than n, never less than 2), as for an AR(1) series.
 * The t quantile at Welch-Satterthwaite's degrees of freedom comes from a Cornish-Fisher
 * expansion of the normal quantile (within 1% of the exact value from 2 degrees of freedom up).
 */
final class Welch {

    /** The normal distribution's 97.5th percentile: a two-sided 95% interval. */
    private static final double Z = 1.959963984540054;

    private Welch() {
    }

    /** A sample's mean, and its variance as a mean: the variance over the effective size. */
    record Moments(double mean, double varianceOfMean, double effectiveSize) {
    }

    /**
     * Half the width of the interval of mean(b) - mean(a), or NaN when either side has fewer than
     * two values. {@code a} and {@code b} hold one series per round.
     */
    static double halfWidth(List<double[]> a, List<double[]> b) {
        Moments ma = moments(a);
        Moments mb = moments(b);
        if (ma == null || mb == null) {
            return Double.NaN;
        }
        double v = ma.varianceOfMean() + mb.varianceOfMean();
        if (v == 0) {
            return 0;
        }
        double df = v * v / (sq(ma.varianceOfMean()) / (ma.effectiveSize() - 1)
                + sq(mb.varianceOfMean()) / (mb.effectiveSize() - 1));
        return tQuantile(df) * Math.sqrt(v);
    }

    static Moments moments(List<double[]> rounds) {
        int n = 0;
        double sum = 0;
        for (double[] r : rounds) {
            n += r.length;
            for (double x : r) {
                sum += x;
            }
        }
        if (n < 2) {
            return null;
        }
        double mean = sum / n;
        double squares = 0;
        double lagged = 0;
        for (double[] r : rounds) {
            for (int i = 0; i < r.length; i++) {
                squares += sq(r[i] - mean);
                if (i > 0) {
                    lagged += (r[i] - mean) * (r[i - 1] - mean);
                }
            }
        }
        double r1 = squares == 0 ? 0 : lagged / squares;
        double effective = Math.max(2, Math.min(n, n * (1 - r1) / (1 + r1)));
        double variance = squares / (n - 1);
        return new Moments(mean, variance / effective, effective);
    }

    /** Student's t 97.5th percentile at {@code df} degrees of freedom (taken as at least 2). */
    static double tQuantile(double df) {
        double v = Math.max(2, df);
        double z = Z;
        double z3 = z * z * z;
        double z5 = z3 * z * z;
        double z7 = z5 * z * z;
        double z9 = z7 * z * z;
        return z + (z3 + z) / (4 * v)
                + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
                + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v)
                + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v * v * v * v);
    }

    private static double sq(double x) {
        return x * x;
    }
}
