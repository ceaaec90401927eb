package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultFrame;
import io.benchlab.runner.cli.CliCapture;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab result-frame: the result JSON out of a runner's log, or one line and exit 2. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
@ResourceLock("java.lang.System.in")
class ResultFrameCliTest {

    static final String JSON = "{\"status\":\"ok\",\"figures\":{\"tps\":123.4}}";

    /** A runner's log as kubectl logs gives it: progress lines around the frame, some in between. */
    static String log(List<String> frame) {
        List<String> lines = new ArrayList<>(List.of("10:00:01 warm-up 2s", "10:00:03 measuring"));
        lines.addAll(frame.subList(0, 1));
        lines.add("10:00:09 a progress line in between");
        lines.addAll(frame.subList(1, frame.size()));
        lines.add("10:00:10 done");
        return String.join("\n", lines) + "\n";
    }

    static CliCapture.Outcome onStdin(String log, String... args) {
        InputStream old = System.in;
        System.setIn(new ByteArrayInputStream(log.getBytes(StandardCharsets.UTF_8)));
        try {
            List<String> all = new ArrayList<>(List.of("result-frame"));
            all.addAll(List.of(args));
            return LabCliTest.lab(all.toArray(String[]::new));
        } finally {
            System.setIn(old);
        }
    }

    @Test
    void aWholeFramePrintsItsJson() {
        CliCapture.Outcome o = onStdin(log(ResultFrame.lines(JSON)));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).isEmpty();
        assertThat(o.out()).isEqualTo(JSON + System.lineSeparator());
    }

    @Test
    void theLogCanBeAFile(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("runner.log"), log(ResultFrame.lines(JSON)));
        CliCapture.Outcome o = onStdin("", file.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).isEqualTo(JSON + System.lineSeparator());
    }

    @Test
    void aLogWithoutAFrameIsOneLine() {
        onStdin("10:00:01 warm-up 2s\nException in thread main\n").assertBadInputLine("lab: no result frame in stdin");
    }

    @Test
    void aFrameWhoseChecksumDiffersIsOneLine() {
        List<String> frame = new ArrayList<>(ResultFrame.lines(JSON));
        String begin = frame.get(0);
        frame.set(0, begin.substring(0, begin.length() - 1) + (begin.endsWith("0") ? "1" : "0"));
        onStdin(log(frame)).assertBadInputLine("lab: the result frame is damaged (length or checksum differs)");
    }

    @Test
    void aDamagedBodyIsOneLine() {
        List<String> frame = new ArrayList<>(ResultFrame.lines(JSON));
        String body = frame.get(1);
        // One base64 character changed in the gzip trailer: it still decodes, but no longer unpacks.
        int at = body.length() - 6;
        frame.set(1, body.substring(0, at) + (body.charAt(at) == 'A' ? 'B' : 'A') + body.substring(at + 1));
        CliCapture.Outcome o = onStdin(log(frame));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.allErr().lines()).singleElement().asString().startsWith("lab: the result frame is damaged")
                .doesNotContain("\tat ");
    }

    @Test
    void aFrameCutOffIsOneLine() {
        List<String> frame = ResultFrame.lines(JSON);
        onStdin(log(frame.subList(0, frame.size() - 1))).assertBadInputLine("lab: the result frame was cut off");
    }

    @Test
    void aMissingFileIsOneLine(@TempDir Path dir) {
        onStdin("", dir.resolve("nothing.log").toString()).assertBadInputLine("lab: cannot read", "nothing.log");
    }
}
