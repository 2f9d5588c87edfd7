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
import { effectiveRates, type EffectiveRates } from "./rates";
import { isValidThrottledReplicaList, parseThrottledPartitions, ThrottleConfigError } from "./replica-list";
import { javaSplit, javaTrim } from "./java-string";

export type FindingCode =
  | "invalid_list"
  | "unparseable_list"
  | "list_without_rate"
  | "stale_rate"
  | "stale_list"
  | "unknown_replica"
  | "alter_log_dirs_rate_idle";

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
  /** True when any reassignment or dir move is in flight. */
  moving: boolean;
}

const PROPS = { leader: "leader.replication.throttled.replicas", follower: "follower.replication.throttled.replicas" } as const;
type Side = keyof typeof PROPS;

export function diagnoseThrottles(snapshot: ClusterSnapshot): ThrottleDiagnosis {
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
          severity: "warning",
          topic: tt.topic,
          message: `${prop} is set on ${tt.topic} but no reassignment of it is in flight; it will throttle the next catch-up of a listed replica. Remove it: kafka-configs --entity-type topics --entity-name ${shellArg(tt.topic)} --alter --delete-config ${prop}`,
        });
      }
      findings.push(...unknownReplicas(raw, tt.topic, prop, topics.get(tt.topic)));
    }
  }

  for (const id of brokerIds) {
    const r = rates.get(id)!;
    for (const side of ["leader", "follower"] as const) {
      if (r[side].bytesPerSecond !== null && !moving) {
        findings.push({
          code: "stale_rate",
          severity: "warning",
          broker: id,
          message: `Broker ${id} has ${side}.replication.throttled.rate=${r[side].bytesPerSecond} (${r[side].origin === "default" ? "cluster default" : "per broker"}) while nothing is moving; it will slow the next catch-up of any listed replica. Remove it when the reassignment is done.`,
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
  return { findings, brokers: [...views.values()], moving };
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
