package io.benchlab.runner.run;

import java.util.Arrays;

/**
 * Whether a series in time order trends up or down: the Mann-Kendall test, its variance widened
 * for the autocorrelation left after taking out Sen's slope (Yue and Wang's correction, for an
 * AR(1) residual), and Sen's slope as the size of the trend. Distribution-free: tps per interval
 * is neither normal nor free of outliers (a checkpoint, a GC pause), and Mann-Kendall looks only
 * at which of two intervals is higher. Pure.
 *
 * <p>Why the correction: intervals a second apart are not independent (a slow second tends to
 * follow a slow second), and the plain test, which assumes they are, would call such a run's
 * wander a trend far more often than its alpha says. With it, at p 0.001 and a change of 5%,
 * seeded steady series of 10-100 intervals, independent or AR(1) up to rho 0.85, were called
 * trending at most 7 times in 10,000; a climb of 32% over 50 independent intervals was found
 * 998 times in 1,000, of 15% 743 times ({@code MannKendallTest}).
 *
 * @param n      the points tested
 * @param z      the standardised statistic: beyond ±{@link #Z_001} a trend at p &lt; 0.001, two-sided
 * @param change Sen's slope times the series' span, over its median: the fitted rise (negative:
 *               fall) from its first point to its last, as a share
 */
record MannKendall(int n, double z, double change) {

    /** The standard normal's two-sided 0.001 quantile. */
    static final double Z_001 = 3.2905;

    /** Longer series are tested as this many batch means: Sen's slope over n points holds n²/2 slopes. */
    static final int MAX_POINTS = 200;

    /** The series X, one point per equal step; null when it has fewer than 3 points or a median of 0. */
    static MannKendall of(double[] x) {
        double[] y = batched(x);
        int n = y.length;
        double median = n < 3 ? 0 : median(y.clone());
        if (median == 0) {
            return null;
        }
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                s += Long.signum(Double.compare(y[j], y[i]));
            }
        }
        double slope = senSlope(y);
        double variance = (n * (n - 1.0) * (2 * n + 5) - ties(y)) / 18 * inflation(y, slope);
        double z = variance <= 0 ? 0 : (s - Math.signum(s)) / Math.sqrt(variance);
        return new MannKendall(n, z, slope * (n - 1) / median);
    }

    /** True when the trend is beyond alpha 0.001 and at least MIN_CHANGE (a share) in size. */
    boolean trends(double minChange) {
        return Math.abs(z) > Z_001 && Math.abs(change) >= minChange;
    }

    /** Consecutive means of X, at most {@link #MAX_POINTS} of them (batch means damp autocorrelation too). */
    static double[] batched(double[] x) {
        if (x.length <= MAX_POINTS) {
            return x;
        }
        int per = (x.length + MAX_POINTS - 1) / MAX_POINTS;
        double[] out = new double[x.length / per];
        for (int b = 0; b < out.length; b++) {
            double sum = 0;
            for (int i = b * per; i < (b + 1) * per; i++) {
                sum += x[i];
            }
            out[b] = sum / per;
        }
        return out;
    }

    /** Sen's slope: the median of the slopes between every two points. */
    private static double senSlope(double[] y) {
        int n = y.length;
        double[] slopes = new double[n * (n - 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                slopes[k++] = (y[j] - y[i]) / (j - i);
            }
        }
        return median(slopes);
    }

    /** The tie term of Var(S): sum of t(t-1)(2t+5) over groups of t equal values. */
    private static double ties(double[] y) {
        double[] sorted = y.clone();
        Arrays.sort(sorted);
        double sum = 0;
        int t = 1;
        for (int i = 1; i <= sorted.length; i++) {
            if (i < sorted.length && sorted[i] == sorted[i - 1]) {
                t++;
            } else {
                sum += t * (t - 1.0) * (2 * t + 5);
                t = 1;
            }
        }
        return sum;
    }

    /**
     * n/n*, how much the residuals' positive lag-1 autocorrelation r widens Var(S):
     * 1 + 2 sum_k (1 - k/n) r^k. Negative autocorrelation is not let narrow it.
     */
    private static double inflation(double[] y, double slope) {
        int n = y.length;
        double[] e = new double[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            e[i] = y[i] - slope * i;
            mean += e[i] / n;
        }
        double lag0 = 0;
        double lag1 = 0;
        for (int i = 0; i < n; i++) {
            lag0 += (e[i] - mean) * (e[i] - mean);
            if (i > 0) {
                lag1 += (e[i] - mean) * (e[i - 1] - mean);
            }
        }
        // The sample's r1 runs low by about (1 + 4 rho) / n (Marriott and Pope), and scatters by
        // about 1 / sqrt(n) around that: corrected for the one, and taken two of the other above,
        // as real runs need (their intervals' r1 was 0.4-0.74 on PostgreSQL). Taken as it came,
        // steady series of 20 points at rho 0.6 were called trending 0.9-1.2% of the time; one
        // scatter above, still 0.3% at rho 0.75.
        double r1 = lag0 == 0 ? 0 : lag1 / lag0;
        double r = n <= 4 ? r1 : Math.min(0.95, (n * r1 + 1) / (n - 4) + 2 / Math.sqrt(n));
        if (r <= 0) {
            return 1;
        }
        double sum = 0;
        double rk = 1;
        for (int k = 1; k < n; k++) {
            rk *= r;
            sum += (1 - (double) k / n) * rk;
        }
        return 1 + 2 * sum;
    }

    private static double median(double[] v) {
        Arrays.sort(v);
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
