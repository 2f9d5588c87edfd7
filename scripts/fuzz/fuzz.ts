/**
 * A black-box fuzzer for the running app: generated and mutated requests for every route, sent over
 * HTTP to a real `next start` server, and every answer classified.
 *
 * - Inputs: bodies built from the request shapes (with extreme numbers, wrong types, unknown and
 *   prototype keys), mutated real snapshots, mutated real `kafka-log-dirs` / `kafka-topics` text, deep
 *   nesting, long strings, lone surrogates, raw text that is not JSON; GET routes with odd queries
 *   and ids; and for every snapshot the server agreed to store, its `/s/<id>` page, its API record,
 *   its exports and its topic grid and broker drawer (`shared=<id>`), opened after storing.
 * - Hostile classes (#26): JSON nested 10k–200k levels deep (objects and arrays) in place of any
 *   field of an otherwise valid body; `__proto__` / `constructor` / `prototype` (and the other
 *   Object.prototype names) as topic, dir, rack and host names and as keys of bodies (own keys, as a
 *   parsed body has them); valid JSON bodies sent as text/plain, a form, multipart or with no
 *   content type; and stalled bodies (headers and part of a body, then nothing).
 * - Findings: an answer of 500 or more (`fiveXX`), an answer that took longer than the hang limit
 *   (`hangs`), and the server process gone or not answering (`crashes`; the caller restarts it).
 *   A stalled body is the client's fault, not a hang: the server must answer or close the connection
 *   within its upload idle deadline (`stallMs`); only one it holds open longer is a hang.
 * - Seeded: the same seed sends the same inputs, so a finding can be replayed.
 */
import fs from "node:fs";
import http from "node:http";
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
  /**
   * How long the server may hold a stalled body's connection before it answers or closes it (its
   * upload idle deadline, KAFKA_BALANCE_UPLOAD_IDLE_SECONDS, plus slack); longer is a hang. Default 40 s
   * (the 30 s default deadline + 10 s).
   */
  stallMs?: number;
  /** Called when the server died; returns the new target (or null to stop). */
  restart?: () => Promise<FuzzTarget | null>;
  log?: (line: string) => void;
}

export interface FuzzRequest {
  method: "GET" | "POST" | "DELETE";
  path: string;
  body?: string;
  /** The content-type header; null sends none (the body as bytes, so fetch adds none either). */
  contentType?: string | null;
  /** Send the headers (Content-Length: the whole body) and this many bytes of the body, then stall. */
  stallAfter?: number;
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

const EXTREME_NUMBERS = [
  0,
  -0,
  1,
  -1,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  1e-300,
  0.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 53 + 2,
  9007199254740992,
  1e21,
  1e308,
  1.7976931348623157e308,
  -1e308,
  123456789.123,
  1e15,
];
const WEIRD_STRINGS = [
  "",
  " ",
  "\u0000",
  "\ud800",
  "\udfff",
  "a\ud800b",
  "__proto__",
  "constructor",
  "prototype",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "%00",
  "a".repeat(10_000),
  "a.".repeat(5_000) + "1",
  "-".repeat(300),
  "日本語",
  "\n\r\t",
  "${7*7}",
  "[]",
  "{}",
  "null",
];
const PROTO_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty"];

const extremeNumber = fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());
const weirdString = fc.oneof(fc.constantFrom(...WEIRD_STRINGS), fc.string({ unit: "binary", maxLength: 200 }), fc.string({ maxLength: 30 }));

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

/**
 * Sets `key` as an own property, as JSON.parse makes it: `obj["__proto__"] = v` would set the
 * prototype instead and JSON.stringify would drop it, so the body would never carry the key.
 */
function ownKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

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
    else if (r < 0.75) ownKey(obj, pick(PROTO_KEYS), clone(pick(scalars)));
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
    else if (r < 0.6) lines[i] = (lines[i] ?? "").replace(/\d+/g, () => String(pick([...EXTREME_NUMBERS, -1, 100000000000000000000, "1e999", "NaN"])));
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
// Hostile classes (#26)

