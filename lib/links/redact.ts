/**
 * Sharing options, applied on the server before anything is stored. Pure: the same content, options
 * and salt give the same output; nothing here reads the clock, the environment or the disk.
 *
 * Redact hosts (on by default):
 * - every broker's `host` and `port` become null;
 * - a live cluster's source label (its bootstrap servers) becomes "Kafka cluster (host names
 *   redacted)"; other labels and every free-text error and reader warning keep their words but lose anything that
 *   looks like an address: the brokers' own host names, `host:port`, IPv4, bracketed IPv6 and dotted
 *   DNS names all become `<host>`. This over-redacts (a `java.io.IOException` in an error becomes
 *   `<host>`): a lost word is cheaper than a leaked host name;
 * - a plan's `bootstrapServer` (written into its commands) becomes `redacted:9092`, and its
 *   reassignment JSON, when it was pasted with the tool's other lines (which name brokers), keeps
 *   only the JSON, as the tool writes it;
 * Kept: cluster id (a random id, not an address; it tells a recipient whether two links show the
 * same cluster), racks, log dir paths (the heatmap is keyed by them).
 *
 * Hash topic names (off by default):
 * - every topic name becomes `topic-<hex>`, the first 10 hex digits of sha256(salt + NUL + name),
 *   in the snapshot, its throttles and reassignments, the scenario's steps, the plan's options and
 *   its reassignment JSON, and in free text, reader warnings included (`orders-3` → `topic-…-3`). One name gives one hash
 *   everywhere in a record, so the views still line up.
 * - the plan's reassignment JSON is read as Kafka's tool reads it (`parseReassignmentJson` in
 *   lib/model/reassignment-json.ts, an empty list allowed, as prepare.ts checks it: a pasted
 *   `--generate` output gives its proposed JSON) and written again as the tool writes it, so nothing
 *   but the entries survives: not the tool's other lines, not a key Kafka ignores. JSON that cannot be
 *   read is dropped (null) rather than stored with a name unhashed; the plan still opens from its options.
 * - the salt is random per link (the caller passes it): the same cluster shared twice gets different
 *   hashes, and a guessed name cannot be confirmed by hashing it.
 * - 10 hex digits are 40 bits; with 100,000 topics a collision has a chance of about 1 in 200, so a
 *   colliding name takes more digits instead (names are assigned in sorted order, deterministic).
 * - Kafka's own internal topics keep their names (`KAFKA_INTERNAL_TOPICS` in lib/model/kafka-names.ts, and `__cluster_metadata`): they say what the data
 *   is (`__consumer_offsets` is the story of JBOD skew) and reveal nothing about the business. The
 *   list is fixed rather than read from each topic's `internal` flag, because a client-supplied
 *   snapshot or a scenario step can set that flag on any name.
 */
import { createHash } from "node:crypto";
import type { Broker, ClusterSnapshot } from "@/lib/model/snapshot";
import { CLUSTER_METADATA_TOPIC, isInternalTopic } from "@/lib/model/kafka-names";
import { formatReassignmentJson, parseReassignmentJson, type ReassignmentEntry } from "@/lib/model/reassignment-json";
import type { Step } from "@/lib/simulate/schema";
import type { ScenarioSpec, SharedPlan, Sharing } from "../share/record";

export interface ShareContent {
  snapshot: ClusterSnapshot;
  scenario: ScenarioSpec | null;
  plan: SharedPlan | null;
}

/** Topics Kafka creates and names itself (4.x, plus tiered storage's and the KRaft log's). */
/** Names kept as they are: Kafka's own topics (lib/model/kafka-names.ts) and its metadata log. */
const kept = (name: string) => isInternalTopic(name) || name === CLUSTER_METADATA_TOPIC;

export const REDACTED_HOST = "<host>";
export const REDACTED_KAFKA_LABEL = "Kafka cluster (host names redacted)";
export const REDACTED_BOOTSTRAP = "redacted:9092";
const HASH_PREFIX = "topic-";
const HASH_HEX_DIGITS = 10;

export function applySharing(content: ShareContent, sharing: Sharing, salt: string): ShareContent {
  let out = content;
  if (sharing.redactHosts) out = redactHosts(out);
  if (sharing.hashTopics) out = hashTopics(out, salt);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hosts

const IPV6_BRACKETED = /\[[0-9A-Fa-f:.]+\](?::\d{1,5})?/g;
/** An unbracketed IPv6 address: hex groups with `::` or all eight groups (`fe80::1`, `2001:db8:0:0:0:0:2:1`), not a time like 12:30:45. */
const IPV6_BARE = /(?<![0-9A-Fa-f:])(?:[0-9A-Fa-f]{1,4})?(?::[0-9A-Fa-f]{0,4}){2,7}(?![0-9A-Fa-f:])/g;
/**
 * One pass over the text: every maximal run of host-name characters, with a `:port` if one follows.
 * A run is found in one step and never re-scanned, so the pass is linear in the text whatever it
 * holds (a pattern that tries each dotted name from every position would be quadratic on `a.a.a…1`).
 */
const TOKEN = /[A-Za-z0-9._-]+(?::\d{1,5}(?![0-9]))?/g;
const IPV4_TOKEN = /^(?:\d{1,3}\.){3}\d{1,3}$/;
/** Labels of a host name: letters, digits, `_` and `-`, not starting or ending with `-`/`_`. */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,253}[A-Za-z0-9])?$/;
const TLD = /^[A-Za-z]{2,63}$/;

