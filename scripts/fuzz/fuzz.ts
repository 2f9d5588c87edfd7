/**
 * A black-box fuzzer for the running app: generated and mutated requests for every route, sent over
 * HTTP to a real `next start` server, and every answer classified.
 *
 * - Inputs: bodies built from the request shapes (with extreme numbers, wrong types, unknown and
 *   prototype keys), mutated real snapshots, mutated real `kafka-log-dirs` / `kafka-topics` text, deep
 *   nesting, long strings, lone surrogates, raw text that is not JSON; GET routes with odd queries
 *   and ids; and for every snapshot the server agreed to store, its `/s/<id>` page, its API record,
 *   its exports and its topic grid and broker drawer (`shared=<id>`), opened after storing.
 * - Findings: an answer of 500 or more (`fiveXX`), an answer that took longer than the hang limit
 *   (`hangs`), and the server process gone or not answering (`crashes`; the caller restarts it).
 * - Seeded: the same seed sends the same inputs, so a finding can be replayed.
 */
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { demoSnapshot } from "@/lib/simulate/presets";

export interface FuzzTarget {
  url: string;
  /** False once the server process has exited. */
  alive(): boolean;
}

export interface FuzzFinding {
  kind: "fiveXX" | "hang" | "crash";
  method: string;
  path: string;
  status: number | null;
  ms: number;
  /** The first 300 characters of the body sent, to replay it. */
  body: string;
  answer: string;
}

export interface FuzzReport {
  inputs: number;
  /** How many answers had each status ("none" when the server did not answer). */
  statuses: Record<string, number>;
  /** Links stored and then opened (their page, record, exports, simulator and planner views). */
  linksOpened: number;
  fiveXX: number;
  hangs: number;
  crashes: number;
  findings: FuzzFinding[];
}

export interface FuzzOptions {
  inputs: number;
  seed: number;
  /** An answer slower than this counts as a hang. Default 10 s. */
  hangMs?: number;
  /** Called when the server died; returns the new target (or null to stop). */
  restart?: () => Promise<FuzzTarget | null>;
  log?: (line: string) => void;
}

interface Request {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  contentType?: string;
  /** Store-and-open: after a 201 from POST /api/snapshots, open the link's pages too. */
  follow?: boolean;
}

const FIXTURES = path.resolve(__dirname, "..", "..", "tests", "fixtures", "import");

function fixtureTexts(): { logDirs: string[]; topics: string[] } {
  const files = fs.existsSync(FIXTURES) ? fs.readdirSync(FIXTURES) : [];
  const read = (f: string) => fs.readFileSync(path.join(FIXTURES, f), "utf8");
  return { logDirs: files.filter((f) => f.startsWith("log-dirs")).map(read), topics: files.filter((f) => f.startsWith("topics")).map(read) };
}

// ------------------------------------------------------------------------------------------------
// Value generators

const EXTREME_NUMBERS = [0, -0, 1, -1, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-300, 0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, 2 ** 53 + 2, 9007199254740993, 1e21, 1e308, 1.7976931348623157e308, -1e308, 123456789.123, 1e15];
const WEIRD_STRINGS = ["", " ", "\u0000", "\ud800", "\udfff", "a\ud800b", "__proto__", "constructor", "prototype", "../../etc/passwd", "<script>alert(1)</script>", "%00", "a".repeat(10_000), "a.".repeat(5_000) + "1", "-".repeat(300), "日本語", "\n\r\t", "${7*7}", "[]", "{}", "null"];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

const extremeNumber = fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
const weirdString = fc.oneof(fc.constantFrom(...WEIRD_STRINGS), fc.string({ unit: "binary", maxLength: 200 }), fc.string({ maxLength: 30 }));
const anyScalar: fc.Arbitrary<unknown> = fc.oneof(extremeNumber, weirdString, fc.boolean(), fc.constant(null));

