-- TPC-B tables in standard SQL; an engine that needs other DDL ships ddl-<dialect>.sql beside this.
-- Fillers pad rows to the TPC-B widths: 100 bytes, history 50.
CREATE TABLE branches (bid INTEGER NOT NULL, bbalance BIGINT NOT NULL, filler CHAR(88));
CREATE TABLE tellers (tid INTEGER NOT NULL, bid INTEGER NOT NULL, tbalance BIGINT NOT NULL, filler CHAR(84));
CREATE TABLE accounts (aid INTEGER NOT NULL, bid INTEGER NOT NULL, abalance BIGINT NOT NULL, filler CHAR(84));
CREATE TABLE history (tid INTEGER NOT NULL, bid INTEGER NOT NULL, aid INTEGER NOT NULL, delta INTEGER NOT NULL, mtime TIMESTAMP NOT NULL, filler CHAR(26));
