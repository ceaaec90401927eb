package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Each step of the upgrade changes what its newer version spells differently and nothing else (the
 * runner's tests read real results of schema 3 and 4 through them).
 */
class ResultUpgradesTest {

    private static JsonNode tree(String json) throws IOException {
        return ResultJson.mapper().readTree(json.replace('\'', '"'));
    }

    @Test
    void aSchema4ResultLosesItsCountedRoundMarkAndNothingElse() throws IOException {
        JsonNode upgraded = ResultUpgrades.upgrade(tree("{'schema_version': '4', 'run_id': 'r',"
                + " 'figures': {'tps': 7.5}, 'rounds': [{'index': 1, 'counted': false, 'figures': {'tps': 5.0}},"
                + " {'index': 2, 'counted': true, 'figures': {'tps': 7.5}}]}"));
        assertThat(upgraded).isEqualTo(tree("{'schema_version': '5', 'run_id': 'r', 'figures': {'tps': 7.5},"
                + " 'rounds': [{'index': 1, 'figures': {'tps': 5.0}}, {'index': 2, 'figures': {'tps': 7.5}}]}"));
    }

    @Test
    void aSchema3ResultGoesThroughEveryStep() throws IOException {
        JsonNode upgraded = ResultUpgrades.upgrade(tree("{'schema_version': '3', 'intervals': [{'p50_ms': 1.0}],"
                + " 'rounds': [{'index': 1, 'counted': true}]}"));
        assertThat(upgraded).isEqualTo(tree("{'schema_version': '5', 'intervals': [{'p50_ms': 1.0}],"
                + " 'rounds': [{'index': 1}]}"));
    }

    @Test
    void thisVersionsResultsAndWhatIsNoUpgradableResultStayAsTheyAre() throws IOException {
        for (String json : new String[] {"{'schema_version': '5', 'rounds': [{'index': 1, 'counted': true}]}",
                "{'schema_version': '2', 'rounds': [{'index': 1, 'counted': true}]}", "{}", "[1, 2]", "7"}) {
            assertThat(ResultUpgrades.upgrade(tree(json))).as(json).isEqualTo(tree(json));
        }
    }

    @Test
    void readingASchema4ResultBindsItAtThisVersion() {
        String v5 = ResultJson.write(SampleResults.full());
        String v4 = v5.replace("\"schema_version\" : \"5\"", "\"schema_version\" : \"4\"")
                .replace("\"index\" : 2,", "\"index\" : 2,\n    \"counted\" : true,");
        assertThat(v4).contains("\"counted\" : true");
        assertThat(ResultJson.read(v4)).isEqualTo(SampleResults.full());
    }
}
