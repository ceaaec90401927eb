package io.benchlab.runner.engine;

/**
 * The connections a server takes beyond those already open: {@code free}, and {@code detail}
 * saying what that is made of, e.g. "max_connections 100, 3 reserved, 2 in use".
 */
public record ConnectionSlots(int free, String detail) {
}
