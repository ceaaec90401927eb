package io.benchlab.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Results of older schema versions brought to {@link RunResult#SCHEMA_VERSION} on their JSON tree,
 * one version at a time, before they are bound to the model: the model reads one version, and a
 * change of the format adds a step here rather than a constructor kept for old results. A step
 * changes only what the newer version spells differently; what an older run did not measure stays
 * absent. A knob added to schema 5 after it was published is not a step: what its absence means is
 * the runner's declaration of the knob, which reads it. Nor is the optional {@code setup} (the
 * server settings a run was given): a result without it is a run given none, as every run before it.
 *
 * <p>Versions before 3 have no step: they are bound as they are, as they always were.
 */
final class ResultUpgrades {

    /** From each version, the step to the next. */
    private static final Map<String, Consumer<ObjectNode>> STEPS = Map.of(
            "3", ResultUpgrades::threeToFour,
            "4", ResultUpgrades::fourToFive);

    private ResultUpgrades() {
    }

    /** TREE at this model's version, changed in place; anything but an object of a known older version as it is. */
    static JsonNode upgrade(JsonNode tree) {
        if (!(tree instanceof ObjectNode result)) {
            return tree;
        }
        for (Consumer<ObjectNode> step = STEPS.get(version(result)); step != null;
                step = STEPS.get(version(result))) {
            step.accept(result);
        }
        return result;
    }

    private static String version(ObjectNode result) {
        return result.path("schema_version").asText("");
    }

    /**
     * Version 4 added to each interval its p90, p95 and p99.9 and per-statement latency, which a
     * version 3 runner did not measure: they stay absent, and nothing else changed.
     */
    private static void threeToFour(ObjectNode result) {
        result.put("schema_version", "4");
    }

    /**
     * Version 5 dropped the round marked {@code counted}, whose figures were the run's, and made the
     * run's figures those of all its rounds together. A version 4 result has no histograms to merge,
     * so its figures stay its counted round's; its rounds, which lab compare judges, are all there.
     * Version 5 also added the node's kernel, boot id and container, which stay absent.
     */
    private static void fourToFive(ObjectNode result) {
        result.path("rounds").forEach(round -> {
            if (round instanceof ObjectNode r) {
                r.remove("counted");
            }
        });
        result.put("schema_version", "5");
    }
}
