package io.benchlab.lab.images;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Adding a server engine is its runner class (in {@code Engines}) plus its folder
 * {@code images/<engine>/}, and nothing else: every server engine has a complete, valid descriptor
 * ({@code engine.properties}); no script, Makefile or lab class names an engine; and the scripts
 * take an engine folder they have never heard of.
 */
class EngineDescriptorsTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Path IMAGES = ROOT.resolve("images");

    /**
     * The files that act for every server engine: none may name one, not even in a comment (an
     * example goes stale as a list does). Not here: the engines' own folders; .ci/services and
     * .ci/containers, which run the integration tests' servers and the CI stand-ins of official
     * base images (an engine needs neither); .ci/kube, which loads whatever benchlab/ images there
     * are; and the benchmarks against pgbench (PostgreSQL) and sysbench (MariaDB), engine-specific
     * by purpose, which must hold no copy of the descriptor instead.
     */
    static final List<String> GENERIC = List.of("Makefile", "images/build", "images/smoke", "images/descriptors.sh",
            ".ci/run", "bin", "bench");
    static final Set<String> ENGINE_SPECIFIC = Set.of("bench/pgbench_compare.py", "bench/k8s_pgbench.py",
            "bench/reproducibility.py", "bench/compare_calibration.py", "bench/pgbench/server.py",
            "bench/pgbench/objects.py", "bench/sysbench_compare.py", "bench/sysbench/server.py", "bench/storage.py");

    static List<Engine> servers() {
        return Engines.all().stream().filter(e -> !e.embedded()).toList();
    }

    static Path descriptor(String engine) {
        return IMAGES.resolve(engine).resolve(EngineDescriptor.FILE);
    }

    // ------------------------------------------------------------------ every engine, one descriptor

    @Test
    void everyServerEngineHasADescriptorAndEveryDescriptorNamesAServerEngine() throws IOException {
        Set<String> folders;
        try (Stream<Path> dirs = Files.list(IMAGES)) {
            folders = dirs.filter(d -> Files.isRegularFile(d.resolve(EngineDescriptor.FILE)))
                    .map(d -> d.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> engines = servers().stream().map(Engine::name).collect(Collectors.toCollection(TreeSet::new));
        assertThat(folders).as("images/<engine>/engine.properties for exactly the server engines of Engines")
                .isEqualTo(engines);
        assertThat(EngineImages.all()).extracting(i -> i.engine().name()).as("the lab's jar holds every descriptor")
                .containsExactlyInAnyOrderElementsOf(engines);
    }

    @ParameterizedTest
    @MethodSource("servers")
    void eachDescriptorIsCompleteAndValidAndTheLabRunsItsCopy(Engine engine) throws IOException {
        EngineImage image = EngineDescriptor.read(engine, properties(descriptor(engine.name())), engine.name());
        assertThat(EngineImages.of(engine)).as("the lab's copy of images/%s (rebuild the lab)", engine.name())
                .isEqualTo(image);
        assertThat(image.folder()).isEqualTo(engine.name());
        assertThat(IMAGES.resolve(engine.name()).resolve("Dockerfile")).isRegularFile();
    }

    /** The scripts read key=value lines with sed: they must see what java.util.Properties sees. */
    @ParameterizedTest
    @MethodSource("servers")
    void descriptorsArePlainLinesThatShellScriptsReadAsJavaDoes(Engine engine) throws Exception {
        Path file = descriptor(engine.name());
        Map<String, String> lines = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            assertThat(line).as("%s: key=value, no spaces around =, no continuation", file)
                    .matches("[A-Za-z0-9._-]+=\\S.*").doesNotEndWith("\\").doesNotContain("\\");
            assertThat(lines.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1).strip()))
                    .as("%s: %s given twice", file, line).isNull();
        }
        Properties java = properties(file);
        assertThat(lines).isEqualTo(java.stringPropertyNames().stream()
                .collect(Collectors.toMap(k -> k, k -> java.getProperty(k).strip())));
        // images/descriptors.sh formats the URL with printf: %s host, %d port, %s database, only.
        Matcher m = Pattern.compile("%.").matcher(java.getProperty("url"));
        List<String> conversions = new ArrayList<>();
        while (m.find()) {
            conversions.add(m.group());
        }
        assertThat(conversions).containsExactly("%s", "%d", "%s");
        // The pinned versions and their bases, as images/build and the Makefile read them.
        EngineImage image = EngineImages.of(engine);
        assertThat(run(ROOT, Map.of(), "images/descriptors.sh", "versions", engine.name()).lines().toList())
                .isEqualTo(image.versions());
        for (String v : image.versions()) {
            assertThat(run(ROOT, Map.of(), "images/descriptors.sh", "base", engine.name(), v).strip())
                    .isEqualTo(image.bases().get(v));
        }
    }

    /** One image per profile: a file per profile of the engine, and a limits entry for each. */
    @ParameterizedTest
    @MethodSource("servers")
    void theProfileFilesAreTheEnginesProfilesWithLimitsEach(Engine engine) throws IOException {
        Properties p = properties(descriptor(engine.name()));
        Map<String, Path> files = profileFiles(engine.name(), p.getProperty("config.ext"));
        assertThat(files.keySet()).as("images/%s/<profile>.%s", engine.name(), p.getProperty("config.ext"))
                .containsExactlyInAnyOrderElementsOf(engine.profiles().stream().map(Profile::name).toList());
        for (String profile : files.keySet()) {
            assertThat(p).containsKeys("limits." + profile + ".cpus", "limits." + profile + ".memory");
        }
    }

    /**
     * The profile files differ in exactly the settings the engine's profiles are made of, which
     * the runner reads back: so bench/pgbench_compare.py takes a profile as what its file sets apart.
     */
    @ParameterizedTest
    @MethodSource("servers")
    void profileFilesDifferInExactlyTheProfilesSettings(Engine engine) throws IOException {
        Map<String, Path> files = profileFiles(engine.name(), properties(descriptor(engine.name())).getProperty("config.ext"));
        List<Map<String, String>> settings = new ArrayList<>();
        for (Path f : files.values()) {
            settings.add(EngineImagesTest.settings(f));
        }
        Set<String> differing = settings.stream().flatMap(s -> s.keySet().stream())
                .filter(k -> settings.stream().map(s -> s.get(k)).distinct().count() > 1)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> profileKeys = engine.profiles().stream().flatMap(p -> p.settings().keySet().stream())
                .map(k -> k.toLowerCase(java.util.Locale.ROOT)).collect(Collectors.toCollection(TreeSet::new));
        assertThat(differing).isEqualTo(profileKeys);
    }

    @Test
    void aBrokenDescriptorFailsNamingItsFileAndKey() throws IOException {
        Engine pg = Engines.find("postgres").orElseThrow();
        Map<String, String> cases = new java.util.LinkedHashMap<>();
        cases.put("port=70000", "port '70000' is not a TCP port");
        cases.put("url=jdbc:postgresql://%s/%s", "url 'jdbc:postgresql://%s/%s' must place");
        cases.put("url=jdbc:mysql://%s:%d/%s", "is not a URL of postgres's driver");
        cases.put("url=jdbc:postgresql://%s:%d/%q", "is not a pattern");
        cases.put("versions=17.6 beta", "versions '17.6 beta' does not match");
        cases.put("versions=17.6,", "versions '' does not match");
        cases.put("versions=17.6,17.6", "versions '17.6,17.6' names a version twice");
        cases.put("versions=17.6,9.1", "base.9.1 is missing");
        cases.put("base.9.1=docker.io/library/postgres:9.1@sha256:" + "0".repeat(64), "base.9.1 names no version");
        cases.put("base.17.6=docker.io/library/postgres:17.6-bookworm", "base.17.6 'docker.io/library/postgres:17.6-bookworm' does not match");
        cases.put("env.user=postgres user", "env.user");
        cases.put("limits.nope.cpus=1", "limits.nope.cpus names no profile of postgres");
        cases.put("limits.durable.memory=10m", "limits.durable.memory must be at least 64m");
        cases.put("client.cpus=lots", "client.cpus 'lots' is not a number");
        cases.put("client.jvm-options=TieredStopAtLevel=1", "not a JVM option");
        cases.put("colour=blue", "colour is not a descriptor key");
        cases.put("data.dir=var/lib/postgresql/data", "data.dir 'var/lib/postgresql/data' is not an absolute path");
        cases.put("flushes.nope=true", "flushes.nope names no profile of postgres");
        cases.put("flushes.durable=yes", "flushes.durable 'yes' is not true or false");
        cases.put("settings.arg=-c %s", "settings.arg '-c %s' must place key (%s) and value (%s)");
        cases.put("settings.arg=-c %s=%d", "settings.arg '-c %s=%d' is not a pattern of key and value");
        for (var c : cases.entrySet()) {
            Properties p = properties(descriptor("postgres"));
            p.load(new StringReader(c.getKey()));
            assertThatThrownBy(() -> EngineDescriptor.read(pg, p, "images/postgres/engine.properties"))
                    .as(c.getKey()).isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("images/postgres/engine.properties: ").hasMessageContaining(c.getValue());
        }
        for (String key : List.of("versions", "port", "url", "env.password-file", "limits.relaxed.cpus", "client.memory")) {
            Properties p = properties(descriptor("postgres"));
            p.remove(key);
            assertThatThrownBy(() -> EngineDescriptor.read(pg, p, "images/postgres/engine.properties"))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining(key + " is missing");
        }
    }

    // ------------------------------------------------------------------ nothing else names an engine

    @Test
    void noGenericScriptNamesAServerEngineOrItsPort() throws IOException {
        Map<String, Pattern> forbidden = new java.util.LinkedHashMap<>();
        for (Engine e : servers()) {
            forbidden.put(e.name(), word(e.name()));
            forbidden.put("port " + EngineImages.of(e).port(), Pattern.compile("(?<!\\d)" + EngineImages.of(e).port() + "(?!\\d)"));
        }
        List<Path> files = genericFiles();
        assertThat(files).extracting(f -> ROOT.relativize(f).toString())
                .contains("Makefile", "images/build", "images/smoke", "bin/launch", ".ci/run");
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                for (var x : forbidden.entrySet()) {
                    if (x.getValue().matcher(lines.get(i)).find()) {
                        found.add(ROOT.relativize(f) + ":" + (i + 1) + " names " + x.getKey() + ": " + lines.get(i).strip());
                    }
                }
            }
        }
        assertThat(found).as("engine facts belong in images/<engine>/engine.properties").isEmpty();
    }

    /**
     * The engine-specific benches read the descriptor (bench/common/descriptors.py), the profile files or
     * the lab's own manifests (lab run --dry-run), never a copy: no version, port, environment name,
     * runner version or profile setting of theirs.
     */
    @Test
    void theEngineSpecificBenchesHoldNoCopyOfTheDescriptor() throws IOException {
        List<String> facts = new ArrayList<>(List.of(EnvironmentProbe.labVersion()));
        List<Pattern> patterns = new ArrayList<>();
        for (Engine e : servers()) {
            EngineImage image = EngineImages.of(e);
            facts.addAll(image.versions());
            e.profiles().forEach(p -> p.settings().keySet().forEach(k -> facts.addAll(List.of("\"" + k + "\"", "'" + k + "'"))));
            patterns.add(Pattern.compile("(?<!\\d)" + image.port() + "(?!\\d)"));
            // A word of its own: .ci/services' BENCHLAB_MARIADB_PASSWORD_FILE is not the image's MARIADB_PASSWORD_FILE.
            image.env().keySet().forEach(k -> patterns.add(Pattern.compile("(?<![A-Za-z0-9_])" + k + "(?![A-Za-z0-9_])")));
        }
        for (String bench : ENGINE_SPECIFIC) {
            String script = Files.readString(ROOT.resolve(bench));
            // bench/pgbench/server.py and bench/sysbench/server.py read the descriptors, and the benches that start
            // a server run them; bench/pgbench/objects.py takes the lab's own objects from lab run --dry-run, and
            // k8s_pgbench runs them.
            assertThat(script).as(bench).containsAnyOf("common.descriptors import", "pgbench.server import",
                    "sysbench.server import", "\"--dry-run\"", "pgbench import cluster");
            for (String fact : facts) {
                assertThat(script).as(bench).doesNotContain(fact);
            }
            for (Pattern fact : patterns) {
                assertThat(script).as(bench).doesNotContainPattern(fact);
            }
        }
    }

    /**
     * One reader of the descriptors per language: images/descriptors.sh for the shell and the
     * Makefile, bench/common/descriptors.py for Python, EngineDescriptor (package-private) for Java. A
     * script that runs sed, awk, grep or cut over a descriptor is a second reader.
     */
    @Test
    void theDescriptorsHaveOneReaderPerLanguage() throws IOException {
        Set<String> readers = Set.of("images/descriptors.sh", "bench/common/descriptors.py");
        Pattern tool = Pattern.compile("\\b(sed|awk|grep|cut|open|read_text)\\b");
        Pattern descriptor = Pattern.compile("engine\\.properties|\\$\\{?descriptor\\b");
        List<Path> scripts = new ArrayList<>(genericFiles());
        ENGINE_SPECIFIC.forEach(b -> scripts.add(ROOT.resolve(b)));
        List<String> found = new ArrayList<>();
        for (Path f : scripts) {
            String name = ROOT.relativize(f).toString();
            List<String> lines = Files.readAllLines(f, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (!readers.contains(name) && !line.startsWith("#") && tool.matcher(line).find()
                        && descriptor.matcher(line).find()) {
                    found.add(name + ":" + (i + 1) + ": " + line);
                }
            }
        }
        assertThat(found).as("read descriptors through %s", readers).isEmpty();
    }

    @Test
    void theLabsSourcesNameNoEngineAndNoPort() throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f);
                for (Engine e : Engines.all()) {
                    if (word(e.name()).matcher(text).find()) {
                        found.add(f + " names " + e.name());
                    }
                }
                for (EngineImage i : EngineImages.all()) {
                    if (Pattern.compile("(?<!\\d)" + i.port() + "(?!\\d)").matcher(text).find()) {
                        found.add(f + " has port " + i.port());
                    }
                }
            }
        }
        assertThat(found).as("the lab learns engines from Engines and images from their descriptors").isEmpty();
    }

    // ------------------------------------------------------------------ the scripts take a new engine

    /**
     * A copy of the scripts with a copy of an engine folder under a name none of them has heard of
     * ("newdb", its own version and client JVM option): make plans its images and its run, images/build
     * its tags (and registry tags), bin/launch adds its JVM option, images/smoke looks for its images.
     */
    @Test
    void theScriptsTakeAnEngineFolderTheyHaveNeverHeardOf(@TempDir Path tmp) throws Exception {
        assumeThat(onPath("make") && onPath("bash") && onPath("sed")).as("make, bash and sed").isTrue();
        for (String f : List.of("Makefile", "pom.xml", "images/build", "images/smoke", "images/descriptors.sh",
                "images/client/Dockerfile", "bin/launch", "bin/runner", "bin/lab", "bin/jvm-options")) {
            Files.createDirectories(tmp.resolve(f).getParent());
            Files.copy(ROOT.resolve(f), tmp.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path newdb = Files.createDirectories(tmp.resolve("images/newdb"));
        try (Stream<Path> files = Files.list(IMAGES.resolve("postgres"))) {
            for (Path f : files.toList()) {
                Files.copy(f, newdb.resolve(f.getFileName()));
            }
        }
        String descriptor = Files.readString(newdb.resolve("engine.properties"))
                .replaceFirst("(?m)^versions=.*$", "versions=9.9,9.8")
                .replaceAll("(?m)^base\\.[^=]*=.*\n", "")
                .replaceFirst("(?m)^client\\.jvm-options=.*\n", "") + "client.jvm-options=-Xss1m -Dbenchlab.newdb=yes\n"
                + "base.9.9=reg.example/newdb:9.9@sha256:" + "9".repeat(64) + "\n"
                + "base.9.8=reg.example/newdb:9.8@sha256:" + "8".repeat(64) + "\n";
        Files.writeString(newdb.resolve("engine.properties"), descriptor);

        String plan = run(tmp, Map.of(), "make", "-n", "images");
        assertThat(plan).contains("images/build --stamp target/images/pinned/newdb/9.9/durable newdb@9.9:durable",
                "images/build --stamp target/images/pinned/newdb/9.9/relaxed newdb@9.9:relaxed",
                "images/build --stamp target/images/pinned/newdb/9.8/durable newdb@9.8:durable",
                "images/build --stamp target/images/pinned/runner runner");
        assertThat(run(tmp, Map.of(), "make", "-n", "images", "IMAGES=newdb", "REGISTRY=reg.example:5000", "PUSH=1"))
                .contains("--registry reg.example:5000 --push newdb@9.9:durable");
        assertThat(run(tmp, Map.of("DOCKER_HOST", "unix:///nowhere"), "make", "-n", "run", "ENGINE=newdb"))
                .contains("IMAGES=\"newdb runner\"");

        assertThat(run(tmp, Map.of(), "images/build", "--dry-run", "--registry", "reg.example:5000", "--push", "newdb"))
                .contains("would build benchlab/newdb:9.9-durable from images/newdb with durable.conf FROM reg.example/newdb:9.9@",
                        "would build benchlab/newdb:9.9-relaxed from images/newdb with relaxed.conf",
                        "would build benchlab/newdb:9.8-relaxed from images/newdb with relaxed.conf FROM reg.example/newdb:9.8@",
                        "would push reg.example:5000/benchlab/newdb:9.9-relaxed",
                        "would push reg.example:5000/benchlab/newdb:9.8-durable");
        assertThat(run(tmp, Map.of("BENCHLAB_STANDIN_BASES", "1"), "images/build", "--dry-run", "newdb@9.8:durable"))
                .isEqualTo("would build benchlab/newdb:9.8-durable from images/newdb with durable.conf FROM reg.example/newdb:9.8\n");

        // bin/launch, with a java that prints its arguments.
        Path fakeBin = Files.createDirectories(tmp.resolve("fake-bin"));
        script(fakeBin.resolve("java"), "echo \"$@\"");
        Files.createDirectories(tmp.resolve("runner/target"));
        Files.writeString(tmp.resolve("runner/target/runner-0.1.0-SNAPSHOT.jar"), "");
        Map<String, String> path = Map.of("PATH", fakeBin + ":" + System.getenv("PATH"));
        assertThat(run(tmp, path, "bin/runner", "run", "--engine", "NewDB")).contains("-Dbenchlab.newdb=yes");
        assertThat(run(tmp, path, "bin/runner", "run", "--engine=hsqldb")).doesNotContain("-Dbenchlab.newdb=yes");

        // images/smoke, with a container CLI that has no images (and makes networks).
        script(fakeBin.resolve("nocli"), "case \"$1\" in network) exit 0 ;; *) exit 1 ;; esac");
        String smoke = run(tmp, Map.of("CONTAINER_CLI", fakeBin.resolve("nocli").toString()), "images/smoke");
        assertThat(smoke).contains("benchlab/newdb:9.9-durable: not built, skipped",
                "benchlab/newdb:9.9-relaxed: not built, skipped", "benchlab/newdb:9.8-relaxed: not built, skipped", "all ok");
    }

    // ------------------------------------------------------------------ helpers

    static Properties properties(Path file) throws IOException {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        }
        return p;
    }

    /** images/<engine>/<profile>.<ext> by profile, the descriptor aside. */
    static Map<String, Path> profileFiles(String engine, String ext) throws IOException {
        try (Stream<Path> files = Files.list(IMAGES.resolve(engine))) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith("." + ext) && !n.equals(EngineDescriptor.FILE))
                    .collect(Collectors.toMap(n -> n.substring(0, n.length() - ext.length() - 1),
                            n -> IMAGES.resolve(engine).resolve(n)));
        }
    }

    /** The name as a word of its own, in any case: {@code hsqldb} is not found in {@code hsqldb-server}. */
    static Pattern word(String name) {
        return Pattern.compile("(?i)(?<![A-Za-z0-9_-])" + Pattern.quote(name) + "(?![A-Za-z0-9_-])");
    }

    static List<Path> genericFiles() throws IOException {
        List<Path> out = new ArrayList<>();
        for (String g : GENERIC) {
            try (Stream<Path> files = Files.walk(ROOT.resolve(g))) {
                files.filter(Files::isRegularFile)
                        .filter(f -> !ENGINE_SPECIFIC.contains(ROOT.relativize(f).toString()))
                        .filter(f -> !ROOT.relativize(f).toString().startsWith("bench/out/"))
                        .filter(f -> !f.toString().contains("__pycache__"))
                        // prose, not a script: bench/README.md names the engines its figures come from
                        .filter(f -> !f.toString().endsWith(".md"))
                        .forEach(out::add);
            }
        }
        return out;
    }

    static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        file.toFile().setExecutable(true);
    }

    static boolean onPath(String command) {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, command)));
    }

    /** Runs a command in dir (no stand-in bases, no registry from the caller's environment); stdout and stderr. */
    static String run(Path dir, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().keySet().removeIf(k -> k.startsWith("BENCHLAB_") || k.equals("REGISTRY") || k.equals("PUSH")
                || k.equals("IMAGES") || k.equals("CONTAINER_CLI") || k.startsWith("MAKE"));
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("%s:%n%s", String.join(" ", command), out).isZero();
        return out;
    }
}
