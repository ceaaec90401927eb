package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A result carried in a log as a checksummed frame: whole frames give the JSON back, anything else a problem. */
class ResultFrameTest {

    static final String JSON = ResultJson.write(SampleResults.full());

    static ResultFrame.Reader read(List<String> lines) {
        ResultFrame.Reader reader = new ResultFrame.Reader();
        lines.forEach(reader::accept);
        return reader;
    }

    @Test
    void aRealResultGoesThroughTheFrameUnchanged() {
        ResultFrame.Reader reader = read(ResultFrame.lines(JSON));
        assertThat(reader.problem()).isNull();
        assertThat(reader.json()).isEqualTo(JSON);
        assertThat(ResultJson.read(reader.json())).isEqualTo(SampleResults.full());
    }

    @Test
    void otherLinesBetweenFrameLinesAreLeftToTheCaller() {
        List<String> log = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        log.add("progress 1");
        for (String line : ResultFrame.lines(JSON)) {
            log.add(line);
            log.add("progress between");
        }
        ResultFrame.Reader reader = new ResultFrame.Reader();
        for (String line : log) {
            if (!reader.accept(line)) {
                shown.add(line);
            }
        }
        assertThat(shown).hasSize(ResultFrame.lines(JSON).size() + 1).allMatch(l -> l.startsWith("progress"));
        assertThat(reader.json()).isEqualTo(JSON);
    }

    @Test
    void aChunkWithOneCharacterChangedGivesNoJsonButAProblem() {
        List<String> lines = new ArrayList<>(ResultFrame.lines(JSON));
        String chunk = lines.get(1);
        int at = ResultFrame.PREFIX.length() + 40;
        char changed = chunk.charAt(at) == 'A' ? 'B' : 'A';
        lines.set(1, chunk.substring(0, at) + changed + chunk.substring(at + 1));
        ResultFrame.Reader reader = read(lines);
        assertThat(reader.json()).isNull();
        assertThat(reader.problem()).contains("damaged");
    }

    @Test
    void aFrameCutBeforeItsEndGivesNoJsonButAProblem() {
        List<String> lines = ResultFrame.lines(JSON);
        ResultFrame.Reader reader = read(lines.subList(0, lines.size() - 1));
        assertThat(reader.json()).isNull();
        assertThat(reader.problem()).contains("cut off");
    }

    @Test
    void aDamagedBeginLineGivesAProblemNotAnException() {
        List<String> lines = new ArrayList<>(ResultFrame.lines(JSON));
        lines.set(0, ResultFrame.PREFIX + "begin v1 12x4 abc");
        ResultFrame.Reader reader = read(lines);
        assertThat(reader.json()).isNull();
        assertThat(reader.problem()).contains("damaged");
    }

    @Test
    void everyFrameLineIsShortEnoughForLogPipelines() {
        // Random text hardly compresses: the frame needs several chunks.
        byte[] noise = new byte[30_000];
        new java.util.Random(1).nextBytes(noise);
        List<String> lines = ResultFrame.lines(JSON + java.util.HexFormat.of().formatHex(noise));
        assertThat(lines).hasSizeGreaterThan(3)
                .allSatisfy(l -> assertThat(l).startsWith(ResultFrame.PREFIX).hasSizeLessThan(3100));
    }

    @Test
    void aSecondFrameReplacesTheFirst() {
        String second = ResultJson.write(SampleResults.failed());
        List<String> lines = new ArrayList<>(ResultFrame.lines(JSON));
        lines.addAll(ResultFrame.lines(second));
        ResultFrame.Reader reader = read(lines);
        assertThat(reader.problem()).isNull();
        assertThat(reader.json()).isEqualTo(second);
    }
}
