package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import java.util.Map;

/** The hsqldb-server engine against the HSQLDB server of {@code BENCHLAB_HSQLDB_SERVER_*} (mem:, MVCC). */
class HsqldbServerIT extends ServerEngineContract {

    @Override
    Target target() {
        return ServerTargets.require("hsqldb-server", "BENCHLAB_HSQLDB_SERVER");
    }

    @Override
    Isolation contentionIsolation() {
        return Isolation.SERIALIZABLE;
    }


    /** The profile is read back from the server's properties: durable, relaxed or custom, as they say. */
    @Override
    void checkEngineInfo(RunResult r) {
        Map<String, String> settings = r.engine().settings();
        assertThat(settings).containsKey("hsqldb.tx");
        assertThat(settings.get("hsqldb.tx")).isEqualToIgnoringCase("mvcc");
        assertThat(r.engine().profile()).isEqualTo(expectedProfile(settings));
    }

    static String expectedProfile(Map<String, String> s) {
        if ("false".equalsIgnoreCase(s.get("hsqldb.write_delay"))) {
            return "durable";
        }
        if ("true".equalsIgnoreCase(s.get("hsqldb.write_delay")) && "500".equals(s.get("hsqldb.write_delay_millis"))) {
            return "relaxed";
        }
        return "custom";
    }
}
