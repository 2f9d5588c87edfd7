/**
 * A cluster whose every name is one of Object.prototype's members (legal Kafka topic names, and legal
 * log dir paths, racks and hosts): the unit and route tests of #26 run the whole app on it.
 */
import { parseSnapshot } from "@/lib/model/parse";
import type { ClusterSnapshot } from "@/lib/model/snapshot";

export const PROTOTYPE_NAMES = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf", "__defineGetter__", "prototype", "__lookupGetter__", "isPrototypeOf"] as const;
export const GiB = 1024 ** 3;

/**
 * Four brokers; racks and hosts named after NAMES; each broker has a dir named after each of the
 * first three NAMES plus "/data/z" (empty); every topic of NAMES has 4 partitions at RF 2, and broker 4 holds
 * a replica of each (so removing broker 4 moves a partition of every topic).
 */
export function prototypeNamedSnapshot(): ClusterSnapshot {
  const dirs = ["__proto__", "constructor", "toString", "/data/z"];
  const brokers = [1, 2, 3, 4].map((id) => ({
    id,
    rack: PROTOTYPE_NAMES[id % 3]!,
    host: PROTOTYPE_NAMES[(id + 3) % PROTOTYPE_NAMES.length]!,
    port: 9092,
    logDirs: dirs.map((path) => ({ path, totalBytes: 1000 * GiB, usableBytes: 900 * GiB })),
  }));
  // Each broker's replicas go round its first three dirs in turn, so those hold alike and /data/z none.
  const turn = new Map<number, number>();
  const dirOf = (broker: number) => {
    const n = turn.get(broker) ?? 0;
    turn.set(broker, n + 1);
    return dirs[n % 3]!;
  };
  const topics = PROTOTYPE_NAMES.map((name, t) => ({
    name,
    partitions: Array.from({ length: 4 }, (_, p) => {
      const first = p === 0 ? 4 : 1 + ((t + p) % 3);
      const second = 1 + ((t + p + 1) % 3) === first ? 1 + ((t + p + 2) % 3) : 1 + ((t + p + 1) % 3);
      const replicas = [first, second].map((broker) => ({ broker, logDir: dirOf(broker), sizeBytes: (1 + t + p) * GiB }));
      return { id: p, replicas, leader: first, isr: [first, second] };
    }),
  }));
  const parsed = parseSnapshot({ schema: 1, capturedAt: "2026-12-01T00:00:00Z", source: { kind: "import", label: "hostile names" }, brokers, topics });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}
