// Applies Kafka's throttle rules (ThrottledReplicaListValidator, TopicConfigHandler, BrokerConfigHandler, Kafka 3.5–4.x)
// to a snapshot, as described in docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * The throttle doctor: what the throttle configuration of a snapshot actually does, and what is wrong
 * with it, in words an operator can act on.
 *
 * Findings (each names the topic/broker and what to change):
 * - `invalid_list`: a value the broker rejects (ThrottledReplicaListValidator).
 * - `unparseable_list`: a value that passes validation but makes a broker throw while parsing it
 *   (e.g. a space after a comma) — the throttle silently does not apply on that broker.
 * - `list_without_rate`: a broker throttles replicas by list but has no rate for that side: the rate
 *   defaults to Long.MAX_VALUE, so the list has no effect.
 * - `stale_rate` / `stale_list`: throttles left while nothing is moving; they slow the next catch-up of
 *   any listed replica that falls out of the ISR.
 * - `unknown_replica`: a `p:b` entry whose partition does not exist or whose broker holds no replica
 *   of it (and is not being added).
 * - `alter_log_dirs_rate_idle`: an alter-log-dirs rate on a broker with no dir move in flight.
 * The per-broker view lists what each broker throttles as leader and as follower.
 */
import { shellArg } from "../model/shell-word";
import type { ClusterSnapshot } from "../model/snapshot";
import { howToLearn, knownFacts } from "../model/facts";
import { effectiveRates, type EffectiveRates } from "./rates";
import { isValidThrottledReplicaList, parseThrottledPartitions, ThrottleConfigError } from "./replica-list";
import { javaSplit, javaTrim } from "../model/java-string";

export type FindingCode = "invalid_list" | "unparseable_list" | "list_without_rate" | "stale_rate" | "stale_list" | "unknown_replica" | "alter_log_dirs_rate_idle";

export interface Finding {
  code: FindingCode;
  severity: "error" | "warning" | "info";
  message: string;
  topic?: string;
  broker?: number;
}

export interface BrokerThrottleView {
  broker: number;
  rates: EffectiveRates;
  leader: { topic: string; partitions: number[] | "ALL" }[];
  follower: { topic: string; partitions: number[] | "ALL" }[];
}

export interface ThrottleDiagnosis {
  findings: Finding[];
  brokers: BrokerThrottleView[];
  /** True when any reassignment or dir move is known to be in flight. */
  moving: boolean;
  /** Whether the snapshot's source carried the throttle configs and the reassignments in flight (lib/model/facts.ts). */
  known: { throttles: boolean; reassignments: boolean };
  /** What the doctor says when it finds nothing; never "no problems" from configs it could not see. */
  summary: string;
  /** The facts the diagnosis could not see, each with the command that teaches it; shown with the findings too. */
  notes: string[];
}

const PROPS = { leader: "leader.replication.throttled.replicas", follower: "follower.replication.throttled.replicas" } as const;

