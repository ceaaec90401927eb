package io.benchlab.runner.engine;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

/**
 * The {@code derby.*} property names Derby itself declares (its {@code Property} reference class,
 * plus the page cache's, declared in its store): Derby has no table of settings to ask.
 */
final class DerbyProperties {

    static final Set<String> NAMES = names();

    private DerbyProperties() {
    }

    private static Set<String> names() {
        Set<String> names = new HashSet<>(Set.of("derby.storage.pageCacheSize"));
        for (Field f : org.apache.derby.shared.common.reference.Property.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    String name = (String) f.get(null);
                    if (name.startsWith("derby.")) {
                        names.add(name);
                    }
                } catch (IllegalAccessException e) {
                    // A constant not public after all: not a name to offer.
                }
            }
        }
        return Set.copyOf(names);
    }
}
