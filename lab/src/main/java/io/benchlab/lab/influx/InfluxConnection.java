package io.benchlab.lab.influx;

import io.benchlab.runner.core.Secret;

/** Where benchlab's InfluxDB 2.x is, and its token (never printed: {@link Secret}). */
public record InfluxConnection(String url, String org, String bucket, Secret token) {
}