export function diagnoseThrottles(snapshot: ClusterSnapshot): ThrottleDiagnosis {
  const facts = knownFacts(snapshot);
  const findings: Finding[] = [];
  const brokerIds = snapshot.brokers.map((b) => b.id).sort((a, b) => a - b);
  const rates = new Map(brokerIds.map((id) => [id, effectiveRates(snapshot, id)]));
  const topics = new Map(snapshot.topics.map((t) => [t.name, t]));
  const movingTopics = new Set(snapshot.throttles.reassignments.map((r) => r.topic));
  for (const t of snapshot.topics) {
    if (t.partitions.some((p) => p.adding.length > 0 || p.removing.length > 0)) movingTopics.add(t.name);
  }
  const dirMoveBrokers = new Set<number>();
  for (const t of snapshot.topics) for (const p of t.partitions) for (const r of p.replicas) if (r.future) dirMoveBrokers.add(r.broker);
  const moving = movingTopics.size > 0 || dirMoveBrokers.size > 0;
  const views = new Map<number, BrokerThrottleView>(brokerIds.map((id) => [id, { broker: id, rates: rates.get(id)!, leader: [], follower: [] }]));

  for (const tt of snapshot.throttles.topics) {
    for (const side of ["leader", "follower"] as const) {
      const raw = side === "leader" ? tt.leaderReplicas : tt.followerReplicas;
      // The broker applies a list only when the raw value is non-empty; otherwise it removes the throttle.
      if (raw === null || raw === "") continue;
      const prop = PROPS[side];
      if (!isValidThrottledReplicaList(javaTrim(raw))) {
        findings.push({
          code: "invalid_list",
          severity: "error",
          topic: tt.topic,
          message: `${prop} of ${tt.topic} is "${raw}", which brokers reject: use '*' or partition:broker pairs separated by commas, with no spaces.`,
        });
        continue;
      }
      const failing: number[] = [];
      for (const id of brokerIds) {
        let parsed: number[] | "ALL";
        try {
          parsed = parseThrottledPartitions(raw, id, prop);
        } catch (error) {
          if (!(error instanceof ThrottleConfigError)) throw error;
          failing.push(id);
          continue;
        }
        if (parsed !== "ALL" && parsed.length === 0) continue;
        views.get(id)![side].push({ topic: tt.topic, partitions: parsed });
        const rate = rates.get(id)![side];
        if (rate.bytesPerSecond === null) {
          findings.push({
            code: "list_without_rate",
            severity: "warning",
            topic: tt.topic,
            broker: id,
            message: `Broker ${id} throttles ${tt.topic} as ${side} but has no ${side}.replication.throttled.rate (it defaults to unlimited), so the list has no effect there; set the rate or remove the list.`,
          });
        }
      }
      if (failing.length > 0) {
        findings.push({
          code: "unparseable_list",
          severity: "error",
          topic: tt.topic,
          message: `${prop} of ${tt.topic} ("${raw}") passes validation but broker${failing.length > 1 ? "s" : ""} ${failing.join(", ")} cannot parse it, so the throttle does not apply there; remove the spaces inside the list.`,
        });
      }
      if (!movingTopics.has(tt.topic)) {
        findings.push({
          code: "stale_list",
          severity: facts.reassignments ? "warning" : "info",
          topic: tt.topic,
          message: facts.reassignments
            ? `${prop} is set on ${tt.topic} but no reassignment of it is in flight; it will throttle the next catch-up of a listed replica. Remove it: kafka-configs --entity-type topics --entity-name ${shellArg(tt.topic)} --alter --delete-config ${prop}`
            : `${prop} is set on ${tt.topic}; whether a reassignment of it is in flight is unknown. If none is, it will throttle the next catch-up of a listed replica: remove it then with kafka-configs --entity-type topics --entity-name ${shellArg(tt.topic)} --alter --delete-config ${prop}`,
        });
      }
      findings.push(...unknownReplicas(raw, tt.topic, prop, topics.get(tt.topic)));
    }
  }

  for (const id of brokerIds) {
    const r = rates.get(id)!;
    for (const side of ["leader", "follower"] as const) {
      if (r[side].bytesPerSecond !== null && !moving) {
        const where = r[side].origin === "default" ? "cluster default" : "per broker";
        findings.push({
          code: "stale_rate",
          severity: facts.reassignments ? "warning" : "info",
          broker: id,
          message: facts.reassignments
            ? `Broker ${id} has ${side}.replication.throttled.rate=${r[side].bytesPerSecond} (${where}) while nothing is moving; it will slow the next catch-up of any listed replica. Remove it when the reassignment is done.`
            : `Broker ${id} has ${side}.replication.throttled.rate=${r[side].bytesPerSecond} (${where}) and no log-dir move is in flight; whether a partition reassignment is, is unknown. If none is, it will slow the next catch-up of any listed replica: remove it.`,
        });
      }
    }
    if (r.alterLogDirs.bytesPerSecond !== null && !dirMoveBrokers.has(id)) {
      findings.push({
        code: "alter_log_dirs_rate_idle",
        severity: "info",
        broker: id,
        message: `Broker ${id} has replica.alter.log.dirs.io.max.bytes.per.second=${r.alterLogDirs.bytesPerSecond} but no dir move in flight; it will slow the next one.`,
      });
    }
  }
  const known = { throttles: facts.throttles, reassignments: facts.reassignments };
  const anySet =
    [...rates.values()].some((r) => r.leader.bytesPerSecond !== null || r.follower.bytesPerSecond !== null || r.alterLogDirs.bytesPerSecond !== null) ||
    snapshot.throttles.topics.some((t) => t.leaderReplicas || t.followerReplicas);
  return { findings, brokers: [...views.values()], moving, known, summary: summaryOf(known, moving, anySet), notes: notesOf(snapshot, known) };
}

/** What the doctor says when it found nothing: only what the known facts support. */
function summaryOf(known: ThrottleDiagnosis["known"], moving: boolean, anySet: boolean): string {
  if (!known.throttles) {
    return anySet
      ? "No problems in the throttles that are shown, but the snapshot does not carry every broker's and topic's throttle configs, so others cannot be checked."
      : "The throttles cannot be checked: the snapshot does not carry the throttle configs, so whether any is set, stale or ineffective is unknown.";
  }
  if (moving) return anySet ? "No problems: the throttles match what is moving." : "No problems: no throttle is set, so the moves in flight run at full speed.";
  if (!known.reassignments)
    return anySet
      ? "No problems found in the throttles that are set; whether a partition reassignment is in flight is unknown (no log-dir move is)."
      : "No problems: no throttle is set. Whether a partition reassignment is in flight is unknown (no log-dir move is).";
  return "No problems: no throttle is set, and nothing is moving.";
}

function notesOf(snapshot: ClusterSnapshot, known: ThrottleDiagnosis["known"]): string[] {
  const lacks =
    snapshot.source.kind === "kafka" ? "the live read could not read" : snapshot.source.kind === "import" ? "the pasted outputs do not show" : "the snapshot does not carry";
  const notes: string[] = [];
  if (!known.throttles) notes.push(`Throttle configs are unknown (${lacks} them). To learn them, ${howToLearn("throttles")}.`);
  if (!known.reassignments) notes.push(`Partition reassignments in flight are unknown (${lacks} them). To learn them, ${howToLearn("reassignments")}.`);
  return notes;
}

function unknownReplicas(raw: string, topic: string, prop: string, t: ClusterSnapshot["topics"][number] | undefined): Finding[] {
  const v = javaTrim(raw);
  if (v === "*" || v === "") return [];
  const bad: string[] = [];
  for (const entry of javaSplit(v, ",")) {
    const e = javaTrim(entry);
    if (e === "") continue;
    const [p, b] = e.split(":").map(Number) as [number, number];
    const partition = t?.partitions.find((x) => x.id === p);
    if (!partition || (!partition.replicas.some((r) => r.broker === b) && !partition.adding.includes(b))) bad.push(e);
  }
  if (bad.length === 0) return [];
  return [
    {
      code: "unknown_replica",
      severity: "warning",
      topic,
      message: `${prop} of ${topic} names ${bad.join(", ")}, but ${bad.length > 1 ? "those brokers hold" : "that broker holds"} no replica of ${bad.length > 1 ? "those partitions" : "that partition"}${t ? "" : " (the topic does not exist)"}; the entries do nothing.`,
    },
  ];
}
