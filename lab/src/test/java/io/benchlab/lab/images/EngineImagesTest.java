package io.benchlab.lab.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.backend.ContainerLimits;
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
        assertThat(pg.tag(pg.engine().profile("relaxed"))).isEqualTo("benchlab/postgres:" + pg.version() + "-relaxed");
        assertThat(pg.jdbcUrl("10.88.0.7", 5432)).isEqualTo("jdbc:postgresql://10.88.0.7:5432/bench");
        assertThat(EngineImages.runnerTag()).isEqualTo("benchlab/runner:" + EnvironmentProbe.labVersion());
        EngineImage hs = EngineImages.of(Engines.find("hsqldb-server").orElseThrow());
        assertThat(hs.tag(hs.engine().profile("durable"))).isEqualTo("benchlab/hsqldb-server:" + hs.version() + "-durable");
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
    }

    @ParameterizedTest
    @MethodSource("images")
    void theDockerfilePinsItsBaseByTagAndDigestAsABuildArgument(EngineImage image) throws IOException {
        Path folder = IMAGES.resolve(image.folder());
        String dockerfile = Files.readString(folder.resolve("Dockerfile"));
        Matcher base = Pattern.compile("(?m)^ARG BASE=(\\S+):(\\S+)@sha256:([0-9a-f]{64})$").matcher(dockerfile);
        assertThat(base.find()).as("ARG BASE=<name>:<tag>@sha256:<digest> in %s", image.folder()).isTrue();
        assertThat(dockerfile).containsPattern("(?m)^FROM \\$\\{BASE}");
        // images/build passes the version; the default keeps a plain `docker build` honest.
        assertThat(argument(dockerfile, "VERSION")).isEqualTo(image.version());
        // An image that stages the engine's jar runs it on a generic base; others run the base's engine.
        if (!Files.readString(folder.resolve("engine.properties")).contains("\nbuild.stage-jar=")) {
            assertThat(base.group(2)).startsWith(image.version());
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

    private static String argument(String dockerfile, String name) {
        Matcher m = Pattern.compile("(?m)^ARG " + name + "=(\\S+)$").matcher(dockerfile);
        assertThat(m.find()).as("ARG %s=...", name).isTrue();
        return m.group(1);
    }
}
