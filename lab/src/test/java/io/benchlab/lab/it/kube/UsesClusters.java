package io.benchlab.lab.it.kube;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * An IT on .ci/kube's clusters. {@code make test} runs these in a lane of their own (JUnit tag
 * {@value #TAG}), one class at a time, beside the lanes of the other ITs, which use no cluster:
 * two classes on one cluster at once would see each other's pods and namespaces.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag(UsesClusters.TAG)
public @interface UsesClusters {

    /** The tag the Makefile selects the lane by. */
    String TAG = "kubernetes";
}
