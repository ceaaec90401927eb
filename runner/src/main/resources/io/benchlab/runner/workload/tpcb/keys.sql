-- Primary keys; built before or after the load, whichever the engine does faster.
ALTER TABLE branches ADD CONSTRAINT branches_pk PRIMARY KEY (bid);
ALTER TABLE tellers ADD CONSTRAINT tellers_pk PRIMARY KEY (tid);
ALTER TABLE accounts ADD CONSTRAINT accounts_pk PRIMARY KEY (aid);
