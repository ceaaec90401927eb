package io.benchlab.lab.nightly;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.capacity.CapacityDefaults;
import io.benchlab.lab.capacity.Objective;
import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A plan's capacity cells: a group with {@code capacity:} makes capacity cells, named apart from run
 * cells, asked what the group says (lab capacity's defaults otherwise), and needing no
 * options.rounds; a capacity that cannot make a search is one line of bad input.
 */
class NightlyPlanCapacityTest {

    private static final String PLAN = """
            version: 1
            options: {backend: docker, scale: 8, duration: 2s}
            cells:
              - engines: [postgres]
                clients: [16]
                capacity:
                  slo: ["p99<=20ms", "failures<=1%"]
                  precision: 0.1
                  start-rate: 2000
                  max-steps: 6
            canary: {engine: postgres, clients: 1, options: {rounds: 5}}
            """;

    @Test
    void aCapacityGroupMakesCapacityCellsAskedWhatItSays(@TempDir Path dir) throws IOException {
        NightlyPlan plan = read(dir, PLAN);
        Cell cell = plan.cells().get(0);
        assertThat(cell.capacity()).isNotNull();
        assertThat(cell.capacity().objectives()).extracting(Objective::text).containsExactly("p99<=20ms", "failures<=1%");
        assertThat(cell.capacity().precision()).isEqualTo(0.1);
        assertThat(cell.capacity().startTps()).isEqualTo(2000.0);
        assertThat(cell.capacity().maxSteps()).isEqualTo(6);
        assertThat(cell.runArgs()).as("no rounds: the steps take lab capacity's").doesNotContain("--rounds")
                .containsSubsequence("--engine", "postgres", "--clients", "16");
        assertThat(plan.cells().get(1).capacity()).as("the canary stays a run").isNull();
    }

    @Test
    void aCapacityCellIsNamedApartFromARunCellOfTheSameEngineAndClients(@TempDir Path dir) throws IOException {
        NightlyPlan plan = read(dir, PLAN.replace("cells:\n", "cells:\n  - engines: [postgres]\n    clients: [16]\n"
                + "    options: {rounds: 5}\n"));
        assertThat(plan.cells()).extracting(c -> c.key("durable"))
                .containsExactly("postgres-durable-c16", "capacity-postgres-durable-c16", "canary-postgres-durable-c1");
    }

    @Test
    void anOmittedKnobIsLabCapacitysDefault(@TempDir Path dir) throws IOException {
        NightlyPlan plan = read(dir, PLAN.replaceAll("\n +(precision|start-rate|max-steps): [0-9.]+", ""));
        Cell cell = plan.cells().get(0);
        assertThat(cell.capacity().precision()).isEqualTo(CapacityDefaults.PRECISION);
        assertThat(cell.capacity().startTps()).as("a probe finds where to start").isNull();
        assertThat(cell.capacity().maxSteps()).isEqualTo(CapacityDefaults.MAX_STEPS);
    }

    @Test
    void aRunCellStillNeedsRounds(@TempDir Path dir) {
        String plan = PLAN.replace("cells:\n", "cells:\n  - engines: [postgres]\n    clients: [8]\n");
        assertThatThrownBy(() -> read(dir, plan)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("the cells need options.rounds");
    }

    /** Each row: what the plan above says, what a bad plan says instead, and what its one line says. */
    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            slo: ["p99<=20ms", "failures<=1%"] | precision: 0.2 | $.cells[0].capacity: required property 'slo' not found
            ["p99<=20ms", "failures<=1%"]      | []             | $.cells[0].capacity.slo: must have at least 1 items
            p99<=20ms                          | p99 under 20ms | capacity: --slo 'p99 under 20ms' is not an objective
            p99<=20ms                          | p99<=20%       | capacity: --slo 'p99<=20%' is not an objective
            precision: 0.1                     | precision: 1.5 | $.cells[0].capacity.precision: must have an exclusive maximum value of 1
            precision: 0.1                     | precision: 0   | $.cells[0].capacity.precision: must have an exclusive minimum value of 0
            start-rate: 2000                   | start-rate: -5 | $.cells[0].capacity.start-rate: must have an exclusive minimum value of 0
            max-steps: 6                       | max-steps: 0   | $.cells[0].capacity.max-steps: must have a minimum value of 1
            start-rate: 2000                   | rate: 2000     | $.cells[0].capacity: property 'rate' is not defined in the schema
            {engine: postgres, clients: 1,     | {engine: postgres, clients: 1, capacity: {slo: [p99<=1ms]}, | $.canary: property 'capacity' is not defined in the schema
            """)
    void aBadCapacityIsOneLineOfBadInput(String good, String bad, String expected, @TempDir Path dir) {
        assertThatThrownBy(() -> read(dir, PLAN.replace(good, bad))).isInstanceOf(BadInputException.class)
                .hasMessageContaining(expected).message().doesNotContain("\n");
    }

    private static NightlyPlan read(Path dir, String plan) throws IOException {
        return NightlyPlan.read(Files.writeString(dir.resolve("plan.yaml"), plan));
    }
}