/** Deep JSON, including long arrays and deep nesting. */
const deepJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  fc.integer({ min: 50, max: 3000 }).map((depth) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
  fc.integer({ min: 1, max: 20_000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
);

/** A deep copy as JSON would carry it (undefined becomes null). */
const clone = (value: unknown): unknown => (value === undefined ? null : (JSON.parse(JSON.stringify(value) ?? "null") as unknown));

/** Replaces, deletes or adds values at random places of a JSON value (a fresh copy). */
function mutate(value: unknown, rng: () => number, pick: <T>(xs: readonly T[]) => T, edits: number): unknown {
  const copy = clone(value);
  for (let e = 0; e < edits; e++) {
    // Walk to a random container.
    let node: unknown = copy;
    for (let depth = 0; depth < 8; depth++) {
      if (node === null || typeof node !== "object") break;
      const keys = Object.keys(node as object);
      if (keys.length === 0 || rng() < 0.25) break;
      const next = (node as Record<string, unknown>)[pick(keys)];
      if (next === null || typeof next !== "object") break;
      node = next;
    }
    if (node === null || typeof node !== "object") continue;
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    const r = rng();
    const scalars: unknown[] = [...EXTREME_NUMBERS, ...WEIRD_STRINGS, true, false, null, [], {}, -1, 1.5, "1e999"];
    if (r < 0.45 && keys.length > 0) obj[pick(keys)] = pick(scalars);
    else if (r < 0.6 && keys.length > 0) delete obj[pick(keys)];
    else if (r < 0.75) obj[pick(PROTO_KEYS)] = pick(scalars);
    else if (r < 0.9 && Array.isArray(obj) && obj.length > 0) obj.push(clone(obj[Math.floor(rng() * obj.length)]));
    else if (keys.length > 0) {
      const k = pick(keys);
      const v = obj[k];
      if (Array.isArray(v) && v.length > 0) obj[k] = [...v, ...v];
      else obj[k] = pick(scalars);
    }
  }
  return copy;
}

/** Sets every occurrence of one numeric field (every replica's size, every dir's capacity…) to one extreme value. */
function everywhere(value: unknown, key: string, to: unknown): unknown {
  const copy = clone(value);
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray(node)) {
      for (const v of node) walk(v);
      return;
    }
    const obj = node as Record<string, unknown>;
    for (const k of Object.keys(obj)) {
      if (k === key && (typeof obj[k] === "number" || obj[k] === null)) obj[k] = to;
      else walk(obj[k]);
    }
  };
  walk(copy);
  return copy;
}

/** Each planner operation on the demo's brokers and dirs, and one naming a broker it does not have. */
const PLAN_OPERATIONS = [
  { kind: "rebalance" },
  { kind: "add-brokers", brokers: [9] },
  { kind: "remove-brokers", brokers: [3] },
  { kind: "drain-dirs", dirs: [{ broker: 2, path: "/data/d3" }], cordon: true },
];

const NUMERIC_FIELDS = ["sizeBytes", "totalBytes", "usableBytes", "offsetLag", "leader", "rate", "follower", "alterLogDirs"];

/** Text mutations: delete, duplicate or corrupt lines, swap numbers for extremes. */
function mutateText(text: string, rng: () => number, pick: <T>(xs: readonly T[]) => T, edits: number): string {
  let lines = text.split("\n");
  for (let e = 0; e < edits; e++) {
    const i = Math.floor(rng() * lines.length);
    const r = rng();
    if (r < 0.2) lines.splice(i, 1);
    else if (r < 0.35) lines.splice(i, 0, lines[i] ?? "");
    else if (r < 0.6) lines[i] = (lines[i] ?? "").replace(/\d+/g, () => String(pick([...EXTREME_NUMBERS, -1, 99999999999999999999, "1e999", "NaN"])));
    else if (r < 0.75) lines[i] = (lines[i] ?? "") + pick(WEIRD_STRINGS);
    else if (r < 0.85) lines = lines.concat(lines.slice(0, Math.min(lines.length, 500)));
    else {
      const s = lines[i] ?? "";
      const at = Math.floor(rng() * (s.length + 1));
      lines[i] = s.slice(0, at) + pick(["{", "}", "[", "]", '"', ",", ":", "\\", "\t"]) + s.slice(at);
    }
  }
  return lines.join("\n");
}

// ------------------------------------------------------------------------------------------------
// Requests

