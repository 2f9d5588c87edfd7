/**
 * Reads the output of `kafka-configs.sh --describe` for brokers and topics (kafka.admin.ConfigCommand
 * up to 3.9, org.apache.kafka.tools.ConfigCommand from 4.0; the same format on 3.9–4.4), with or
 * without `--all`, for every entity or one (`--entity-name`, `--entity-default`):
 *
 *   Dynamic configs for broker 1 are:
 *     leader.replication.throttled.rate=10000000 sensitive=false synonyms={DYNAMIC_BROKER_CONFIG:leader.replication.throttled.rate=10000000}
 *   All configs for broker 2 are:
 *     broker.rack=rack-b sensitive=false synonyms={STATIC_BROKER_CONFIG:broker.rack=rack-b}
 *   Default configs for brokers in the cluster are:
 *     replica.alter.log.dirs.io.max.bytes.per.second=5000000 sensitive=false synonyms={DYNAMIC_DEFAULT_BROKER_CONFIG:…}
 *   Dynamic configs for topic orders are:
 *     leader.replication.throttled.replicas=0:1,1:2 sensitive=false synonyms={DYNAMIC_TOPIC_CONFIG:…}
 *
 * What a section tells (ConfigCommand prints a header per entity, then its configs sorted by name,
 * each `  name=value sensitive=… synonyms={SOURCE:name=value, …}`; a value the broker hides is `null`):
 * - "Dynamic configs for broker N": the configs set on that broker alone (DYNAMIC_BROKER_CONFIG). A
 *   throttle rate not listed is not set on it. Static configs (broker.rack, a cordoned.log.dirs in
 *   server.properties) are not shown, so the rack and the cordons stay unknown.
 * - "All configs for broker N" (`--all`): every config with its effective value and the chain of
 *   sources in `synonyms`: the broker's own rate (DYNAMIC_BROKER_CONFIG or STATIC_BROKER_CONFIG), the
 *   cluster default it inherits (DYNAMIC_DEFAULT_BROKER_CONFIG), broker.rack (`null` = none), and
 *   cordoned.log.dirs (Kafka 4.3+; a broker that does not know the key cannot cordon, so its absence
 *   means no cordon). The throttle rates are listed only when set somewhere.
 * - "Default configs for brokers in the cluster": the `<default>` entity's dynamic configs, the
 *   cluster-wide rates every broker without its own inherits.
 * - "Dynamic configs for topic T" / "All configs for topic T": the throttled replica lists
 *   (DYNAMIC_TOPIC_CONFIG; with `--all` an unset list is printed empty).
 *
 * Only the keys Kafka Balance uses are kept (three rates, broker.rack, cordoned.log.dirs, two replica
 * lists), so memory follows the entities, not the ~350 configs of each `--all` section. Each line is
 * read once, left to right (indexOf and anchored patterns): linear in the text. Kafka's logging,
 * prompts and a failed run's report are handled as for the other pastes (tool-noise.ts). Any problem
 * means no result.
 */
import { importFailure, IssueList, quote, splitLines } from "./issues";
import { ToolNoise } from "./tool-noise";
import { success, type Result } from "@/lib/model/result";
import { topicNameProblem } from "@/lib/model/kafka-names";
import type { ThrottleRates } from "@/lib/model/snapshot";

export const RATE_KEYS = {
  leader: "leader.replication.throttled.rate",
  follower: "follower.replication.throttled.rate",
  alterLogDirs: "replica.alter.log.dirs.io.max.bytes.per.second",
} as const;
const RACK_KEY = "broker.rack";
const CORDON_KEY = "cordoned.log.dirs";
const LIST_KEYS = { leader: "leader.replication.throttled.replicas", follower: "follower.replication.throttled.replicas" } as const;
const BROKER_KEYS = new Set<string>([...Object.values(RATE_KEYS), RACK_KEY, CORDON_KEY]);
const TOPIC_KEYS = new Set<string>(Object.values(LIST_KEYS));
/** Long.MAX_VALUE: Kafka's "unlimited", the same as not set. */
const LONG_MAX = "9223372036854775807";
type RateSide = keyof typeof RATE_KEYS;