/** Names that are also Object.prototype's members: legal topic names, dir paths, racks and hosts. */
export const PROTOTYPE_NAMES = ["__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf", "__defineGetter__", "isPrototypeOf"];

/** JSON text nested `depth` levels: `{"a":{"a":…1…}}` or `[[…1…]]`; built as text (JSON.stringify would overflow the stack). */
export function deepText(depth: number, kind: "object" | "array"): string {
  return kind === "object" ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}1${"]".repeat(depth)}`;
}

/** Every path (keys and indexes) of a JSON value, the root excluded, up to `maxDepth` deep and `max` paths. */
export function jsonPaths(value: unknown, maxDepth = 8, max = 5000): (string | number)[][] {
  const out: (string | number)[][] = [];
  const walk = (node: unknown, at: (string | number)[]) => {
    if (out.length >= max || at.length >= maxDepth || node === null || typeof node !== "object") return;
    const entries: [string | number, unknown][] = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    for (const [k, v] of entries) {
      if (out.length >= max) return;
      out.push([...at, k]);
      walk(v, [...at, k]);
    }
  };
  walk(value, []);
  return out;
}

const PLACEHOLDER = "\u0000deep-placeholder\u0000";

/** `body` as JSON text with the value at `at` replaced by `replacement` (raw JSON text); the root when `at` is empty. */
export function replaceAt(body: unknown, at: readonly (string | number)[], replacement: string): string {
  if (at.length === 0) return replacement;
  const copy = clone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const k of at.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  if (typeof last === "string") ownKey(node as Record<string, unknown>, last, PLACEHOLDER);
  else node[last] = PLACEHOLDER;
  return JSON.stringify(copy).replace(JSON.stringify(PLACEHOLDER), () => replacement);
}

/** The demo snapshot with one topic, one dir path (everywhere it is named), the racks and the hosts renamed after `name`. */
export function prototypeNamed(
  snapshot: ReturnType<typeof demoSnapshot>,
  name: string,
  pick: <T>(xs: readonly T[]) => T,
): { snapshot: unknown; topic: string; dir: string; broker: number } {
  const s = clone(snapshot) as ReturnType<typeof demoSnapshot>;
  const topic = pick(s.topics.filter((t) => !t.internal)) ?? s.topics[0]!;
  const oldName = topic.name;
  topic.name = name;
  for (const t of s.throttles.topics) if (t.topic === oldName) t.topic = name;
  for (const r of s.throttles.reassignments) if (r.topic === oldName) r.topic = name;
  const broker = pick(s.brokers.filter((b) => b.logDirs.length > 0)) ?? s.brokers[0]!;
  const oldPath = broker.logDirs[0]?.path ?? "/data/d1";
  const dir = pick(PROTOTYPE_NAMES);
  for (const b of s.brokers) for (const d of b.logDirs) if (d.path === oldPath) d.path = dir;
  for (const t of s.topics)
    for (const p of t.partitions)
      for (const r of p.replicas) {
        if (r.logDir === oldPath) r.logDir = dir;
        if (r.future?.logDir === oldPath) r.future.logDir = dir;
      }
  s.brokers.forEach((b, i) => {
    b.rack = PROTOTYPE_NAMES[(i + name.length) % PROTOTYPE_NAMES.length]!;
    b.host = PROTOTYPE_NAMES[(i + 3) % PROTOTYPE_NAMES.length]!;
  });
  return { snapshot: s, topic: name, dir, broker: broker.id };
}

/** A `multipart/form-data` body carrying `json` as its one field, and its content type. */
function multipart(json: string): { body: string; contentType: string } {
  const boundary = "----fuzz" + json.length.toString(36);
  return {
    body: `--${boundary}\r\ncontent-disposition: form-data; name="body"\r\ncontent-type: application/json\r\n\r\n${json}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The share of inputs drawn from the hostile classes. */
