package io.benchlab.runner.workload.tpcb;

/** The inputs of one transaction. One instance per client, refilled for every transaction. */
public final class TxInput {
    public int aid;
    public int tid;
    public int bid;
    public int delta;

    @Override
    public String toString() {
        return "aid=" + aid + " tid=" + tid + " bid=" + bid + " delta=" + delta;
    }
}