export interface BrokerConfigs {
  id: number;
  /** An `--all` section was pasted for this broker (its rack, cordons and inherited defaults are then known). */
  all: boolean;
  line: number;
  /** The rates set on this broker itself (dynamically, or in its server.properties); null = not set. */
  rates: ThrottleRates;
  /** The cluster defaults this broker inherits, from an `--all` section's synonyms; null without one. */
  defaults: ThrottleRates | null;
  /** broker.rack: the rack, null for none, undefined when not shown (a dynamic-only section). */
  rack: string | null | undefined;
  /** cordoned.log.dirs: the dirs ("*" = all), [] for none, undefined when not known. */
  cordoned: string[] | "*" | undefined;
}

export interface TopicConfigs {
  name: string;
  line: number;
  leaderReplicas: string | null;
  followerReplicas: string | null;
}

export interface ConfigsListing {
  brokers: BrokerConfigs[];
  /** The `<default>` entity's dynamic rates, when its section was pasted; else null. */
  defaults: ThrottleRates | null;
  /** Line of the `<default>` section, or null. */
  defaultsLine: number | null;
  topics: TopicConfigs[];
}

interface Entry {
  name: string;
  /** The effective value; null when Kafka printed `null`. */
  value: string | null;
  /** Raw text inside `synonyms={…}`. */
  synonyms: string;
  line: number;
}

const HEADER = /^(Dynamic|All|Default) configs for (.*) are:$/;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const BROKER_ID = /^\d{1,10}$/;
const INT32_MAX = 2147483647;
/** One synonym's start: `SOURCE:` in capitals. */
const SYNONYM_SPLIT = /, (?=[A-Z_]+:)/;

type Section =
  | { kind: "broker"; id: number; all: boolean; line: number; entries: Map<string, Entry> }
  | { kind: "default"; line: number; entries: Map<string, Entry> }
  | { kind: "topic"; name: string; all: boolean; line: number; entries: Map<string, Entry> }
  | { kind: "skipped" };

const emptyRates = (): ThrottleRates => ({ leader: null, follower: null, alterLogDirs: null });

