package io.benchlab.lab.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The images the lab runs and the files `make images` builds them from must agree: one config
 * file per profile holding exactly the settings the engine class defines for it, and a
 * Dockerfile whose pinned base is the version the tag names.
 */
class EngineImagesTest {

    static final Path IMAGES = Path.of("..", "images");

    static List<EngineImage> images() {
        return EngineImages.all();
    }

    @Test
    void everyServerEngineHasAnImageAndNoInProcessEngineHasOne() {
        for (Engine e : Engines.all()) {
            if (e.embedded()) {
                assertThatThrownBy(() -> EngineImages.of(e)).isInstanceOf(BadInputException.class)
                        .hasMessageContaining("runs in-process");
            } else {
                assertThat(EngineImages.of(e).engine()).isSameAs(e);
            }
        }
    }

    @Test
    void tagsNameVersionAndProfile() {
        EngineImage pg = EngineImages.of(Engines.find("postgres").orElseThrow());
        assertThat(pg.tag(pg.engine().profile("relaxed"))).isEqualTo("benchlab/postgres:" + pg.defaultVersion() + "-relaxed");
        assertThat(pg.jdbcUrl("10.88.0.7", 5432)).isEqualTo("jdbc:postgresql://10.88.0.7:5432/bench");
        assertThat(EngineImages.runnerTag()).isEqualTo("benchlab/runner:" + EnvironmentProbe.labVersion());
        EngineImage hs = EngineImages.of(Engines.find("hsqldb-server").orElseThrow());
        assertThat(hs.tag(hs.engine().profile("durable"))).isEqualTo("benchlab/hsqldb-server:" + hs.defaultVersion() + "-durable");
    }

    /** Several pinned versions: the first is the default, each has its tag, and one not pinned is bad input. */
    @Test
    void aPinnedVersionPicksItsTagAndAnotherIsBadInputNamingThePinnedOnes() {
        EngineImage pg = EngineImages.of(Engines.find("postgres").orElseThrow());
        Profile durable = pg.engine().profile("durable");
        assertThat(pg.versions()).hasSizeGreaterThan(1).first().isEqualTo(pg.defaultVersion());
        String second = pg.versions().get(1);
        assertThat(pg.version(null)).isEqualTo(pg.defaultVersion());
        assertThat(pg.tag(durable, second, null)).isEqualTo("benchlab/postgres:" + second + "-durable");
        assertThat(pg.tag(durable, second, "reg.example:5000")).isEqualTo("reg.example:5000/benchlab/postgres:" + second + "-durable");
        assertThat(pg.tag(durable, null, null)).isEqualTo(pg.tag(durable));
        assertThat(pg.bases().keySet()).containsExactlyInAnyOrderElementsOf(pg.versions());
        assertThatThrownBy(() -> pg.tag(durable, "9.1", null)).isInstanceOf(BadInputException.class)
                .hasMessage("--engine-version 9.1: postgres's images pin " + String.join(", ", pg.versions())
                        + " (images/postgres/engine.properties)");
    }

    @Test
    void aRegistryPrefixesEveryTag() {
        EngineImage pg = EngineImages.of(Engines.find("postgres").orElseThrow());
        Profile durable = pg.engine().profile("durable");
        assertThat(pg.tag(durable, "reg.example:5000")).isEqualTo("reg.example:5000/" + pg.tag(durable));
        assertThat(pg.tag(durable, "reg.example:5000/team/")).isEqualTo("reg.example:5000/team/" + pg.tag(durable));
        assertThat(pg.tag(durable, null)).isEqualTo(pg.tag(durable));
        assertThat(pg.tag(durable, " ")).isEqualTo(pg.tag(durable));
        assertThat(EngineImages.runnerTag("reg.example:5000")).isEqualTo("reg.example:5000/" + EngineImages.runnerTag());
    }

