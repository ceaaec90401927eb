package io.benchlab.lab.backend;

/**
 * How a backend that starts the database (in containers, in pods) sizes both sides: the
 * database's image ({@code null}: the engine's pinned image for the profile) and the limits of
 * the database and of the runner (requests equal limits).
 */
public record Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner) {
}
