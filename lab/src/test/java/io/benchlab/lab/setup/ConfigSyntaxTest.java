package io.benchlab.lab.setup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigSyntaxTest {

    @Test
    void eachDescriptorsExtensionHasItsSyntax() {
        assertThat(ConfigSyntax.forExtension("conf")).isEqualTo(ConfigSyntax.POSTGRESQL_CONF);
        assertThat(ConfigSyntax.forExtension("cnf")).isEqualTo(ConfigSyntax.CNF);
        assertThat(ConfigSyntax.forExtension("properties")).isEqualTo(ConfigSyntax.PROPERTIES);
        assertThatThrownBy(() -> ConfigSyntax.forExtension("yaml")).hasMessageContaining(".yaml");
    }

    @Test
    void postgresqlConfLinesWithQuotesCommentsAndNoEqualsSign() {
        Map<String, String> s = ConfigSyntax.POSTGRESQL_CONF.parse(List.of(
                "# tuning for issue 32",
                "shared_buffers = 256MB          # a quarter of the memory",
                "",
                "wal_compression on",
                "log_line_prefix = '%m [%p] it''s # not a comment'",
                "work_mem=8MB",
                "work_mem = 16MB"), "tuning.conf");
        assertThat(s).containsExactly(Map.entry("shared_buffers", "256MB"), Map.entry("wal_compression", "on"),
                Map.entry("log_line_prefix", "%m [%p] it's # not a comment"), Map.entry("work_mem", "16MB"));
    }

    @Test
    void aLineThatIsNoSettingNamesTheFileAndLine() {
        assertThatThrownBy(() -> ConfigSyntax.POSTGRESQL_CONF.parse(List.of("# ok", "shared_buffers = '256MB"),
                "tuning.conf")).isInstanceOf(BadInputException.class)
                .hasMessage("tuning.conf:2: not a setting in postgresql.conf syntax: shared_buffers = '256MB");
        assertThatThrownBy(() -> ConfigSyntax.CNF.parse(List.of("[mysqld]", "= 3"), "my.cnf"))
                .hasMessageStartingWith("my.cnf:2: not a setting in cnf syntax");
        assertThatThrownBy(() -> ConfigSyntax.PROPERTIES.parse(List.of("hsqldb.cache_rows"), "db.properties"))
                .hasMessageStartingWith("db.properties:1: not a setting in properties syntax");
    }

    @Test
    void cnfTakesTheServersSectionsAndLinesBeforeAnyHeader() {
        Map<String, String> s = ConfigSyntax.CNF.parse(List.of(
                "innodb_log_file_size=256M",
                "[client]",
                "port=3307",
                "[mysqld]",
                "; a comment",
                "innodb-buffer-pool-size = 512M  # dashes as mysqld takes them",
                "skip-name-resolve",
                "[mysqldump]",
                "quick",
                "[mariadb]",
                "character_set_server = \"utf8mb4\""), "my.cnf");
        assertThat(s).containsExactly(Map.entry("innodb_log_file_size", "256M"),
                Map.entry("innodb-buffer-pool-size", "512M"), Map.entry("skip-name-resolve", "1"),
                Map.entry("character_set_server", "utf8mb4"));
    }

    @Test
    void propertiesAsJavaReadsThem() {
        Map<String, String> s = ConfigSyntax.PROPERTIES.parse(List.of("! comment", "hsqldb.cache_rows=100000",
                "hsqldb.nio_data_file : false"), "db.properties");
        assertThat(s).containsExactly(Map.entry("hsqldb.cache_rows", "100000"), Map.entry("hsqldb.nio_data_file", "false"));
    }
}