const HOSTILE_SHARE = 0.15;

/** The generator of hostile-class requests: deep nesting, prototype names, wrong content types, stalled bodies. */
function hostileRequests(snapshot: ReturnType<typeof demoSnapshot>, logDirs: string[], topics: string[], rng: () => number, pick: <T>(xs: readonly T[]) => T): () => FuzzRequest {
  const logDirsText = logDirs[0] ?? '{"version":1,"brokers":[]}';
  const topicsText = topics[0];
  /** A valid body for each JSON route (each answered 2xx or a 4xx about its content, never a 5xx). */
  const validBodies = (): { path: string; body: unknown }[] => [
    { path: "/api/simulate", body: { base: "demo", steps: [{ kind: "createTopic", name: "t", partitions: 3, replicationFactor: 2 }], snapshot: false } },
    { path: "/api/simulate", body: { base: { snapshot }, steps: [], compare: false } },
    { path: "/api/plan", body: { snapshot, options: { operation: pick(PLAN_OPERATIONS), throttle: { replicationBytesPerSecond: 1e6 } } } },
    {
      path: "/api/plan",
      body: {
        snapshot,
        reassignment: JSON.stringify({
          version: 1,
          partitions: [{ topic: snapshot.topics[0]!.name, partition: 0, replicas: snapshot.topics[0]!.partitions[0]!.replicas.map((r) => r.broker) }],
        }),
      },
    },
    { path: "/api/import", body: { logDirs: logDirsText, topics: topicsText, label: "fuzz" } },
    { path: "/api/snapshots", body: { kind: "snapshot", snapshot, sharing: { redactHosts: rng() < 0.5, hashTopics: rng() < 0.5 } } },
    { path: "/api/plan/apply/control", body: { jobId: "x", action: "pause" } },
  ];
  const deep = (): FuzzRequest => {
    const { path: route, body } = pick(validBodies());
    const paths = jsonPaths(body);
    const at = rng() < 0.1 || paths.length === 0 ? [] : pick(paths);
    const depth = rng() < 0.5 ? pick([10_000, 20_000, 50_000, 100_000, 200_000]) : 10_000 + Math.floor(rng() * 190_000);
    return { method: "POST", path: route, body: replaceAt(body, at, deepText(depth, rng() < 0.5 ? "object" : "array")) };
  };
  const prototypeNames = (): FuzzRequest => {
    const name = pick(PROTOTYPE_NAMES);
    const named = prototypeNamed(snapshot, name, pick);
    const other = pick(PROTOTYPE_NAMES);
    const r = rng();
    if (r < 0.3) {
      const steps = pick([
        [{ kind: "createTopic", name: other, partitions: 4, replicationFactor: 2 }],
        [
          { kind: "addLogDir", broker: "all", path: other },
          { kind: "createTopic", name: other + "-t", partitions: 6, replicationFactor: 1 },
        ],
        [{ kind: "failLogDir", broker: named.broker, path: named.dir }],
        [{ kind: "cordonLogDir", broker: named.broker, path: named.dir }],
        [{ kind: "addPartitions", topic: named.topic, totalPartitions: 40 }],
        [
          { kind: "addBroker", id: 99, rack: other, logDirs: [{ path: other }] },
          { kind: "plan", options: { operation: { kind: "add-brokers", brokers: [99] } } },
        ],
      ]);
      return { method: "POST", path: "/api/simulate", body: JSON.stringify({ base: { snapshot: named.snapshot }, steps, compare: rng() < 0.5 }) };
    }
    if (r < 0.55) {
      const options = pick([
        { operation: { kind: "drain-dirs", dirs: [{ broker: named.broker, path: named.dir }] } },
        { operation: { kind: "remove-brokers", brokers: [named.broker] }, excludeTopics: [other] },
        { excludeTopics: [named.topic] },
        {},
      ]);
      return { method: "POST", path: "/api/plan", body: JSON.stringify({ snapshot: named.snapshot, options }) };
    }
    if (r < 0.75)
      return {
        method: "POST",
        path: "/api/snapshots",
        body: JSON.stringify({ kind: "snapshot", snapshot: named.snapshot, sharing: { redactHosts: rng() < 0.5, hashTopics: rng() < 0.5 } }),
        follow: true,
      };
    if (r < 0.8) {
      // Prototype names in queries and ids: cluster, link id, dir, topic search and sort, job id.
      const q = encodeURIComponent(name);
      return {
        method: "GET",
        path: pick([
          `/api/cluster?cluster=${q}`,
          `/api/cluster/overview?cluster=${q}&search=${q}&sort=${q}`,
          `/api/cluster/topics?search=${q}&sort=${q}`,
          `/api/cluster/broker?broker=1&cluster=${q}`,
          `/api/history?cluster=${q}&scope=dir&broker=1&dir=${q}`,
          `/api/history/forecast?cluster=${q}`,
          `/api/snapshots/${q}`,
          `/api/snapshots/${q}/export?format=${q}`,
          `/s/${q}`,
          `/api/audit?jobId=${q}`,
          `/api/audit?cluster=${q}&actor=${q}&action=${q}&result=${q}`,
          `/api/plan/apply?cluster=${q}`,
          `/simulate?preset=${q}`,
          `/plan?shared=${q}`,
          `/?cluster=${q}`,
        ]),
      };
    }
    if (r < 0.88) {
      // A log dir, a topic and a rack named after a prototype member in pasted tool output.
      const text = logDirsText.replace(/"logDir":"[^"]*"/, `"logDir":"${name}"`).replace(/"partition":"[^"-]+-/, `"partition":"${other}-`);
      const racks = pick([
        `broker 1 rack ${name}`,
        JSON.stringify(
          Object.fromEntries([
            ["1", name],
            ["2", other],
          ]),
        ),
        `{"__proto__":"a","1":"${name}"}`,
      ]);
      return { method: "POST", path: "/api/import", body: JSON.stringify({ logDirs: text, topics: topicsText?.replace(/Topic: ?\S+/g, `Topic: ${other}`), racks }) };
    }
    // Prototype names as keys of an otherwise valid body, as own keys (what JSON.parse makes of them).
    const { path: route, body } = pick(validBodies());
    const copy = clone(body) as Record<string, unknown>;
    const paths = jsonPaths(copy).filter((p) => typeof p[p.length - 1] === "string");
    const at = paths.length > 0 && rng() < 0.8 ? pick(paths).slice(0, -1) : [];
    let node = copy as Record<string | number, unknown>;
    for (const k of at) node = node[k] as Record<string | number, unknown>;
    if (node !== null && typeof node === "object" && !Array.isArray(node))
      ownKey(
        node as Record<string, unknown>,
        pick(["__proto__", "constructor", "prototype"]),
        pick<unknown>([{ polluted: true }, { prototype: { polluted: true } }, 1, "x", null, []]),
      );
    return { method: "POST", path: route, body: JSON.stringify(copy) };
  };
  const contentTypes = (): FuzzRequest => {
    const { path: route, body } = pick(validBodies());
    const text = JSON.stringify(body);
    const form = pick(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart", null, "application/jsonx", "application/json-seq", "text/json"]);
    if (form === "multipart") return { method: "POST", path: route, ...multipart(text) };
    if (form === "application/x-www-form-urlencoded" && rng() < 0.5) return { method: "POST", path: route, body: `body=${encodeURIComponent(text)}`, contentType: form };
    return { method: "POST", path: route, body: text, contentType: form };
  };
  const stalled = (): FuzzRequest => {
    const { path: route, body } = pick(validBodies());
    const text = JSON.stringify(body);
    return { method: "POST", path: route, body: text, stallAfter: Math.max(1, Math.floor(rng() * text.length)) };
  };
  return () => {
    const r = rng();
    return r < 0.35 ? deep() : r < 0.65 ? prototypeNames() : r < 0.85 ? contentTypes() : stalled();
  };
}

// ------------------------------------------------------------------------------------------------
// Requests

/** The inputs of a run: the same seed gives the same requests. */
export function requestsFor(seed: number, count: number): FuzzRequest[] {
  const { logDirs, topics } = fixtureTexts();
  const snapshot = demoSnapshot();
  // A small seeded PRNG of our own: independent of fast-check's internals, reproducible by seed.
  let state = seed >>> 0 || 0x9e3779b9;
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
      partitions: () =>
        kind === "reassign"
          ? [{ topic: "orders", partition: pick([0, 1, 999, -1]), replicas: pick([[1, 2], [1, 1], [], [9]]), log_dirs: pick([undefined, ["any", "any"], ["/data/d2"]]) }]
          : sample(extremeNumber),
      replicationFactor: () => sample(extremeNumber),
      totalPartitions: () => sample(extremeNumber),
      size: () =>
        pick([
          { kind: "fixed", bytes: sample(extremeNumber) },
          { kind: "zipf", totalBytes: sample(extremeNumber), exponent: sample(extremeNumber) },
          { kind: "uniform", min: sample(extremeNumber), max: sample(extremeNumber) },
          { kind: "bad" },
        ]),
      bytesPerPartition: () => sample(extremeNumber),
      factor: () => sample(extremeNumber),
      cordoned: () => pick([true, false, "yes"]),
    };
    for (const [k, f] of Object.entries(fields)) if (rng() < 0.35) base[k] = f();
    return base;
  };
  const hostile = hostileRequests(snapshot, logDirs, topics, rng, pick);
  const out: FuzzRequest[] = [];
  for (let i = 0; i < count; i++) {
    if (rng() < HOSTILE_SHARE) {
      out.push(hostile());
      continue;
    }
    const r = rng();
    if (r < 0.2) {
      // Simulate.
      const form = rng();
      const steps = Array.from({ length: Math.floor(rng() * 6) }, step);
      let body: unknown;
      if (form < 0.3)
        body = {
          base: pick([
            "demo",
            "current",
            { preset: pick(["consumer-offsets-skew", "nope"]) },
            {
              synthetic: {
                brokers: sample(fc.integer({ min: -2, max: 300 })),
                dirsPerBroker: sample(fc.integer({ min: -1, max: 70 })),
                replicas: sample(fc.integer({ min: -5, max: 30_000 })),
                meanReplicaBytes: sample(extremeNumber),
              },
            },
            { shared: pick(["x", "AAAAAAAAAAAAAAAAAAAAAA", "../etc"]) },
          ]),
          steps,
          seed: sample(extremeNumber),
          policy: mutate({ kafkaVersion: pick(["auto", "4.3", "9.9"]), logDirPlacement: "kafka-count" }, rng, pick, Math.floor(rng() * 2)),
        };
      else if (form < 0.6)
        body = { base: { snapshot: mutate(everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)), rng, pick, Math.floor(rng() * 4)) }, steps, compare: rng() < 0.5 };
      else if (form < 0.8) body = { scenario: { base: mutate(snapshot, rng, pick, Math.floor(rng() * 3)), steps, seed: 1 } };
      else body = mutate({ preset: "consumer-offsets-skew", steps }, rng, pick, 1 + Math.floor(rng() * 3));
      out.push({ method: "POST", path: "/api/simulate", body: json(body) });
    } else if (r < 0.35) {
      // Plan and review.
      const body =
        rng() < 0.5
          ? mutate(
              {
                snapshot: everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)),
                options: {
                  operation: pick(PLAN_OPERATIONS),
                  goals: pick([["dir-utilization"], ["broker-bytes", "broker-replicas"], ["dir-utilization", "broker-bytes", "broker-replicas", "broker-leaders", "topic-spread"]]),
                  tolerance: 0.05,
                  excludeTopics: ["orders"],
                  throttle: { replicationBytesPerSecond: 1e6, alterLogDirsBytesPerSecond: 1e6 },
                },
              },
              rng,
              pick,
              1 + Math.floor(rng() * 5),
            )
          : {
              reassignment: pick([
                json(mutate({ version: 1, partitions: [{ topic: "orders", partition: 0, replicas: [1, 2], log_dirs: ["any", "/data/d2"] }] }, rng, pick, 2)),
                "{",
                sample(weirdString),
                json(sample(deepJson)),
              ]),
              options: rng() < 0.5 ? {} : { tolerence: 1 },
            };
      out.push({ method: "POST", path: "/api/plan", body: json(body) });
    } else if (r < 0.55) {
      // Import: mutated real text, as JSON or text/plain.
      const text = mutateText(pick(logDirs.length ? logDirs : ["x"]), rng, pick, Math.floor(rng() * 8));
      if (rng() < 0.5) out.push({ method: "POST", path: "/api/import", body: text, contentType: "text/plain" });
      else
        out.push({
          method: "POST",
          path: "/api/import",
          body: json({
            logDirs: text,
            topics: rng() < 0.6 ? mutateText(pick(topics.length ? topics : ["x"]), rng, pick, Math.floor(rng() * 8)) : undefined,
            racks: rng() < 0.2 ? sample(weirdString) : undefined,
          }),
        });
    } else if (r < 0.75) {
      // Store, then open every page and export of the link.
      const kind = pick(["snapshot", "scenario", "plan"]);
      const scaled = rng() < 0.4 ? everywhere(snapshot, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)) : snapshot;
      const mutated = mutate(rng() < 0.3 ? everywhere(scaled, pick(NUMERIC_FIELDS), pick(EXTREME_NUMBERS)) : scaled, rng, pick, Math.floor(rng() * 4));
      const body =
        kind === "snapshot"
          ? { kind, snapshot: mutated, sharing: { redactHosts: rng() < 0.5, hashTopics: rng() < 0.5 } }
          : kind === "scenario"
            ? { kind, scenario: { base: mutated, steps: Array.from({ length: Math.floor(rng() * 4) }, step), seed: 1 } }
            : { kind, snapshot: mutated, plan: { options: { excludeTopics: [sample(weirdString)] }, reassignmentJson: pick([null, '{"version":1,"partitions":[]}', "nope"]) } };
      out.push({ method: "POST", path: "/api/snapshots", body: json(rng() < 0.15 ? mutate(body, rng, pick, 2) : body), follow: true });
    } else if (r < 0.85) {
      // Raw garbage at every POST route.
      const garbage = pick([
        sample(weirdString),
        json(sample(deepJson)),
        "1e999",
        "[".repeat(5000),
        '{"a":' + "[".repeat(3000),
        "\ufeff{}",
        json({ __proto__: { polluted: true } }),
        '{"__proto__":{"x":1},"constructor":{"prototype":{"y":2}}}',
      ]);
      out.push({
        method: "POST",
        path: pick(["/api/simulate", "/api/plan", "/api/import", "/api/snapshots", "/api/plan/apply", "/api/plan/apply/control"]),
        body: garbage,
        contentType: pick(["application/json", "text/plain", "application/x-www-form-urlencoded", ""]),
      });
    } else {
      // GET routes and pages with odd ids and queries.
      const id = pick(["AAAAAAAAAAAAAAAAAAAAAA", "x", "%00", "..%2F..%2Fetc", "a".repeat(500), "%E0%A4%A", "🙂", "-", "_"]);
      out.push({
        method: "GET",
        path: pick([
          `/s/${id}`,
          `/api/snapshots/${id}`,
          `/api/snapshots/${id}/export?format=${pick(["json", "brokers-csv", "dirs-csv", "png", ""])}`,
          `/api/snapshots?limit=${pick(["-1", "1e308", "abc", "5"])}&x=1`,
          `/api/cluster?refresh=${pick(["1", "true", "x"])}`,
          "/api/plan/apply",
          `/api/audit?limit=${pick(["-1", "1e308", "abc", "5", "1000", "1001"])}&jobId=${pick(["x", "../a", "a".repeat(60), "%00"])}`,
          `/api/audit?${pick(["cluster", "actor", "action", "result"])}=${pick([id, "ok", "refused", "default", "alter-configs", ""])}&${pick(["from", "to", "before", "after"])}=${pick(["0", "-1", "1e308", "abc", "2026-12-03T00:00:00Z", "9e15", "1", ""])}&${pick(["before=5&after=3", "from=9e12&to=1", "limit=50", "x=1", ""])}`,
          `/api/history?scope=${pick(["cluster", "broker", "dir", "x", ""])}&broker=${pick(["1", "-1", "1e308", "abc", "2147483648"])}&dir=${id}&from=${pick(["0", "-1", "1e308", "abc", "1.5", "99999999999999999999"])}&to=${pick(["1", String(Date.now()), "9e15", ""])}&maxPoints=${pick(["9", "10", "5000", "5001", "NaN"])}`,
          `/api/history?cluster=${id}`,
          `/api/cluster/overview?${pick(["refresh=1", "search=%00", "sort=x", "offset=-1", "limit=1e308", "limit=1001", "cluster=" + id, "search=" + "a".repeat(3000), ""])}&${pick(["offset=1e308", "internal=maybe", "x=1", ""])}`,
          `/api/cluster/topics?${pick(["limit=0", "limit=1000", "limit=abc", "offset=99999999999", "search=" + id, "sort=" + id, "shared=" + id, ""])}`,
          `/api/cluster/broker?broker=${pick(["1", "-1", "1e308", "abc", "2147483648", "", id, "1&shared=" + id])}`,
          "/audit",
          `/simulate?s=${pick(["1.AAAA", "garbage", "1." + "A".repeat(5000)])}`,
          `/plan?shared=${id}`,
          "/",
          "/import",
          "/nope",
        ]),
      });
    }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Sending

async function send(target: FuzzTarget, req: FuzzRequest, hangMs: number): Promise<{ status: number | null; ms: number; text: string; error: string | null }> {
  const started = Date.now();
  try {
    const noType = req.contentType === null;
    const res = await fetch(target.url + req.path, {
      method: req.method,
      headers: req.body !== undefined && !noType ? { "content-type": req.contentType ?? "application/json" } : {},
      // Bytes, not a string, when no type is sent: fetch would add text/plain to a string.
      body: req.body !== undefined && noType ? new TextEncoder().encode(req.body) : req.body,
      redirect: "manual",
      signal: AbortSignal.timeout(hangMs * 3),
    });
    const text = await res.text();
    return { status: res.status, ms: Date.now() - started, text, error: null };
  } catch (error) {
    // fetch's own message is "fetch failed"; its cause says what the socket did (closed, reset, refused).
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const detail = cause ? `: ${[cause.code, cause.message].filter(Boolean).join(" ")}` : "";
    return { status: null, ms: Date.now() - started, text: "", error: `${(error as Error).message}${detail}` };
  }
}

/**
 * Sends the headers (Content-Length: the whole body) and the first `req.stallAfter` bytes, then
 * nothing. Resolves when the server answers (its status) or closes the connection (status null,
 * `closed`), or after `stallMs` (`held`: the server kept the stalled body open past its deadline).
 */
function sendStalled(target: FuzzTarget, req: FuzzRequest, stallMs: number): Promise<{ status: number | null; ms: number; text: string; outcome: "answered" | "closed" | "held" }> {
  const started = Date.now();
  const bytes = Buffer.from(req.body ?? "", "utf8");
  const url = new URL(target.url + req.path);
  return new Promise((resolve) => {
    let done = false;
    const finish = (status: number | null, text: string, outcome: "answered" | "closed" | "held") => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ status, ms: Date.now() - started, text, outcome });
    };
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      method: req.method,
      headers: { "content-type": req.contentType ?? "application/json", "content-length": String(bytes.length) },
    });
    request.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        if (text.length < 2000) text += chunk;
      });
      res.on("end", () => finish(res.statusCode ?? null, text, "answered"));
      res.on("error", () => finish(res.statusCode ?? null, text, "answered"));
    });
    request.on("error", () => finish(null, "", "closed"));
    request.on("close", () => finish(null, "", "closed"));
    const timer = setTimeout(() => finish(null, "", "held"), stallMs);
    request.write(bytes.subarray(0, Math.min(bytes.length - 1, req.stallAfter ?? 1)));
  });
}

/** At most this many stalled bodies at once (under the server's per-client upload limit of 8). */
const MAX_STALLED = 4;

export async function runFuzz(first: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const hangMs = options.hangMs ?? 10_000;
  const stallMs = options.stallMs ?? 40_000;
  const log = options.log ?? (() => {});
  const report: FuzzReport = { inputs: 0, statuses: {}, linksOpened: 0, fiveXX: 0, hangs: 0, crashes: 0, findings: [] };
  let target: FuzzTarget | null = first;
  const record = (kind: FuzzFinding["kind"], req: FuzzRequest, status: number | null, ms: number, answer: string) => {
    if (kind === "fiveXX") report.fiveXX += 1;
    if (kind === "hang") report.hangs += 1;
    if (kind === "crash") report.crashes += 1;
    const finding = { kind, method: req.method, path: req.path, status, ms, body: (req.body ?? "").slice(0, 300), answer: answer.slice(0, 300) };
    report.findings.push(finding);
    log(`${kind}: ${req.method} ${req.path} → ${status ?? "no answer"} in ${ms} ms: ${finding.answer.replace(/\s+/g, " ").slice(0, 160)}`);
  };
  // Stalled bodies run beside the other inputs (a stalled upload must not hold up anyone else).
  const stalls = new Set<Promise<void>>();
  const stall = async (req: FuzzRequest): Promise<void> => {
    if (!target) return;
    report.inputs += 1;
    const sent = target;
    const r = await sendStalled(sent, req, stallMs);
    const key = r.outcome === "answered" ? String(r.status) : `stalled-${r.outcome}`;
    report.statuses[key] = (report.statuses[key] ?? 0) + 1;
    if (!sent.alive()) record("crash", req, r.status, r.ms, "server exited");
    else if (r.status !== null && r.status >= 500) record("fiveXX", req, r.status, r.ms, r.text);
    else if (r.outcome === "held") record("hang", req, null, r.ms, `a stalled body was held open for ${stallMs} ms without an answer or a close`);
  };
  const check = async (req: FuzzRequest): Promise<string | null> => {
    if (!target) return null;
    if (req.stallAfter !== undefined) {
      while (stalls.size >= MAX_STALLED) await Promise.race(stalls);
      const p: Promise<void> = stall(req).finally(() => stalls.delete(p));
      stalls.add(p);
      return null;
    }
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
        for (const path of [
          `/s/${id}`,
          `/api/snapshots/${id}`,
          `/api/snapshots/${id}/export?format=json`,
          `/api/snapshots/${id}/export?format=dirs-csv`,
          `/api/cluster/topics?shared=${id}&sort=name&offset=1`,
          `/api/cluster/broker?shared=${id}&broker=1`,
          `/simulate?shared=${id}`,
          `/plan?shared=${id}`,
        ]) {
          if (report.inputs >= options.inputs) break;
          await check({ method: "GET", path });
        }
      }
    }
  }
  await Promise.all(stalls);
  return report;
}
