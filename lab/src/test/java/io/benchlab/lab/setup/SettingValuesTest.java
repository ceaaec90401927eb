package io.benchlab.lab.setup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SettingValuesTest {

    @Test
    void booleansInAnySpelling() {
        assertThat(SettingValues.same("on", "ON", null)).isTrue();
        assertThat(SettingValues.same("true", "on", null)).isTrue();
        assertThat(SettingValues.same("1", "ON", null)).isTrue();
        assertThat(SettingValues.same("off", "0", null)).isTrue();
        assertThat(SettingValues.same("FALSE", "off", null)).isTrue();
        assertThat(SettingValues.same("on", "off", null)).isFalse();
        assertThat(SettingValues.same("1", "0", null)).isFalse();
    }

    @Test
    void sizesInAnyUnitAndBareBytes() {
        assertThat(SettingValues.same("256MB", "268435456", null)).isTrue();
        assertThat(SettingValues.same("256M", "268435456", null)).isTrue();
        assertThat(SettingValues.same("256MB", "256M", null)).isTrue();
        assertThat(SettingValues.same("1GB", "1024MB", null)).isTrue();
        assertThat(SettingValues.same("256MB", "268435457", null)).isFalse();
        assertThat(SettingValues.same("128MB", "256MB", null)).isFalse();
    }

    @Test
    void aBareNumberCountsTheServersUnit() {
        // shared_buffers in pg_settings counts 8kB pages: 32768 of them are 256MB, as SHOW displays it.
        assertThat(SettingValues.same("32768", "256MB", "8kB")).isTrue();
        assertThat(SettingValues.same("262144kB", "256MB", "8kB")).isTrue();
        assertThat(SettingValues.same("32768", "128MB", "8kB")).isFalse();
        // Times: checkpoint_timeout counts seconds.
        assertThat(SettingValues.same("300", "5min", "s")).isTrue();
        assertThat(SettingValues.same("1s", "1000ms", null)).isTrue();
        assertThat(SettingValues.same("200", "200ms", "ms")).isTrue();
    }

    @Test
    void anythingElseAsTextInAnyCaseWithoutOuterQuotes() {
        assertThat(SettingValues.same("'lz4'", "LZ4", null)).isTrue();
        assertThat(SettingValues.same("pglz", "lz4", null)).isFalse();
        assertThat(SettingValues.same("2", "2", null)).isTrue();
        assertThat(SettingValues.same("2", "1", null)).isFalse();
    }
}