/** `  name=value sensitive=false synonyms={…}` → its parts, or null when the line is not one. */
function entryOf(text: string, line: number): Entry | "not-entry" {
  const eq = text.indexOf("=");
  if (eq <= 0) return "not-entry";
  const name = text.slice(0, eq);
  if (!NAME.test(name)) return "not-entry";
  const rest = text.slice(eq + 1);
  const marker = / sensitive=(?:true|false) synonyms=\{/.exec(rest);
  if (!marker || !rest.endsWith("}")) return "not-entry";
  const raw = rest.slice(0, marker.index);
  return { name, value: raw === "null" ? null : raw, synonyms: rest.slice(marker.index + marker[0].length, -1), line };
}

/** The value of `SOURCE:name=value` for the wanted sources, the first found; undefined when none. */
function synonymValue(entry: Entry, sources: readonly string[]): string | null | undefined {
  if (entry.synonyms === "") return undefined;
  for (const piece of entry.synonyms.split(SYNONYM_SPLIT)) {
    const colon = piece.indexOf(":");
    const source = piece.slice(0, colon);
    if (!sources.includes(source)) continue;
    const body = piece.slice(colon + 1);
    if (!body.startsWith(`${entry.name}=`)) continue;
    const value = body.slice(entry.name.length + 1);
    return value === "null" ? null : value;
  }
  return undefined;
}

class ConfigsReader {
  readonly issues = new IssueList("configs");
  readonly noise = new ToolNoise("configs");
  private section: Section | null = null;
  private readonly brokers = new Map<number, { dynamic?: Section & { kind: "broker" }; all?: Section & { kind: "broker" } }>();
  private readonly topics = new Map<string, { dynamic?: Section & { kind: "topic" }; all?: Section & { kind: "topic" } }>();
  private defaultsSeen: (Section & { kind: "default" })[] = [];
  sections = 0;

  line(raw: string, line: number): void {
    const text = raw.trim();
    if (text === "") return;
    // A config line first: most lines of an --all paste are, and no logging or prompt line has its shape.
    const entry = entryOf(text, line);
    if (entry !== "not-entry") {
      this.noise.afterNoise = false;
      this.entry(entry, line);
      return;
    }
    if (this.noise.read(line, text)) return;
    const header = HEADER.exec(text);
    if (header) {
      this.header(header[1] as "Dynamic" | "All" | "Default", header[2] ?? "", line);
      return;
    }
    const missing = /^The (\S+) '(.*)' doesn't exist and doesn't have dynamic config\.$/.exec(text);
    if (missing) {
      this.issues.add(
        line,
        "",
        `kafka-configs says the ${missing[1]} ${quote(missing[2] ?? "")} does not exist; describe an existing ${missing[1]}, or all of them (leave out --entity-name)`,
      );
      this.section = { kind: "skipped" };
      return;
    }
    if (/^Quota configs for /.test(text) || /^SCRAM credential configs for /.test(text)) {
      this.issues.add(line, "", `${quote(text)} is a client quota, not a broker or topic config: paste kafka-configs --describe --entity-type brokers (or topics) output`);
      this.section = { kind: "skipped" };
      return;
    }
    this.issues.add(
      line,
      "",
      `not a kafka-configs --describe line: expected "Dynamic configs for broker <id> are:", "All configs for topic <name> are:" or "  <name>=<value> sensitive=false synonyms={…}", got ${quote(text)}; remove lines that are not the tool's output`,
    );
  }

  private entry(entry: Entry, line: number): void {
    if (this.section === null) {
      this.issues.add(line, entry.name, `a config line before any "… configs for … are:" line; paste the whole output, its first line included`);
      this.section = { kind: "skipped" };
      return;
    }
    const section = this.section;
    if (section.kind === "skipped") return;
    const keys = section.kind === "topic" ? TOPIC_KEYS : BROKER_KEYS;
    if (!keys.has(entry.name)) return;
    if (section.entries.has(entry.name)) {
      this.issues.add(line, entry.name, `${entry.name} appears twice in one section; were two outputs joined without their headers?`);
      return;
    }
    section.entries.set(entry.name, entry);
  }

  private header(kind: "Dynamic" | "All" | "Default", what: string, line: number): void {
    this.sections += 1;
    if (kind === "Default") {
      if (what !== "brokers in the cluster") {
        this.issues.add(line, "", `only broker and topic configs are read; ${quote(`Default configs for ${what}`)} is neither`);
        this.section = { kind: "skipped" };
        return;
      }
      this.section = { kind: "default", line, entries: new Map() };
      this.defaultsSeen.push(this.section);
      return;
    }
    const all = kind === "All";
    const space = what.indexOf(" ");
    const type = space < 0 ? what : what.slice(0, space);
    const name = space < 0 ? "" : what.slice(space + 1);
    if (type === "broker") {
      if (!BROKER_ID.test(name) || Number(name) > INT32_MAX) {
        this.issues.add(line, "", `expected a broker id after "configs for broker", got ${quote(name)}`);
        this.section = { kind: "skipped" };
        return;
      }
      const id = Number(name);
      const seen = this.brokers.get(id) ?? {};
      const earlier = all ? seen.all : seen.dynamic;
      if (earlier) {
        this.issues.add(line, "", `broker ${id} is described twice (lines ${earlier.line} and ${line}); paste one describe output per kind`);
        this.section = { kind: "skipped" };
        return;
      }
      const section = { kind: "broker" as const, id, all, line, entries: new Map<string, Entry>() };
      this.brokers.set(id, all ? { ...seen, all: section } : { ...seen, dynamic: section });
      this.section = section;
      return;
    }
    if (type === "topic") {
      const problem = topicNameProblem(name);
      if (problem) {
        this.issues.add(line, "", `${problem}, got ${quote(name)}`);
        this.section = { kind: "skipped" };
        return;
      }
      const seen = this.topics.get(name) ?? {};
      const earlier = all ? seen.all : seen.dynamic;
      if (earlier) {
        this.issues.add(line, "", `topic ${name} is described twice (lines ${earlier.line} and ${line}); paste one describe output per kind`);
        this.section = { kind: "skipped" };
        return;
      }
      const section = { kind: "topic" as const, name, all, line, entries: new Map<string, Entry>() };
      this.topics.set(name, all ? { ...seen, all: section } : { ...seen, dynamic: section });
      this.section = section;
      return;
    }
    this.issues.add(line, "", `only broker and topic configs are read (--entity-type brokers or topics); ${quote(`${kind} configs for ${what}`)} is neither`);
    this.section = { kind: "skipped" };
  }

  private rate(entry: Entry | undefined, value: string | null | undefined): number | null {
    if (!entry || value === undefined || value === null || value === "" || value === LONG_MAX) return null;
    if (!/^\d{1,19}$/.test(value)) {
      this.issues.add(entry.line, entry.name, `expected a rate in bytes per second (a whole number), got ${quote(value)}`);
      return null;
    }
    return Number(value);
  }

  private brokerOf(id: number, dynamic: (Section & { kind: "broker" }) | undefined, all: (Section & { kind: "broker" }) | undefined): BrokerConfigs {
    const rates = emptyRates();
    let defaults: ThrottleRates | null = null;
    const main = all ?? dynamic!;
    if (all) defaults = emptyRates();
    for (const side of Object.keys(RATE_KEYS) as RateSide[]) {
      const key = RATE_KEYS[side];
      if (all) {
        const entry = all.entries.get(key);
        rates[side] = entry ? this.rate(entry, synonymValue(entry, ["DYNAMIC_BROKER_CONFIG", "STATIC_BROKER_CONFIG"])) : null;
        defaults![side] = entry ? this.rate(entry, synonymValue(entry, ["DYNAMIC_DEFAULT_BROKER_CONFIG"])) : null;
      }
      if (dynamic) {
        const entry = dynamic.entries.get(key);
        const own = entry ? this.rate(entry, entry.value) : null;
        if (all && own !== rates[side] && own !== null) {
          this.issues.add(
            dynamic.line,
            key,
            `broker ${id}'s ${key} is ${own} here and ${rates[side] ?? "not set"} in its --all section (line ${all.line}); were the outputs taken at different times? Paste one run`,
          );
        }
        if (!all) rates[side] = own;
      }
    }
    let rack: string | null | undefined;
    let cordoned: string[] | "*" | undefined;
    if (all) {
      const r = all.entries.get(RACK_KEY);
      rack = r?.value ?? null;
      if (rack === "") rack = null;
      cordoned = cordonList(all.entries.get(CORDON_KEY)?.value ?? "");
    } else {
      const c = dynamic!.entries.get(CORDON_KEY);
      // Set dynamically: known. Not listed: it may still be set in server.properties, which only --all shows.
      cordoned = c ? cordonList(c.value ?? "") : undefined;
    }
    return { id, all: all !== undefined, line: main.line, rates, defaults, rack, cordoned };
  }

  finish(): ConfigsListing {
    const brokers = [...this.brokers.entries()].sort((a, b) => a[0] - b[0]).map(([id, s]) => this.brokerOf(id, s.dynamic, s.all));
    let defaults: ThrottleRates | null = null;
    let defaultsLine: number | null = null;
    for (const section of this.defaultsSeen) {
      const rates = emptyRates();
      for (const side of Object.keys(RATE_KEYS) as RateSide[]) {
        const entry = section.entries.get(RATE_KEYS[side]);
        rates[side] = entry ? this.rate(entry, entry.value) : null;
      }
      if (defaults && (defaults.leader !== rates.leader || defaults.follower !== rates.follower || defaults.alterLogDirs !== rates.alterLogDirs)) {
        this.issues.add(section.line, "", `the cluster-wide defaults differ from those on line ${defaultsLine}; were the outputs taken at different times? Paste one run`);
      }
      defaults ??= rates;
      defaultsLine ??= section.line;
    }
    const topics = [...this.topics.entries()]
      .map(([name, s]) => {
        const main = s.all ?? s.dynamic!;
        const list = (key: string) => {
          const v = main.entries.get(key)?.value ?? null;
          return v === null || v === "" ? null : v;
        };
        return { name, line: main.line, leaderReplicas: list(LIST_KEYS.leader), followerReplicas: list(LIST_KEYS.follower) };
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { brokers, defaults, defaultsLine, topics };
  }
}

/** `cordoned.log.dirs`: "" → none, "*" → all, else the comma-separated dirs. */
function cordonList(value: string): string[] | "*" {
  const v = value.trim();
  if (v === "*") return "*";
  return v === ""
    ? []
    : v
        .split(",")
        .map((d) => d.trim())
        .filter((d) => d !== "");
}

export function parseConfigsDescribe(text: string): Result<ConfigsListing> {
  const reader = new ConfigsReader();
  const lines = splitLines(text);
  for (let i = 0; i < lines.length && !reader.issues.full; i++) reader.line(lines[i] ?? "", i + 1);
  const listing = reader.finish();
  const sawOutput = reader.sections > 0;
  const failed = reader.noise.failed(sawOutput && reader.issues.empty);
  if (failed) return importFailure([failed]);
  if (reader.issues.empty && !sawOutput) {
    reader.issues.add(
      null,
      "",
      'no configs found: paste the output of kafka-configs.sh --describe --entity-type brokers (or topics), whose sections start "Dynamic configs for broker <id> are:" or "All configs for …"',
    );
  }
  if (!reader.issues.empty) return reader.issues.failed();
  const note = reader.noise.note(true);
  return success(listing, note ? [note] : undefined);
}