function isHostName(name: string): boolean {
  const labels = name.split(".");
  return labels.length <= 128 && labels.every((l) => LABEL.test(l));
}

/** Whether a token (without its trailing dots) reads as an address: a known host, IPv4, `host:port`, or a dotted DNS name. */
function isAddress(token: string, known: ReadonlySet<string>): boolean {
  const colon = token.indexOf(":");
  const host = colon >= 0 ? token.slice(0, colon) : token;
  if (known.has(host)) return true;
  if (IPV4_TOKEN.test(host)) return true;
  // host:port, with a name that has a letter (`12:30` is a time, not an address).
  if (colon >= 0) return /[A-Za-z]/.test(host) && isHostName(host);
  const lastDot = host.lastIndexOf(".");
  return lastDot > 0 && TLD.test(host.slice(lastDot + 1)) && isHostName(host);
}

/** Replaces the given host names, then anything address-like, with `<host>`. Linear in the text; the host list is a set. */
export function scrubHosts(text: string, knownHosts: Iterable<string> = []): string {
  const known = knownHosts instanceof Set ? (knownHosts as ReadonlySet<string>) : new Set(knownHosts);
  const bare = text
    .replace(IPV6_BRACKETED, REDACTED_HOST)
    .replace(IPV6_BARE, (m) => ((m.includes("::") || m.split(":").length === 8) && /[0-9A-Fa-f]/.test(m) ? REDACTED_HOST : m));
  return bare.replace(TOKEN, (token) => {
    // A sentence's full stop is not part of the name.
    const trimmed = token.replace(/\.+$/, "");
    const tail = token.slice(trimmed.length);
    if (trimmed.length === 0) return token;
    return isAddress(trimmed, known) ? REDACTED_HOST + tail : token;
  });
}

function bootstrapHosts(label: string): string[] {
  return label
    .split(",")
    .map((entry) =>
      entry
        .trim()
        .replace(/:\d{1,5}$/, "")
        .replace(/^\[(.*)\]$/, "$1"),
    )
    .filter((host) => host.length > 0);
}

export function redactHosts(content: ShareContent): ShareContent {
  const { snapshot } = content;
  const known = new Set<string>();
  for (const b of snapshot.brokers) if (b.host) known.add(b.host);
  if (snapshot.source.kind === "kafka") for (const h of bootstrapHosts(snapshot.source.label)) known.add(h);
  const hosts = known;
  const scrub = (text: string | null) => (text === null ? null : scrubHosts(text, hosts));
  const brokers: Broker[] = snapshot.brokers.map((b) => ({
    ...b,
    host: null,
    port: null,
    error: scrub(b.error),
    logDirs: b.logDirs.map((d) => ({ ...d, error: scrub(d.error) })),
  }));
  const label = snapshot.source.kind === "kafka" ? REDACTED_KAFKA_LABEL : scrubHosts(snapshot.source.label, hosts);
  const plan = content.plan
    ? { ...content.plan, options: { ...content.plan.options, bootstrapServer: REDACTED_BOOTSTRAP }, reassignmentJson: jsonAlone(content.plan.reassignmentJson) }
    : null;
  const warnings = snapshot.source.warnings.map((w) => scrubHosts(w, hosts));
  return { ...content, snapshot: { ...snapshot, source: { ...snapshot.source, label, warnings }, brokers }, plan };
}

/**
 * A plan's reassignment JSON without the lines pasted around it: a paste of the tool's output carries
 * its log lines (`Connecting to kafka-1.prod:9092 …`), so what was taken from a paste is stored as
 * the tool writes it (formatReassignmentJson), and JSON that was sent alone is kept as it is. Text
 * that cannot be read is dropped (null), as hashTopics drops it.
 */
