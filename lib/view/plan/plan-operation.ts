/**
 * What the planner's operation pickers offer: the snapshot's brokers and log dirs with what each holds,
 * so an operator picks the broker to remove or the dir to drain from the cluster instead of typing it
 * blind; which brokers are empty (newly added), the only ones "Add brokers" fills (the planner refuses
 * one that holds data: lib/plan/planner.ts); what removing a broker that does not answer does (its
 * replicas re-created from their leaders: lib/plan/dead-brokers.ts); and whether the dirs to drain can
 * be cordoned first.
 */
import { formatBytes, formatCountOf, formatUtilization } from "@/lib/model/format";
import { brokerKafkaVersion, kafkaBehaviour, pickKafkaLine } from "@/lib/model/kafka-versions";
import type { BrokerState, ClusterSnapshot, LogDirState } from "@/lib/model/snapshot";
import type { DrainDir, Operation } from "@/lib/plan/options";

export interface BrokerChoice {
  id: number;
  state: BrokerState;
  /** "broker 3 (rack b): 812.0 GiB in 26 replicas", and its state when not online. */
  label: string;
  bytes: number;
  replicas: number;
  dirs: DirChoice[];
  /** Whether the broker's Kafka version has `cordoned.log.dirs` (4.3+). */
  cordons: boolean;
  /**
   * Whether "Add brokers" can fill it, and if not why, as the picker shows it: "empty: can be filled",
   * "holds data: use Rebalance", "unreachable: cannot be filled", "no open log dir".
   */
  fill: { ok: boolean; note: string };
  /** What "Remove brokers" does to it when that differs from moving its data off: a broker that does not answer has its replicas re-created from their leaders. */
  removeNote?: string;
}

export interface DirChoice {
  broker: number;
  path: string;
  state: LogDirState;
  /** "/data/d3: 400.0 GiB, 78% used", and its state when not online. */
  label: string;
  bytes: number;
}

/** Every broker of the snapshot, by id, with its dirs in `log.dirs` order and what each holds. */
export function operationChoices(snapshot: ClusterSnapshot): BrokerChoice[] {
  const byDir = new Map<string, number>();
  const byBroker = new Map<number, { bytes: number; replicas: number }>();
  for (const topic of snapshot.topics) {
    for (const p of topic.partitions) {
      for (const r of p.replicas) {
        const size = r.sizeBytes ?? 0;
        const b = byBroker.get(r.broker) ?? { bytes: 0, replicas: 0 };
        b.bytes += size;
        b.replicas += 1;
        byBroker.set(r.broker, b);
        if (r.logDir !== null) byDir.set(`${r.broker}\u0000${r.logDir}`, (byDir.get(`${r.broker}\u0000${r.logDir}`) ?? 0) + size);
      }
    }
  }
  return [...snapshot.brokers]
    .sort((a, b) => a.id - b.id)
    .map((b) => {
      const held = byBroker.get(b.id) ?? { bytes: 0, replicas: 0 };
      const state = b.state === "online" ? "" : `, ${b.state}`;
      // A broker that did not answer reported no sizes: its bytes are unknown, not 0.
      const holds =
        b.state === "online" ? `${formatBytes(held.bytes)} in ${formatCountOf(held.replicas, "replica")}` : `${formatCountOf(held.replicas, "replica")} (sizes unknown)`;
      return {
        id: b.id,
        state: b.state,
        label: `broker ${b.id}${b.rack ? ` (rack ${b.rack})` : ""}: ${holds}${state}`,
        ...(b.state === "unreachable" && held.replicas > 0
          ? { removeNote: "does not answer: removing it re-creates its replicas on the brokers that stay, each copied from its partition's leader (no throttle on it)" }
          : {}),
        bytes: held.bytes,
        replicas: held.replicas,
        cordons: kafkaBehaviour(pickKafkaLine(brokerKafkaVersion(b, snapshot.source.kafkaVersion)).line).cordonedLogDirs,
        fill:
          b.state !== "online"
            ? { ok: false, note: `${b.state}: cannot be filled` }
            : held.replicas > 0
              ? { ok: false, note: "holds data: to even it out, use Rebalance" }
              : !b.logDirs.some((d) => d.state === "online")
                ? { ok: false, note: "no open log dir: cannot be filled" }
                : { ok: true, note: "empty: can be filled" },
        dirs: b.logDirs.map((d) => {
          const bytes = byDir.get(`${b.id}\u0000${d.path}`) ?? 0;
          const used = d.totalBytes !== null && d.usableBytes !== null && d.totalBytes > 0 ? `, ${formatUtilization((d.totalBytes - d.usableBytes) / d.totalBytes)} used` : "";
          return { broker: b.id, path: d.path, state: d.state, bytes, label: `${d.path}: ${formatBytes(bytes)}${used}${d.state === "online" ? "" : `, ${d.state}`}` };
        }),
      };
    });
}

/** Online brokers that hold no replica and have an open dir: the ones an operator has just added, and the only ones "Add brokers" fills. */
export function emptyBrokers(choices: readonly BrokerChoice[]): number[] {
  return choices.filter((b) => b.fill.ok).map((b) => b.id);
}

/**
 * What the "cordon first" box will do for the dirs chosen: null when every chosen dir's broker has
 * cordons (Kafka 4.3+), else which brokers do not, so their dirs are drained without one (Kafka may
 * still place a new partition there until the dir is removed from `log.dirs`).
 */
export function cordonNote(choices: readonly BrokerChoice[], dirs: readonly DrainDir[]): string | null {
  const without = [...new Set(dirs.map((d) => d.broker))].sort((a, b) => a - b).filter((id) => choices.find((b) => b.id === id)?.cordons === false);
  if (without.length === 0) return null;
  const names = without.length === 1 ? `Broker ${without[0]} runs` : `Brokers ${joinWords(without.map(String))} run`;
  return `${names} a Kafka version without cordons (before 4.3): ${without.length === 1 ? "its dirs are" : "their dirs are"} drained without one, and Kafka may still put a new partition there until the dir leaves log.dirs.`;
}

/** "3", "3 and 4", "3, 4 and 5". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** What the operation does to what it names, as a verb phrase: "empty broker 3", "fill brokers 4 and 5", "empty /data/d3 on broker 2". */
export function operationPhrase(operation: Operation): string | null {
  switch (operation.kind) {
    case "rebalance":
      return null;
    case "add-brokers":
    case "remove-brokers": {
      const ids = operation.brokers.map(String);
      return `${operation.kind === "add-brokers" ? "fill" : "empty"} ${ids.length === 1 ? "broker" : "brokers"} ${joinWords(ids)}`;
    }
    case "drain-dirs": {
      const d = operation.dirs;
      return d.length === 1 ? `empty ${d[0]!.path} on broker ${d[0]!.broker}` : `empty ${formatCountOf(d.length, "log dir")}`;
    }
  }
}
