package io.benchlab.runner.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.IntUnaryOperator;
import java.util.Map;
import java.util.Set;

/**
 * One database engine: how to reach it, its DDL dialect and a few facts. An engine never
 * times anything and never touches the driver loop; adding one means one class here plus
 * its {@code ddl-<dialect>.sql} and {@code keys-<dialect>.sql} in the workload package.
 */
public interface Engine {

    /** The name users type: {@code --engine hsqldb}. */
    String name();

    /** One line for {@code lab engines} and help texts. */
    String description();

    /** Which {@code ddl-*.sql} / {@code keys-*.sql} pair the workload uses. */
    String dialect();

    /** Whether {@code --driver vertx} (an event-loop client of this engine's wire protocol) can drive it. */
    default boolean speaksVertx() {
        return false;
    }

    /** The profiles this engine knows, the default first. */
    List<Profile> profiles();

    /** Prefixes of the JDBC URLs this engine's driver takes ({@code jdbc:postgresql:}); --jdbc-url needs one. */
    List<String> jdbcUrlPrefixes();

    /** The JDBC URL of a profile for a managed (embedded) database kept under {@code dataDir}. */
    String jdbcUrl(Profile profile, Path dataDir);

    /** False for server engines: the lab reaches them through a JDBC URL (external) or provisions them. */
    default boolean embedded() {
        return true;
    }

    /**
     * How this in-process engine takes settings on top of its profile ({@code lab run --db-set} on
     * the embedded backend); null: it takes none in-process (server engines).
     */
    default InProcessSettings inProcessSettings() {
        return null;
    }

    /** Driver properties the engine is fastest and safest with (batch rewriting, connect timeouts). */
    default Map<String, String> connectionProperties() {
        return Map.of();
    }

    /** The user the embedded database is created with. */
    String defaultUser();

    /** True when primary keys are cheaper to build after the load than to maintain during it. */
    boolean keysAfterLoad();

    /**
     * An INSERT ... SELECT that makes accounts {@code ?1..?2} (aids, inclusive) inside the engine,
     * with parameters (first aid, last aid, accounts per branch); null when the engine has no
     * row generator and the loader must send batches.
     */
    default String generateAccountsSql() {
        return null;
    }

    /**
     * Switches the engine to its fastest way of taking a bulk load and returns the statements
     * that switch it back, run after the load. The default changes nothing.
     */
    default List<String> prepareLoad(Connection c) throws SQLException {
        return List.of();
    }

    /**
     * A bulk path for accounts (PostgreSQL's COPY), or null. It writes aids {@code first..last}
     * with their branch (as the workload's {@code branchOf} says), a zero balance and the filler.
     */
    default AccountsCopy accountsCopy() {
        return null;
    }

    /** Streams account rows into the engine through its own bulk protocol, in one transaction. */
    @FunctionalInterface
    interface AccountsCopy {
        /** {@code progress} is told the rows sent so far, every few thousand; it may throw to stop. */
        void copy(Connection c, int first, int last, IntUnaryOperator branchOf, RowsDone progress) throws SQLException;
    }

    @FunctionalInterface
    interface RowsDone {
        void rows(long done) throws SQLException;
    }

    /** Statements run once after the load: statistics, checkpoints. */
    default List<String> afterLoad() {
        return List.of();
    }

    /**
     * True for a serialization failure or deadlock, which the driver retries. The SQLStates
     * 40001 (serialization) and 40P01 (PostgreSQL deadlock) are retryable everywhere.
     */
    default boolean isRetryable(SQLException e) {
        String state = e.getSQLState();
        return "40001".equals(state) || "40P01".equals(state);
    }

    /**
     * What kind of connection problem {@code e} is, or null when it is none the lab names. The
     * standard SQLStates name it for every engine; an engine overrides this with its own codes or
     * texts, tried after them.
     */
    default ConnectProblem connectProblem(SQLException e) {
        return ConnectProblem.bySqlState(e.getSQLState());
    }

    /**
     * How many more connections the server accepts now, and what that figure is made of; null
     * when the engine sets no limit (in-process engines, the HSQLDB server).
     */
    default ConnectionSlots connectionSlots(Connection c) throws SQLException {
        return null;
    }

    /** The product's name as users know it (the driver's own name may be another product's). */
    default String productName(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductName();
    }

    /**
     * JDBC isolation levels ({@link Connection#TRANSACTION_READ_UNCOMMITTED} ...) at which the
     * engine loses concurrent updates of one row, so that TPC-B's sums cannot hold: runs there are
     * refused rather than measured.
     */
    default Set<Integer> isolationsLosingUpdates() {
        return Set.of();
    }

    /**
     * Settings read back that name the server instance (its host name, its ids) or that are
     * statistics of the run rather than configuration: recorded, but two runs of one configuration
     * differ in them, so lab compare does not hold them against each other.
     */
    default Set<String> instanceSettings() {
        return Set.of();
    }

    /**
     * The server's own count of committed transactions, for the accounting closure; null when it
     * keeps none the lab can read (in-process engines, the HSQLDB server).
     */
    default CommitCounter commitCounter() {
        return null;
    }

    /** Where the server keeps its own statistics, sampled per interval; null when the lab reads none. */
    default ServerProbe serverProbe() {
        return null;
    }

    /** The version string the server reports about itself. */
    default String serverVersion(Connection c) throws SQLException {
        return c.getMetaData().getDatabaseProductVersion();
    }

    /** Effective settings read back from the engine, where it exposes them. */
    Map<String, String> settings(Connection c) throws SQLException;

    /**
     * The setting KEY, as given to the server, as the server reports it. By default it is looked
     * for among {@link #settings}: one not there is not readable, since those need not list all.
     */
    default ReportedSetting setting(Connection c, String key) throws SQLException {
        String value = settings(c).get(key);
        return value == null ? ReportedSetting.NOT_READABLE : ReportedSetting.of(value, null);
    }

    /** Called when a managed database is done with, e.g. to flush and close a file database. */
    default void shutdown(Connection c, Profile profile) throws SQLException {
    }

    /** The profile of that name, in any case ({@code DURABLE} is {@code durable}), or null. */
    default Profile profile(String name) {
        return profiles().stream().filter(p -> p.name().equalsIgnoreCase(name.strip())).findFirst().orElse(null);
    }

    default Profile defaultProfile() {
        return profiles().get(0);
    }
}
