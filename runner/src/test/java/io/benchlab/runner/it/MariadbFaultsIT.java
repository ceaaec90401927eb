package io.benchlab.runner.it;

import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.stream.Stream;

/** The fault suite against the MariaDB server of {@code BENCHLAB_MARIADB_*}. */
class MariadbFaultsIT extends FaultSuite {

    @Override
    Target target() {
        return ServerTargets.require("mariadb", "BENCHLAB_MARIADB");
    }

    @Override
    String service() {
        return "mariadb";
    }

    @Override
    String prefix() {
        return "BENCHLAB_MARIADB";
    }

    /** LOCK TABLES ... WRITE: no other session reads or writes the table until this one unlocks or closes. */
    @Override
    void lockTable(Connection c, String table) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("LOCK TABLES " + table + " WRITE");
        }
    }

    /** A session blocked by LOCK TABLES waits with a state "Waiting for table metadata lock" or "... level lock". */
    @Override
    int lockWaiters(Connection c) throws Exception {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM"
                + " information_schema.processlist WHERE db = DATABASE() AND state LIKE 'Waiting for table%'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    static Stream<Isolation> isolationLevels() {
        return Stream.of(Isolation.READ_UNCOMMITTED, Isolation.READ_COMMITTED, Isolation.REPEATABLE_READ,
                Isolation.SERIALIZABLE);
    }
}
