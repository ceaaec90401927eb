package io.benchlab.runner.sink.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.WriteApiBlocking;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.exceptions.InfluxException;
import io.benchlab.runner.Defaults;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;

/**
 * The one thread that talks to InfluxDB: it sends the spool's oldest points in batches with
 * {@link WriteApiBlocking}, so that nobody else ever waits for the network. While InfluxDB does
 * not answer it tries again (250 ms, doubling up to {@link Defaults#INFLUX_RETRY_MAX}) and keeps
 * the points; it counts how long InfluxDB stayed away. A token that is refused (401, 403) or an
 * org or bucket that does not exist (404) stops the sending for the run: the points stay in the
 * spool and are kept for a later run. Points InfluxDB rejects as malformed (400, 422) are a bug:
 * they are counted and dropped, so that they cannot hold up the others.
 */
final class InfluxWriter {

    /** What happened on the way to InfluxDB, for the result's warnings. */
    record Health(double downSeconds, int outages, long maxBacklog, boolean downNow, String refused, long rejected,
                  String rejectedReason) {
    }

    private static final long FIRST_RETRY_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

    private final InfluxSettings settings;
    private final PointSpool spool;
    private final Thread thread;
    private final Object signal = new Object();
    private volatile boolean stopping;
    private InfluxDBClient client;

    // Health, guarded by this.
    private long downSince = -1;
    private long downNanos;
    private int outages;
    private long maxBacklog;
    private String refused;
    private long rejected;
    private String rejectedReason;

    InfluxWriter(InfluxSettings settings, PointSpool spool) {
        this.settings = settings;
        this.spool = spool;
        this.thread = new Thread(this::loop, "benchlab-influx-writer");
        this.thread.setDaemon(true);
    }

    void start() {
        OkHttpClient.Builder http = new OkHttpClient.Builder()
                .connectTimeout(Defaults.INFLUX_REQUEST_TIMEOUT).readTimeout(Defaults.INFLUX_REQUEST_TIMEOUT)
                .writeTimeout(Defaults.INFLUX_REQUEST_TIMEOUT).retryOnConnectionFailure(false);
        client = InfluxDBClientFactory.create(InfluxDBClientOptions.builder().url(settings.url().toString())
                .authenticateToken(settings.token().reveal().toCharArray()).org(settings.org())
                .bucket(settings.bucket()).okHttpClient(http).build());
        thread.start();
    }

    /** New points are in the spool: no need to wait for the next look. */
    void wake() {
        synchronized (signal) {
            signal.notifyAll();
        }
    }

    /** Waits until everything is sent, InfluxDB refused the run, or {@code max} passed; true when all was sent. */
    boolean awaitSent(Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (spool.pending() > 0) {
            synchronized (this) {
                if (refused != null) {
                    return false;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    synchronized Health health() {
        long down = downNanos + (downSince >= 0 ? System.nanoTime() - downSince : 0);
        return new Health(down / 1e9, outages, maxBacklog, downSince >= 0, refused, rejected, rejectedReason);
    }

    /** Stops sending (a request under way gets its timeout to end) and lets go of the HTTP client. */
    void stop() throws InterruptedException {
        stopping = true;
        wake();
        thread.join(Defaults.INFLUX_REQUEST_TIMEOUT.toMillis() + 1000);
        client.close();
    }

    private void loop() {
        WriteApiBlocking api = client.getWriteApiBlocking();
        long pause = FIRST_RETRY_NANOS;
        while (!stopping) {
            List<String> batch = spool.next(Defaults.INFLUX_BATCH_POINTS);
            if (batch.isEmpty() || refusedAlready()) {
                idle(TimeUnit.MILLISECONDS.toNanos(200));
                continue;
            }
            long attempt = System.nanoTime();
            try {
                api.writeRecords(settings.bucket(), settings.org(), WritePrecision.NS, batch);
                spool.sent(batch.size());
                answered();
                pause = FIRST_RETRY_NANOS;
            } catch (InfluxException e) {
                int status = e.status();
                if (status == 401 || status == 403 || status == 404) {
                    refuse("HTTP " + status + ": " + firstLine(e.getMessage()));
                } else if (status == 400 || status == 413 || status == 422) {
                    reject(batch.size(), "HTTP " + status + ": " + firstLine(e.getMessage()));
                    spool.sent(batch.size());
                } else {
                    pause = notAnswered(attempt, pause);
                }
            } catch (RuntimeException e) {
                pause = notAnswered(attempt, pause);
            }
        }
    }

    private synchronized boolean refusedAlready() {
        return refused != null;
    }

    private synchronized void answered() {
        if (downSince >= 0) {
            downNanos += System.nanoTime() - downSince;
            downSince = -1;
        }
    }

    /** A write begun at {@code attempt} got no answer: InfluxDB counts as away since then (a dead peer can take the whole timeout to say so). */
    private long notAnswered(long attempt, long pause) {
        synchronized (this) {
            if (downSince < 0) {
                downSince = attempt;
                outages++;
            }
            maxBacklog = Math.max(maxBacklog, spool.pending());
        }
        // Not woken by new points: while InfluxDB is away, tries keep their pace.
        long until = System.nanoTime() + pause;
        while (!stopping && until - System.nanoTime() > 0) {
            try {
                Thread.sleep(Math.max(1, Math.min(50, TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime()))));
            } catch (InterruptedException e) {
                stopping = true;
            }
        }
        return Math.min(pause * 2, Defaults.INFLUX_RETRY_MAX.toNanos());
    }

    private synchronized void refuse(String why) {
        refused = why;
    }

    private synchronized void reject(int points, String why) {
        rejected += points;
        rejectedReason = why;
    }

    /** Sleeps up to {@code nanos}; stopping or new points end it early. */
    private void idle(long nanos) {
        synchronized (signal) {
            try {
                TimeUnit.NANOSECONDS.timedWait(signal, nanos);
            } catch (InterruptedException e) {
                stopping = true;
            }
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
