package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.AtomicFile;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.pods.PodRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab merge: the results of client pods run by hand (two runners on one in-process H2 here) as one. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class MergeCliTest {

    @TempDir
    Path dir;

    @Test
    void theClientPodsResultsBecomeOneThatHoldsEachPod() throws Exception {
        Engine h2 = Engines.find("h2").orElseThrow();
        Target target = new Target(h2, h2.defaultProfile(), "jdbc:h2:mem:merge" + System.nanoTime() + ";DB_CLOSE_DELAY=-1",
                h2.defaultUser(), Secret.NONE, false);
        List<RunResult> pods = PodRuns.run(target, new TestWorkload().clients(3).build(), "merge-cli", 2);
        List<String> files = new ArrayList<>();
        for (RunResult pod : pods) {
            Path file = dir.resolve("pod-" + files.size() + ".json");
            AtomicFile.write(file, ResultJson.write(pod), ".test-");
            files.add(file.toString());
        }
        Path merged = dir.resolve("merged.json");
        CliCapture.Outcome o = LabCliTest.lab("merge", files.get(1), files.get(0), "-o", merged.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).startsWith("merged 2 client pods of run merge-cli: ok, ").contains("result  " + merged);
        assertThat(ResultValidator.validate(Files.readString(merged))).isEmpty();
        RunResult r = ResultJson.read(merged);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.figures().committed()).isEqualTo(pods.get(0).figures().committed() + pods.get(1).figures().committed());
        assertThat(r.placement().clientPods().pods()).extracting(p -> p.clients()).containsExactly(2, 1);

        CliCapture.Outcome one = LabCliTest.lab("merge", files.get(1), "-o", dir.resolve("x.json").toString());
        assertThat(one.exitCode()).as("%s", one).isEqualTo(2);
        assertThat(one.allErr().lines().toList()).singleElement().asString()
                .startsWith("lab: the results do not merge: the results are not those of client pods 0 to 0");
        assertThat(dir.resolve("x.json")).doesNotExist();
    }
}
