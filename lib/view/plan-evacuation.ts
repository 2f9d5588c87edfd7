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
  const moved = evacuation.replicas === 0 ? `Nothing had to leave ${from}` : `${formatCountOf(evacuation.replicas, "replica")} (${formatBytes(evacuation.bytes)}) ${evacuation.replicas === 1 ? "leaves" : "leave"} ${from}`;
  if (evacuation.stuckTotal === 0) return `${moved}, and nothing is left behind.`;
  return `${moved}; ${formatCountOf(evacuation.stuckTotal, "replica")} cannot, listed below with why.`;
}

/** One line per stuck replica listed: "__consumer_offsets-0 on broker 3 (/data/d1): every broker that stays …". */
export function stuckLines(evacuation: Evacuation): { lines: string[]; more: number } {
  return {
    lines: evacuation.stuck.map((s) => `${s.topic}-${s.partition} on broker ${s.broker}${s.dir ? ` (${s.dir})` : ""}: ${s.reason}`),
    more: evacuation.stuckTotal - evacuation.stuck.length,
  };
}