function requestsFor(seed: number, count: number): Request[] {
  const { logDirs, topics } = fixtureTexts();
  const snapshot = demoSnapshot();
  // A small seeded PRNG of our own: independent of fast-check's internals, reproducible by seed.
  let state = (seed >>> 0) || 0x9e3779b9;
  const rng = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: Math.floor(rng() * 2 ** 31), numRuns: 1 })[0]!;
  const json = (v: unknown) => JSON.stringify(v);
  const stepKinds = ["addBroker", "addLogDir", "failLogDir", "cordonLogDir", "createTopic", "addPartitions", "growTopic", "firstConsumerGroup", "reassign", "nonsense"];
  const step = () => {
    const kind = pick(stepKinds);
    const base: Record<string, unknown> = { kind };
    const fields: Record<string, () => unknown> = {
      id: () => pick([1, 4, 99, -1, 2 ** 31, 5e-324, "x"]),
      broker: () => pick([1, 2, 3, "all", -5, 1e308]),
      path: () => pick(["/data/d9", "/data/d1", "", "relative", "/" + "x".repeat(3000)]),
      logDirs: () => (rng() < 0.5 ? [{ path: "/data/n1", totalBytes: sample(extremeNumber) }] : Array.from({ length: Math.floor(rng() * 200) }, (_, i) => ({ path: `/d${i}` }))),
      name: () => pick(["t", "orders", "__consumer_offsets", "..", "a".repeat(300), "ok.topic"]),
      topic: () => pick(["orders", "t", "missing"]),
      partitions: () => (kind === "reassign" ? [{ topic: "orders", partition: pick([0, 1, 999, -1]), replicas: pick([[1, 2], [1, 1], [], [9]]), log_dirs: pick([undefined, ["any", "any"], ["/data/d2"]]) }] : sample(extremeNumber)),
      replicationFactor: () => sample(extremeNumber),
      totalPartitions: () => sample(extremeNumber),
      size: () => pick([{ kind: "fixed", bytes: sample(extremeNumber) }, { kind: "zipf", totalBytes: sample(extremeNumber), exponent: sample(extremeNumber) }, { kind: "uniform", min: sample(extremeNumber), max: sample(extremeNumber) }, { kind: "bad" }]),
      bytesPerPartition: () => sample(extremeNumber),
      factor: () => sample(extremeNumber),
      cordoned: () => pick([true, false, "yes"]),
    };
    for (const [k, f] of Object.entries(fields)) if (rng() < 0.35) base[k] = f();
    return base;
  };
  const out: Request[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng();
    if (r < 0.2) {
      // Simulate.
      const form = rng();
      const steps = Array.from({ length: Math.floor(rng() * 6) }, step);
      let body: unknown;
      if (form < 0.3) body = { base: pick(["demo", "current", { preset: pick(["consumer-offsets-skew", "nope"]) }, { synthetic: { brokers: sample(fc.integer({ min: -2, max: 300 })), dirsPerBroker: sample(fc.integer({ min: -1, max: 70 })), replicas: sample(fc.integer({ min: -5, max: 30_000 })), meanReplicaBytes: sample(extremeNumber) } }, { shared: pick(["x", "AAAAAAAAAAAAAAAAAAAAAA", "../etc"]) }]), steps, seed: sample(extremeNumber), policy: mutate({ kafkaVersion: pick(["auto", "4.3", "9.9"]), logDirPlacement: "kafka-count" }, rng, pick, Math.floor(rng() * 2)) };
      else if (form < 0.6) body = { base: { snapshot: mutate(everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)), rng, pick, Math.floor(rng() * 4)) }, steps, compare: rng() < 0.5 };
      else if (form < 0.8) body = { scenario: { base: mutate(snapshot, rng, pick, Math.floor(rng() * 3)), steps, seed: 1 } };
      else body = mutate({ preset: "consumer-offsets-skew", steps }, rng, pick, 1 + Math.floor(rng() * 3));
      out.push({ method: "POST", path: "/api/simulate", body: json(body) });
    } else if (r < 0.35) {
      // Plan and review.
      const body = rng() < 0.5
        ? mutate({ snapshot: everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)), options: { operation: pick(PLAN_OPERATIONS), goals: pick([["dir-utilization"], ["broker-bytes", "broker-replicas"], ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"]]), tolerance: 0.05, excludeTopics: ["orders"], throttle: { replicationBytesPerSecond: 1e6, alterLogDirsBytesPerSecond: 1e6 } } }, rng, pick, 1 + Math.floor(rng() * 5))
        : { reassignment: pick([json(mutate({ version: 1, partitions: [{ topic: "orders", partition: 0, replicas: [1, 2], log_dirs: ["any", "/data/d2"] }] }, rng, pick, 2)), "{", sample(weirdString), json(sample(deepJson))]), options: rng() < 0.5 ? {} : { tolerence: 1 } };
      out.push({ method: "POST", path: "/api/plan", body: json(body) });
    } else if (r < 0.55) {
      // Import: mutated real text, as JSON or text/plain.
      const text = mutateText(pick(logDirs.length ? logDirs : ["x"]), rng, pick, Math.floor(rng() * 8));
      if (rng() < 0.5) out.push({ method: "POST", path: "/api/import", body: text, contentType: "text/plain" });
      else out.push({ method: "POST", path: "/api/import", body: json({ logDirs: text, topics: rng() < 0.6 ? mutateText(pick(topics.length ? topics : ["x"]), rng, pick, Math.floor(rng() * 8)) : undefined, racks: rng() < 0.2 ? sample(weirdString) : undefined }) });
    } else if (r < 0.75) {
      // Store, then open every page and export of the link.
      const kind = pick(["snapshot", "scenario", "plan"]);
      const scaled = rng() < 0.4 ? everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)) : snapshot;
      const mutated = mutate(rng() < 0.3 ? everywhere(scaled, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)) : scaled, rng, pick, Math.floor(rng() * 4));
      const body = kind === "snapshot"
        ? { kind, snapshot: mutated, sharing: { redactHosts: rng() < 0.5, hashTopics: rng() < 0.5 } }
        : kind === "scenario"
          ? { kind, scenario: { base: mutated, steps: Array.from({ length: Math.floor(rng() * 4) }, step), seed: 1 } }
          : { kind, snapshot: mutated, plan: { options: { excludeTopics: [sample(weirdString)] }, reassignmentJson: pick([null, '{"version":1,"partitions":[]}', "nope"]) } };
      out.push({ method: "POST", path: "/api/snapshots", body: json(rng() < 0.15 ? mutate(body, rng, pick, 2) : body), follow: true });
    } else if (r < 0.85) {
      // Raw garbage at every POST route.
      const garbage = pick([sample(weirdString), json(sample(deepJson)), "1e999", "[".repeat(5000), '{"a":' + "[".repeat(3000), "\ufeff{}", json({ __proto__: { polluted: true } }), '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}']);
      out.push({ method: "POST", path: pick(["/api/simulate", "/api/plan", "/api/import", "/api/snapshots", "/api/plan/apply", "/api/plan/apply/control"]), body: garbage, contentType: pick(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]) });
    } else {
      // GET routes and pages with odd ids and queries.
      const id = pick(["AAAAAAAAAAAAAAAAAAAAAA", "x", "%00", "..%2F..%2Fetc", "a".repeat(500), "%E0%A4%A", "🙂", "-", "_"]);
      out.push({ method: "GET", path: pick([`/s/${id}`, `/api/snapshots/${id}`, `/api/snapshots/${id}/export?format=${pick(["json", "brokers-csv", "dirs-csv", "png", ""])}`, `/api/snapshots?limit=${pick(["-1", "1e308", "abc", "5"])}&x=1`, `/api/cluster?refresh=${pick(["1", "true", "x"])}`, "/api/plan/apply", `/api/audit?limit=${pick(["-1", "1e308", "abc", "5", "1000", "1001"])}&jobId=${pick(["x", "../a", "a".repeat(60), "%00"])}`, `/api/history?scope=${pick(["cluster", "broker", "dir", "x", ""])}&broker=${pick(["1", "-1", "1e308", "abc", "2147483648"])}&dir=${id}&from=${pick(["0", "-1", "1e308", "abc", "1.5", "99999999999999999999"])}&to=${pick(["1", String(Date.now()), "9e15", ""])}&maxPoints=${pick(["9", "10", "5000", "5001", "NaN"])}`, `/api/history?cluster=${id}`, `/api/cluster/overview?${pick(["refresh=1", "search=%00", "sort=x", "offset=-1", "limit=1e308", "limit=1001", "cluster=" + id, "search=" + "a".repeat(3000), ""])}&${pick(["offset=1e308", "internal=maybe", "x=1", ""])}`, `/api/cluster/topics?${pick(["limit=0", "limit=1000", "limit=abc", "offset=99999999999", "search=" + id, "sort=" + id, "shared=" + id, ""])}`, `/api/cluster/broker?broker=${pick(["1", "-1", "1e308", "abc", "2147483648", "", id, "1&shared=" + id])}`, "/audit", `/simulate?s=${pick(["1.AAAA", "garbage", "1." + "A".repeat(5000)])}`, `/plan?shared=${id}`, "/", "/import", "/nope"]) });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Sending

async function send(target: FuzzTarget, req: Request, hangMs: number): Promise<{ status: number | null; ms: number; text: string; error: string | null }> {
  const started = Date.now();
  try {
    const res = await fetch(target.url + req.path, {
      method: req.method,
      headers: req.body !== undefined ? { "content-type": req.contentType ?? "application/json" } : {},
      body: req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(hangMs * 3),
    });
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, text, error: null };
  } catch (error) {
    return { status: null, ms: Date.now() - started, text: "", error: (error as Error).message };
  }
}

