/**
 * The variables of the app itself, its server and its worker threads: the dashboard, writes, the
 * store, the history, request and link limits, the simulator, the worker pool and the server. The
 * defaults of the pure core are imported; the others are held to their modules' constants by
 * tests/unit/config.test.ts.
 */
import { DEFAULT_TOPICS_PER_BROKER } from "@/lib/model/history-figures";
import { parseDiskMapping } from "@/lib/model/disks";
import {
  DEFAULT_COLLECT_INTERVAL_MS,
  DEFAULT_HISTORY_RETENTION as hist,
  HISTORY_ENV,
  MAX_DEFAULT_COLLECT_LEASE_MS,
  MAX_TOPICS_PER_BROKER,
  MIN_COLLECT_INTERVAL_MS,
  MIN_COLLECT_LEASE_MS,
} from "@/lib/model/history-settings";
import { DAY_MS, GiB, MiB } from "@/lib/model/units";
import { DEFAULT_LIMITS } from "@/lib/simulate/limits";
import {
  above0,
  allowWrites,
  anything,
  bench,
  databaseUrl,
  days,
  digits,
  filePath,
  logMode,
  port,
  proxies,
  refreshMs,
  threads,
  tokenLabel,
  wholeAtLeast,
  writeToken,
  writeTokens,
} from "./rules";
import { bytes, variable } from "./variable";

