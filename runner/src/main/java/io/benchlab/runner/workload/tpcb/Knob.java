package io.benchlab.runner.workload.tpcb;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one declaration of a workload knob, on its component of {@link WorkloadConfig}: the
 * component's name and type are the knob's, and everything else about it is said here. The
 * runner's and the lab's options, the result's knobs and the schema's fragment for them, lab
 * rerun's reading of a result, and how lab compare and nightly judge a difference are all made
 * from it (see {@link KnobSpec}). A new knob is a component with this annotation, its default in
 * {@code Defaults} and its use in the workload; then the schema's fragment and the golden result
 * are generated again ({@code -Dbenchlab.update.schema=true -Dgolden.update=true}, see
 * {@code KnobSchemaTest} and {@code GoldenResultTest}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Knob {

    /** {@link #result()} of the one knob that a result does not keep. */
    String NOT_RECORDED = "";

    /** {@link #defaults()} and {@link #absent()} when there is none. */
    String NONE = "";

    /**
     * The option's names, a short one first where it has one; the last is its long name, which
     * names the knob in every message ({@code --rate}), and without its dashes where lab compare
     * tells a difference ({@code rate}). By default {@code --} and the component's name in kebab
     * case.
     */
    String[] names() default {};

    /** What the option's value is called in the help ({@code N}, {@code TIME}); none for a flag. */
    String label() default "";

    /** The option's help; {@code ${DEFAULT-VALUE}} is its default. */
    String help();

    /** The default as the option would be given (a constant of {@code Defaults}); NONE: null. */
    String defaults() default NONE;

    /** The least value of a whole number; checked whenever a config is made. */
    long min() default Long.MIN_VALUE;

    /** Whether the knob may have no value (no rate: flat out); a result then leaves it out. */
    boolean optional() default false;

    /** What the knob's value in a result means, for the result's schema; NOT_RECORDED for none. */
    String result();

    /** How lab compare and nightly take two runs that differ in this knob. */
    Difference difference() default Difference.REFUSE;

    /**
     * For a knob added after schema 5 was published: what a result without it ran with, as the
     * option would be given ({@code off}); an older result is read as if it said so.
     */
    String absent() default NONE;

    /** How a difference in a knob is taken. */
    enum Difference {
        /** The figures are not comparable: refused unless allowed, and another nightly cell. */
        REFUSE,
        /** Told beside the comparison: it does not change what the figures measure. */
        TELL,
        /** Neither: it shapes nothing that is measured. */
        IGNORE
    }
}
