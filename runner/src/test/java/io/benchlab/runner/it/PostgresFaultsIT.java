package io.benchlab.runner.it;

import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;

/** The fault suite against the PostgreSQL server of {@code BENCHLAB_PG_*}. */
class PostgresFaultsIT extends FaultSuite {

    @Override
    Target target() {
        return ServerTargets.require("postgres", PostgresIT.PREFIX);
    }

    @Override
    String service() {
        return "postgres";
    }

    @Override
    String prefix() {
        return PostgresIT.PREFIX;
    }

    /** ACCESS EXCLUSIVE: no other session reads or writes the table until this transaction ends. */
    @Override
    void lockTable(Connection c, String table) throws Exception {
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
        }
    }

    @Override
    int lockWaiters(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_stat_activity"
                + " WHERE wait_event_type = 'Lock' AND datname = current_database()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static Stream<Isolation> isolationLevels() {
        return Stream.of(Isolation.READ_UNCOMMITTED, Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ,
                Isolation.SERIALIZABLE);
    }
}
