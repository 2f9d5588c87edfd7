/**
 * What a removal or a drain moved off, and what could not leave and why, in words: the planner lists
 * at most MAX_STUCK_LISTED stuck replicas (lib/plan/planner.ts) and counts them all, so the page says
 * how many more there are than it shows.
 */
import { formatBytes, formatCountOf } from "@/lib/model/format";
import type { Operation } from "@/lib/plan/options";
import type { Evacuation } from "@/lib/plan/planner";
import { joinWords } from "./plan-operation";

/** "20 replicas (812.0 GiB) leave broker 3.", "10 replicas (399.8 GiB) leave /data/d3 on broker 2." */
export function evacuationSentence(operation: Operation, evacuation: Evacuation): string {
  const from =
    operation.kind === "remove-brokers"
      ? `${operation.brokers.length === 1 ? "broker" : "brokers"} ${joinWords(operation.brokers.map(String))}`
      : operation.kind === "drain-dirs"
        ? operation.dirs.length === 1
          ? `${operation.dirs[0]!.path} on broker ${operation.dirs[0]!.broker}`
          : formatCountOf(operation.dirs.length, "log dir")
        : "what is emptied";
  const moved =
    evacuation.replicas === 0
      ? `Nothing had to leave ${from}`
      : `${formatCountOf(evacuation.replicas, "replica")} (${formatBytes(evacuation.bytes)}) ${evacuation.replicas === 1 ? "leaves" : "leave"} ${from}`;
  if (evacuation.stuckTotal === 0) return `${moved}, and nothing is left behind.`;
  return `${moved}; ${formatCountOf(evacuation.stuckTotal, "replica")} cannot, listed below with why.`;
}

/** "0–49", "0, 2, 5–7": partition ids as runs. */
export function partitionRuns(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
    i = j + 1;
  }
  return runs.join(", ");
}

/**
 * The stuck replicas listed, one line per topic, reason and broker: "__consumer_offsets partitions 0–49
 * on broker 3: every broker that stays already holds a replica of the partition". A reason that names
 * its partition is said once for all of them. `more` counts the stuck replicas the planner did not list.
 */
export function stuckGroups(evacuation: Evacuation): { lines: string[]; more: number } {
  const groups = new Map<string, { topic: string; broker: number; reason: string; partitions: number[]; dirs: Set<string> }>();
  for (const s of evacuation.stuck) {
    const reason = s.reason.split(`${s.topic}-${s.partition}`).join("the partition");
    const key = `${s.topic}\u0000${s.broker}\u0000${reason}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { topic: s.topic, broker: s.broker, reason, partitions: [], dirs: new Set() }));
    g.partitions.push(s.partition);
    if (s.dir) g.dirs.add(s.dir);
  }
  const lines = [...groups.values()].map((g) => {
    const which = g.partitions.length === 1 ? `${g.topic}-${g.partitions[0]}` : `${g.topic} partitions ${partitionRuns(g.partitions)}`;
    const dirs = g.dirs.size > 0 ? ` (${[...g.dirs].sort().join(", ")})` : "";
    return `${which} on broker ${g.broker}${dirs}: ${g.reason}`;
  });
  return { lines, more: evacuation.stuckTotal - evacuation.stuck.length };
}
