package io.benchlab.runner.cli;

import java.io.File;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Path options: never empty (which would mean the current folder), and a file is not named as a folder. */
public final class PathConverters {

    private PathConverters() {
    }

    /** A file to read or write; {@code results/} (a trailing slash) names a folder, so it is refused. */
    public static final class FileName implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.endsWith("/") || value.endsWith(File.separator)) {
                throw new TypeConversionException("'" + value + "' names a directory; give a file name");
            }
            return path(value, "a file name");
        }
    }

    /** A folder. */
    public static final class Directory implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            return path(value, "a directory");
        }
    }

    private static Path path(String value, String what) {
        if (value.isBlank()) {
            throw new TypeConversionException("empty; give " + what);
        }
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new TypeConversionException("'" + value + "' is not a valid path");
        }
    }
}
