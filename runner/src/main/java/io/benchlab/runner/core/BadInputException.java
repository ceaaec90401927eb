package io.benchlab.runner.core;

/**
 * Input that cannot work: a bad knob, an unknown engine, an unreachable database. It is
 * reported as one line on stderr with exit code 2, before anything is started or written.
 */
public final class BadInputException extends RuntimeException {

    public BadInputException(String message) {
        super(message, null, false, false);
    }
}