    @Test
    void theDescriptorGivesEnvironmentLimitsAndClientOptions() {
        EngineImage maria = EngineImages.of(Engines.find("mariadb").orElseThrow());
        assertThat(maria.env()).containsEntry("MARIADB_USER", "bench").containsEntry("MARIADB_DATABASE", "bench")
                .containsEntry("MARIADB_PASSWORD_FILE", EngineImages.PASSWORD_FILE)
                .containsEntry("MARIADB_RANDOM_ROOT_PASSWORD", "1").hasSize(4);
        EngineImage hs = EngineImages.of(Engines.find("hsqldb-server").orElseThrow());
        assertThat(hs.env()).isEqualTo(Map.of("HSQLDB_USER", "SA", "HSQLDB_PASSWORD_FILE", EngineImages.PASSWORD_FILE));
        EngineImage pg = EngineImages.of(Engines.find("postgres").orElseThrow());
        for (Profile p : pg.engine().profiles()) {
            assertThat(pg.dbLimits(p)).isEqualTo(new ContainerLimits(1.0, 2L << 30));
        }
        assertThat(pg.runnerLimits()).isEqualTo(new ContainerLimits(1.0, 1L << 30));
        assertThat(pg.clientJvmOptions()).as("the clients run with C2: no options of their own").isEmpty();
        assertThat(pg.dataDir()).isEqualTo("/var/lib/postgresql/data");
        assertThat(maria.dataDir()).isEqualTo("/var/lib/mysql");
        assertThat(hs.dataDir()).as("the image's WORKDIR and VOLUME").isEqualTo("/var/lib/hsqldb");
        assertThat(pg.flushesEveryCommit(pg.engine().profile("durable"))).isTrue();
        assertThat(pg.flushesEveryCommit(pg.engine().profile("relaxed"))).isFalse();
    }

    @ParameterizedTest
    @MethodSource("images")
    void eachPinnedVersionHasItsBaseByTagAndDigestAndTheDockerfileTakesItAsABuildArgument(EngineImage image)
            throws IOException {
        Path folder = IMAGES.resolve(image.folder());
        String dockerfile = Files.readString(folder.resolve("Dockerfile"));
        // images/build passes BASE and VERSION per pinned version: no default, no second copy of them.
        assertThat(dockerfile).containsPattern("(?m)^ARG BASE$").containsPattern("(?m)^ARG VERSION$")
                .containsPattern("(?m)^FROM \\$\\{BASE}");
        for (String version : image.versions()) {
            Matcher base = Pattern.compile("(\\S+):(\\S+)@sha256:([0-9a-f]{64})").matcher(image.bases().get(version));
            assertThat(base.matches()).as("base.%s=<name>:<tag>@sha256:<digest> of %s", version, image.folder()).isTrue();
            // An image that stages the engine's jar runs it on a generic base; others run the base's engine.
            if (!Files.readString(folder.resolve("engine.properties")).contains("\nbuild.stage-jar=")) {
                assertThat(base.group(2)).as("base.%s", version).startsWith(version);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("images")
    void eachProfileHasAConfigFileWithExactlyTheProfilesSettings(EngineImage image) throws IOException {
        for (Profile p : image.engine().profiles()) {
            Map<String, String> file = settings(configFile(image, p));
            p.settings().forEach((key, value) ->
                    assertThat(file).as("%s %s", image.folder(), p.name()).containsEntry(key, value));
        }
    }

    private static Path configFile(EngineImage image, Profile p) throws IOException {
        try (var files = Files.list(IMAGES.resolve(image.folder()))) {
            List<Path> found = files.filter(f -> f.getFileName().toString().startsWith(p.name() + ".")).toList();
            assertThat(found).as("one %s.* config file in images/%s", p.name(), image.folder()).hasSize(1);
            return found.get(0);
        }
    }

    /** {@code key = value}, {@code key=value} and {@code key = 'value'} lines; comments and sections skipped. */
    static Map<String, String> settings(Path file) throws IOException {
        return Files.readAllLines(file).stream()
                .map(l -> l.replaceFirst("[#;].*$", "").strip())
                .filter(l -> l.contains("=") && !l.startsWith("["))
                .collect(Collectors.toMap(l -> l.substring(0, l.indexOf('=')).strip().toLowerCase(Locale.ROOT),
                        l -> l.substring(l.indexOf('=') + 1).strip().replaceAll("^'|'$", ""), (a, b) -> b));
    }
}