export const APP_VARIABLES = {
  KAFKA_BALANCE_REFRESH_MS: variable(
    refreshMs,
    { group: "dashboard", default: "10000", unit: "ms" },
    "How long one scan of a cluster serves every request; 0 scans on every read.",
  ),
  KAFKA_BALANCE_DEMO_SNAPSHOT_FILE: variable(
    filePath,
    { group: "dashboard", default: "unset (the built-in story)", unit: "file path" },
    "The demo cluster shows this snapshot JSON (an export: Export → Snapshot (JSON)) instead of the built-in story, read and checked once per path.",
  ),
  KAFKA_BALANCE_DISKS: variable(
    (raw) => {
      const parsed = parseDiskMapping(raw);
      return "problem" in parsed ? parsed.problem : null;
    },
    { group: "dashboard", default: "auto", unit: "auto, separate, or [<broker id>:]<dir>,<dir>;…" },
    "Which log dirs share a disk (filesystem), for utilisation, capacity sums, dir skew, alerts and the planner's dir goal: dirs on one disk count as one, and moving replicas between them frees no space. `auto`: the dirs of a broker reporting identical total and usable bytes share one. `separate`: every dir is its own disk (a test rig that puts JBOD dirs on one filesystem on purpose). Else groups separated by `;`, each naming the dirs of one disk, on one broker (`1:/data/a,/data/b`) or on every broker (`*:` or no broker); a dir no group names is its own disk. Applies to live scans (written into the snapshot as each dir's `disk`).",
  ),
  KAFKA_BALANCE_METRICS_TIMEOUT_MS: variable(
    above0("ms"),
    { group: "dashboard", default: "8000", unit: "ms" },
    "Longest a `GET /api/metrics` scrape waits for a cluster's scan; a cluster not read by then is exported as `kafka_balance_collector_up 0`.",
  ),
  KAFKA_BALANCE_INSTANCE_ID: variable(
    anything,
    { group: "dashboard", default: "the host name", unit: "text" },
    "This instance's name in lease holders (the collector's state, the job log, the audit log's takeovers), followed by its pid and a random part; trimmed, at most 100 characters used.",
  ),

  KAFKA_BALANCE_ALLOW_WRITES: variable(
    allowWrites,
    { group: "writes", default: "unset (writes off)", unit: "true or false" },
    "Applying plans to a live cluster (cordons, throttles, reassignments, leader elections) is allowed only when this is exactly `true`, and then only with the write token.",
  ),
  KAFKA_BALANCE_WRITE_TOKEN: variable(
    writeToken,
    { group: "writes", default: "unset (nobody may write)", unit: "text" },
    "The secret a write must present as `Authorization: Bearer <token>` (applying plans; listing and deleting shared links). Trimmed; 8 or more printable ASCII characters, no spaces; otherwise writes stay off. Never shown.",
  ),
  KAFKA_BALANCE_WRITE_TOKEN_LABEL: variable(
    tokenLabel,
    { group: "writes", default: "operator", unit: "text" },
    "The name the audit log gives whoever uses KAFKA_BALANCE_WRITE_TOKEN (1–64 letters, digits, '.', '_', '@' or '-').",
  ),
  KAFKA_BALANCE_WRITE_TOKENS: variable(
    writeTokens,
    { group: "writes", default: "unset", unit: "label=token list" },
    "More tokens, one per person or system, as `label=token` entries separated by commas or newlines; each label is what the audit log records.",
  ),
  KAFKA_BALANCE_JOB_LEASE_MS: variable(
    wholeAtLeast(3_000, "ms"),
    { group: "writes", default: "15000", unit: "ms" },
    "How long an apply job's lease lasts without renewal, at least 3000: another instance takes over a job whose instance died after this, looking every third of it.",
  ),

  KAFKA_BALANCE_DB: variable(
    filePath,
    { group: "store", default: "data/snapshots.db", unit: "file path" },
    "The SQLite file of the store (shared links, apply jobs, the audit log, leases, the history), resolved from the working directory.",
  ),
  KAFKA_BALANCE_DATABASE_URL: variable(
    databaseUrl,
    { group: "store", default: "unset (SQLite)", unit: "postgres:// or postgresql:// URL" },
    "A PostgreSQL database for the store instead of the SQLite file, so several instances share it (migrated on first use; the password never appears in a response or log).",
  ),

  KAFKA_BALANCE_COLLECT_INTERVAL_MS: variable(
    wholeAtLeast(MIN_COLLECT_INTERVAL_MS, "ms"),
    { group: "history", default: String(DEFAULT_COLLECT_INTERVAL_MS), unit: "ms" },
    `How often the collector records each live cluster into the history, at least ${MIN_COLLECT_INTERVAL_MS}; the demo cluster is not collected.`,
  ),
  KAFKA_BALANCE_COLLECT_LEASE_MS: variable(
    wholeAtLeast(MIN_COLLECT_LEASE_MS, "ms"),
    { group: "history", default: `half the interval, at most ${MAX_DEFAULT_COLLECT_LEASE_MS}`, unit: "ms" },
    `How long the collector's lease on a cluster lasts without renewal (at least ${MIN_COLLECT_LEASE_MS}, below the interval): how long another instance waits before taking over from one that died.`,
  ),
  [HISTORY_ENV.rawMs]: variable(
    days,
    { group: "history", default: String(hist.rawMs / DAY_MS), unit: "days (fractions allowed)" },
    "Every scan is kept while younger than this; not more than the hourly retention.",
  ),
  [HISTORY_ENV.hourlyMs]: variable(
    days,
    { group: "history", default: String(hist.hourlyMs / DAY_MS), unit: "days (fractions allowed)" },
    "Hourly means are kept while younger than this; not more than the daily retention.",
  ),
  [HISTORY_ENV.dailyMs]: variable(
    days,
    { group: "history", default: String(hist.dailyMs / DAY_MS), unit: "days (fractions allowed)" },
    "Daily means are kept while younger than this; older points are dropped.",
  ),
  [HISTORY_ENV.topicsPerBroker]: variable(
    wholeAtLeast(0, "topics", MAX_TOPICS_PER_BROKER),
    { group: "history", default: String(DEFAULT_TOPICS_PER_BROKER), unit: "topics" },
    `Topics whose bytes the history keeps per broker (its largest, hourly), 0 to ${MAX_TOPICS_PER_BROKER}; 0 keeps none.`,
  ),

  KAFKA_BALANCE_IMPORT_LIMIT_BYTES: variable(
    above0("bytes"),
    { group: "requests", default: `${bytes(256 * MiB)} for text/plain, ${bytes(50 * MiB)} for JSON`, unit: "bytes" },
    "Largest `POST /api/import` body (413 beyond, checked while it arrives). The text/plain form is streamed through the parser; the JSON form is read whole. The variable sets both.",
  ),
  KAFKA_BALANCE_SNAPSHOT_LIMIT_BYTES: variable(
    above0("bytes"),
    { group: "requests", default: bytes(50 * MiB), unit: "bytes" },
    "Largest `POST /api/snapshots` body (a snapshot to share).",
  ),
  KAFKA_BALANCE_PLAN_LIMIT_BYTES: variable(
    above0("bytes"),
    { group: "requests", default: bytes(50 * MiB), unit: "bytes" },
    "Largest `POST /api/plan` and `POST /api/plan/apply` body.",
  ),
  KAFKA_BALANCE_SIMULATE_LIMIT_BYTES: variable(
    above0("bytes"),
    { group: "requests", default: bytes(64 * MiB), unit: "bytes" },
    "Largest `POST /api/simulate` body (an inline base of 250,000 replicas is about 30 MB of JSON).",
  ),

  KAFKA_BALANCE_SNAPSHOT_LINK_LIMIT_BYTES: variable(
    digits(1),
    { group: "links", default: bytes(16 * MiB), unit: "bytes" },
    "Bytes one stored link may take (compressed payload and summary); 413 beyond.",
  ),
  KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES: variable(
    digits(1),
    { group: "links", default: bytes(GiB), unit: "bytes" },
    "Bytes all stored links may take together; a new link beyond it is refused with 413 until links expire or are deleted.",
  ),
  KAFKA_BALANCE_SNAPSHOT_LABEL_MAX_CHARS: variable(
    digits(1),
    { group: "links", default: "200", unit: "characters" },
    "Longest source label a link keeps; longer ones are trimmed, and the answer says so.",
  ),
  KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS: variable(
    digits(0),
    { group: "links", default: "90", unit: "days" },
    "Links expire this many days after they were made (then 410, and deleted); 0 keeps them.",
  ),
  KAFKA_BALANCE_SNAPSHOT_RATE_LINKS: variable(
    digits(0),
    { group: "links", default: "60", unit: "links per minute" },
    "New links per minute, all clients together (429 with Retry-After beyond); 0 turns the limit off.",
  ),
  KAFKA_BALANCE_SNAPSHOT_RATE_BYTES: variable(
    digits(0),
    { group: "links", default: bytes(64 * MiB), unit: "bytes per minute" },
    "New stored bytes per minute, all clients together; 0 turns the limit off.",
  ),
  KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_LINKS: variable(
    digits(0),
    { group: "links", default: "20, or 0 when KAFKA_BALANCE_SNAPSHOT_RATE_LINKS is 0", unit: "links per minute" },
    "New links per minute from one client (its address, see KAFKA_BALANCE_TRUSTED_PROXIES), checked first; 0 turns it off.",
  ),
  KAFKA_BALANCE_SNAPSHOT_CLIENT_RATE_BYTES: variable(
    digits(0),
    { group: "links", default: `${bytes(32 * MiB)}, or 0 when KAFKA_BALANCE_SNAPSHOT_RATE_BYTES is 0`, unit: "bytes per minute" },
    "New stored bytes per minute from one client; 0 turns it off.",
  ),
  KAFKA_BALANCE_SNAPSHOT_CLIENT_STORE_BYTES: variable(
    digits(1),
    { group: "links", default: "a quarter of KAFKA_BALANCE_SNAPSHOT_STORE_LIMIT_BYTES", unit: "bytes" },
    "Bytes the links of one client may take together (413 `client_store_full` beyond). Links keep a hash of their client's address, not the address.",
  ),

  KAFKA_BALANCE_SIMULATE_MAX_REPLICAS: variable(
    above0("replicas"),
    { group: "simulator", default: String(DEFAULT_LIMITS.maxReplicas), unit: "replicas" },
    "Largest scenario the simulator runs: replicas at the scenario's largest (413 beyond).",
  ),
  KAFKA_BALANCE_SIMULATE_MAX_LOG_DIRS: variable(
    above0("log dirs"),
    { group: "simulator", default: String(DEFAULT_LIMITS.maxLogDirs), unit: "log dirs" },
    "Largest scenario the simulator runs: log dirs at the scenario's largest.",
  ),
  KAFKA_BALANCE_SIMULATE_MAX_REPLICA_STEPS: variable(
    above0("replica-steps"),
    { group: "simulator", default: String(DEFAULT_LIMITS.maxReplicaSteps), unit: "replica-steps" },
    "Largest scenario the simulator runs: (replicas + log dirs + brokers) × (steps + 1).",
  ),

  KAFKA_BALANCE_WORK_TIMEOUT_MS: variable(
    above0("ms"),
    { group: "workers", default: "20000", unit: "ms" },
    "Time limit of one simulation, plan, review or import, counted from when a worker starts it; the work is stopped and answered 503 beyond it.",
  ),
  KAFKA_BALANCE_WORK_QUEUE_WAIT_MS: variable(
    above0("ms"),
    { group: "workers", default: "KAFKA_BALANCE_WORK_TIMEOUT_MS", unit: "ms" },
    "How long a request may wait for a free worker thread; past it the work is dropped unstarted and answered 503 `busy` with Retry-After.",
  ),
  KAFKA_BALANCE_WORK_THREADS: variable(
    threads,
    { group: "workers", default: "cores − 1, at least 1", unit: "threads" },
    "Worker threads for the heavy work (simulate, plan, review, import, reading and writing large shared links), read when the pool starts; rounded down.",
  ),
  KAFKA_BALANCE_ROOT: variable(
    filePath,
    { group: "workers", default: "the working directory", unit: "folder path" },
    "The project folder: where the worker bundle (.workers/worker.cjs) is built from lib/.",
  ),

  PORT: variable(port, { group: "server", default: "3000", unit: "port number" }, "The port `npm start` (scripts/start.mjs, scripts/server.mjs) listens on; `-p` overrides it."),
  KAFKA_BALANCE_TRUSTED_PROXIES: variable(
    proxies,
    { group: "server", default: "none: X-Forwarded-For is ignored", unit: "addresses or CIDRs, comma- or space-separated" },
    "Reverse proxies in front of the app (`10.0.0.0/8, ::1`). Only when a connection's peer is listed is `X-Forwarded-For` believed (its right-most entry that is not itself a listed proxy); per-client limits key on the address found.",
  ),
  KAFKA_BALANCE_ALLOWED_HOSTS: variable(
    anything,
    { group: "server", default: "localhost, the machine's host name, the -H address, any IP address", unit: "host names, comma- or space-separated" },
    "Host names the app answers to besides its defaults (`.example.com` allows its subdomains, `*` any); any other Host is answered 421, which defeats DNS rebinding.",
  ),
  KAFKA_BALANCE_UPLOAD_IDLE_SECONDS: variable(digits(1), { group: "server", default: "30", unit: "seconds" }, "A request body that sends nothing for this long is dropped."),
  KAFKA_BALANCE_UPLOAD_DEADLINE_SECONDS: variable(
    digits(1),
    { group: "server", default: "1200", unit: "seconds" },
    "A request body not finished this long after its headers is dropped (256 MB over a 2 Mbit/s VPN fits).",
  ),
  KAFKA_BALANCE_UPLOADS_PER_CLIENT: variable(digits(1), { group: "server", default: "8", unit: "uploads" }, "Request bodies one client may have in flight at once (429 beyond)."),
  KAFKA_BALANCE_UPLOAD_CLIENT_BYTES: variable(
    digits(1),
    { group: "server", default: bytes(320 * MiB), unit: "bytes" },
    "Bytes of request bodies one client may have in flight (declared Content-Length checked before a byte is read; 429 beyond).",
  ),
  KAFKA_BALANCE_UPLOAD_TOTAL_BYTES: variable(
    digits(1),
    { group: "server", default: bytes(640 * MiB), unit: "bytes" },
    "Bytes of request bodies in flight for all clients (503 with Retry-After beyond).",
  ),

  KAFKA_BALANCE_LOG: variable(
    logMode,
    { group: "server", default: "json (off while vitest runs the tests)", unit: "json or off" },
    "The server's structured log on stdout, one JSON object per line (time, level, msg, cluster, jobId, event): every apply job's start, each request it sends to Kafka and Kafka's answer, take-overs, failures and refused writes. `off` silences it. Tokens and passwords never appear in it.",
  ),
  KAFKA_BALANCE_BENCH: variable(
    bench,
    { group: "development", default: "unset (no bench page)", unit: "1 or unset" },
    "`1` serves the bench-only page /bench/heatmap (`npm run bench -- --only ui` sets it); otherwise that page is a 404.",
  ),
};
