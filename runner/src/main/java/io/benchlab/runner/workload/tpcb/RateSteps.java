package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.core.BadInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The offered rates of --rate-steps, in transactions per second, strictly increasing: one
 * measured round per step, so that each step keeps its own figures. Written as the option takes
 * it ({@code 1000,2000,4000}), which is also how a result records it.
 */
public record RateSteps(List<Double> tps) {

    public RateSteps {
        tps = List.copyOf(tps);
    }

    /** The steps of TEXT, comma-separated positive numbers that rise; bad input names OPTION. */
    public static RateSteps parse(String option, String text) {
        if (text.isBlank()) {
            throw new BadInputException(option + ": give at least one rate, like 1000,2000,4000");
        }
        List<Double> rates = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            double rate;
            try {
                rate = Double.parseDouble(part.strip());
            } catch (NumberFormatException e) {
                throw new BadInputException(option + ": '" + part.strip() + "' is not a number of transactions per"
                        + " second; give rising rates like 1000,2000,4000");
            }
            if (!(rate > 0 && Double.isFinite(rate))) {
                throw new BadInputException(option + ": every step must be a positive rate, got " + part.strip());
            }
            if (!rates.isEmpty() && rate <= rates.get(rates.size() - 1)) {
                throw new BadInputException(option + ": the steps must rise strictly, but " + show(rate)
                        + " follows " + show(rates.get(rates.size() - 1)));
            }
            rates.add(rate);
        }
        return new RateSteps(rates);
    }

    /** How many steps, and so measured rounds. */
    public int count() {
        return tps.size();
    }

    /** The offered rate of ROUND (from 1). */
    public double rate(int round) {
        return tps.get(round - 1);
    }

    @Override
    public String toString() {
        return tps.stream().map(RateSteps::show).collect(Collectors.joining(","));
    }

    static String show(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }
}