export async function runFuzz(first: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const hangMs = options.hangMs ?? 10_000;
  const log = options.log ?? (() => {});
  const report: FuzzReport = { inputs: 0, statuses: {}, linksOpened: 0, fiveXX: 0, hangs: 0, crashes: 0, findings: [] };
  let target: FuzzTarget | null = first;
  const record = (kind: FuzzFinding["kind"], req: Request, status: number | null, ms: number, answer: string) => {
    if (kind === "fiveXX") report.fiveXX += 1;
    if (kind === "hang") report.hangs += 1;
    if (kind === "crash") report.crashes += 1;
    const finding = { kind, method: req.method, path: req.path, status, ms, body: (req.body ?? "").slice(0, 300), answer: answer.slice(0, 300) };
    report.findings.push(finding);
    log(`${kind}: ${req.method} ${req.path} → ${status ?? "no answer"} in ${ms} ms: ${finding.answer.replace(/\s+/g, " ").slice(0, 160)}`);
  };
  const check = async (req: Request): Promise<string | null> => {
    if (!target) return null;
    report.inputs += 1;
    const r = await send(target, req, hangMs);
    const key = r.status === null ? "none" : String(r.status);
    report.statuses[key] = (report.statuses[key] ?? 0) + 1;
    if (r.status === null || !target.alive()) {
      record("crash", req, r.status, r.ms, r.error ?? "server exited");
      target = options.restart ? await options.restart() : null;
      return null;
    }
    if (r.status >= 500) record("fiveXX", req, r.status, r.ms, r.text);
    else if (r.ms > hangMs) record("hang", req, r.status, r.ms, r.text);
    return r.status === 201 ? r.text : null;
  };
  for (const req of requestsFor(options.seed, options.inputs)) {
    if (!target || report.inputs >= options.inputs) break;
    const created = await check(req);
    if (created && req.follow) {
      let id: string | undefined;
      try {
        id = (JSON.parse(created) as { id?: string }).id;
      } catch {
        id = undefined;
      }
      if (id) {
        report.linksOpened += 1;
        for (const path of [`/s/${id}`, `/api/snapshots/${id}`, `/api/snapshots/${id}/export?format=json`, `/api/snapshots/${id}/export?format=dirs-csv`, `/api/cluster/topics?shared=${id}&sort=name&offset=1`, `/api/cluster/broker?shared=${id}&broker=1`, `/simulate?shared=${id}`, `/plan?shared=${id}`]) {
          if (report.inputs >= options.inputs) break;
          await check({ method: "GET", path });
        }
      }
    }
  }
  return report;
}