function jsonAlone(text: string | null): string | null {
  if (text === null) return null;
  try {
    JSON.parse(text);
    return text;
  } catch {
    const parsed = parseReassignmentJson(text, { allowEmpty: true });
    return parsed.ok ? formatReassignmentJson(parsed.value) : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Topic names

export function hashTopicName(name: string, salt: string, hexDigits = HASH_HEX_DIGITS): string {
  return HASH_PREFIX + createHash("sha256").update(`${salt}\u0000${name}`).digest("hex").slice(0, hexDigits);
}

/**
 * name → hashed name for every name not kept; unique even when the first digits collide.
 * `startDigits` is there so tests can force collisions.
 */
export function topicNameMap(names: Iterable<string>, salt: string, startDigits = HASH_HEX_DIGITS): Map<string, string> {
  const map = new Map<string, string>();
  const taken = new Set<string>();
  const sorted = [...new Set(names)].filter((n) => !kept(n)).sort();
  for (const name of sorted) {
    let digits = startDigits;
    let hashed = hashTopicName(name, salt, digits);
    while (taken.has(hashed) && digits < 64) hashed = hashTopicName(name, salt, ++digits);
    taken.add(hashed);
    map.set(name, hashed);
  }
  return map;
}

/**
 * Every topic name a record mentions: the snapshot's, the scenario's steps', the plan's (its
 * reassignment's entries as `planReassignment` reads them, passed in when the caller has read them).
 */
export function topicNamesOf(content: ShareContent, reassignment: readonly ReassignmentEntry[] | null = planReassignment(content.plan)): Set<string> {
  const names = new Set<string>();
  const { snapshot, scenario, plan } = content;
  for (const t of snapshot.topics) names.add(t.name);
  for (const t of snapshot.throttles.topics) names.add(t.topic);
  for (const r of snapshot.throttles.reassignments) names.add(r.topic);
  for (const step of scenario?.steps ?? []) for (const n of stepTopics(step)) names.add(n);
  for (const n of plan?.options.excludeTopics ?? []) names.add(n);
  for (const e of reassignment ?? []) names.add(e.topic);
  return names;
}

function stepTopics(step: Step): string[] {
  switch (step.kind) {
    case "createTopic":
      return [step.name];
    case "addPartitions":
    case "growTopic":
      return [step.topic];
    case "reassign":
      return step.partitions.map((p) => p.topic);
    case "plan":
      return step.options.excludeTopics;
    default:
      return [];
  }
}

/**
 * The entries of the plan's reassignment JSON, read as prepare.ts validated it (Kafka's rules, an
 * empty list allowed); null when the plan has none or it cannot be read.
 */
function planReassignment(plan: SharedPlan | null): ReassignmentEntry[] | null {
  if (!plan || plan.reassignmentJson === null) return null;
  const parsed = parseReassignmentJson(plan.reassignmentJson, { allowEmpty: true });
  return parsed.ok ? parsed.value : null;
}

/** Renames whole tokens of topic-name characters, and `<topic>-<partition>` tokens, in free text. */
export function renameTopicsInText(text: string, rename: (name: string) => string | undefined): string {
  return text.replace(/[A-Za-z0-9._-]+/g, (token) => {
    const direct = rename(token);
    if (direct !== undefined) return direct;
    const m = /^(.+)-(\d+)$/.exec(token);
    const topic = m ? rename(m[1]!) : undefined;
    return topic !== undefined ? `${topic}-${m![2]}` : token;
  });
}

function renameStep(step: Step, to: (n: string) => string): Step {
  switch (step.kind) {
    case "createTopic":
      return { ...step, name: to(step.name) };
    case "addPartitions":
    case "growTopic":
      return { ...step, topic: to(step.topic) };
    case "reassign":
      return { ...step, partitions: step.partitions.map((p) => ({ ...p, topic: to(p.topic) })) };
    case "plan":
      return { ...step, options: { ...step.options, excludeTopics: step.options.excludeTopics.map(to) } };
    default:
      return step;
  }
}

export function hashTopics(content: ShareContent, salt: string): ShareContent {
  const reassignment = planReassignment(content.plan);
  const map = topicNameMap(topicNamesOf(content, reassignment), salt);
  const lookup = (n: string) => map.get(n);
  const to = (n: string) => map.get(n) ?? n;
  const text = (t: string | null) => (t === null ? null : renameTopicsInText(t, lookup));
  const { snapshot, scenario, plan } = content;
  const renamed: ClusterSnapshot = {
    ...snapshot,
    source: { ...snapshot.source, label: renameTopicsInText(snapshot.source.label, lookup), warnings: snapshot.source.warnings.map((w) => renameTopicsInText(w, lookup)) },
    brokers: snapshot.brokers.map((b) => ({ ...b, error: text(b.error), logDirs: b.logDirs.map((d) => ({ ...d, error: text(d.error) })) })),
    topics: snapshot.topics.map((t) => ({ ...t, name: to(t.name) })),
    throttles: {
      ...snapshot.throttles,
      topics: snapshot.throttles.topics.map((t) => ({ ...t, topic: to(t.topic) })),
      reassignments: snapshot.throttles.reassignments.map((r) => ({ ...r, topic: to(r.topic) })),
    },
  };
  return {
    snapshot: renamed,
    scenario: scenario ? { ...scenario, steps: scenario.steps.map((s) => renameStep(s, to)) } : null,
    plan: plan
      ? {
          options: { ...plan.options, excludeTopics: plan.options.excludeTopics.map(to) },
          // Written as Kafka's tool writes it (sorted by topic, since the new names sort differently); null when unreadable.
          reassignmentJson: reassignment ? formatReassignmentJson(reassignment.map((e) => ({ ...e, topic: to(e.topic) }))) : null,
        }
      : null,
  };
}
