/**
 * The plan's warnings, most severe first: what the snapshot has no figures for (offline dirs, brokers
 * that did not answer or are known only by name) and what that does to the figures, excluded topics
 * the snapshot does not have, and partitions left alone because a move is in flight. Words only:
 * `planRebalance` (planner.ts) reports them beside the goals (goal-reasons.ts says why a goal is unmet).
 */
import type { ClusterSnapshot } from "../model/snapshot";
import type { PlanOptions } from "./options";
import type { PlanState } from "./plan-state";
import type { Unmeasured } from "./plan-types";

/** Offline dirs (of brokers that answered), and brokers that did not answer or are known only by name. */
export function unmeasuredOf(snapshot: ClusterSnapshot): Unmeasured {
  const dirs: Unmeasured["dirs"] = [];
  const brokers: Unmeasured["brokers"] = [];
  for (const b of [...snapshot.brokers].sort((x, y) => x.id - y.id)) {
    if (b.state !== "online") {
      brokers.push({ id: b.id, state: b.state });
      continue;
    }
    for (const d of b.logDirs) if (d.state === "offline") dirs.push({ broker: b.id, path: d.path, error: d.error });
  }
  return { dirs, brokers };
}

/**
 * What the status (whether the goals are met, and why not) does not say: excluded topics the
 * snapshot does not have (a typo excludes nothing), and partitions left alone because a move is in
 * flight.
 */
export function planWarnings(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): string[] {
  const warnings: string[] = [...unmeasuredWarnings(unmeasuredOf(snapshot), options)];
  const topics = new Set(snapshot.topics.map((t) => t.name));
  const unknown = [...new Set(options.excludeTopics)].filter((t) => !topics.has(t));
  if (unknown.length > 0) {
    // 5: enough to spot a typo; a list of thousands would bury the warning.
    const shown = unknown
      .slice(0, 5)
      .map((t) => `"${t}"`)
      .join(", ");
    const names = unknown.length > 5 ? `${shown} and ${unknown.length - 5} more` : shown;
    warnings.push(
      unknown.length === 1
        ? `Topic ${names} is not in this snapshot, so excluding it changes nothing; check the spelling.`
        : `Topics ${names} are not in this snapshot, so excluding them changes nothing; check the spelling.`,
    );
  }
  const excluded = new Set(options.excludeTopics);
  const inFlight = state.partitions.filter((p) => !p.movable && !excluded.has(p.topic)).length;
  if (inFlight > 0)
    warnings.push(
      inFlight === 1
        ? "1 partition has a reassignment or dir move in flight and was left alone."
        : `${inFlight} partitions have a reassignment or dir move in flight and were left alone.`,
    );
  return warnings;
}

/** "/data2 on broker 2", "/data2 on broker 2 and /data1 on broker 0", "5 dirs (… and 2 more)". */
function dirList(dirs: Unmeasured["dirs"]): string {
  const names = dirs.slice(0, 5).map((d) => `${d.path} on broker ${d.broker}`);
  if (dirs.length > 5) names.push(`${dirs.length - 5} more`);
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The warnings that come before every other: what the snapshot has no figures for, what that does to
 * the plan's figures, and what moving would mean for it.
 */
export function unmeasuredWarnings(unmeasured: Unmeasured, _options: PlanOptions): string[] {
  const out: string[] = [];
  const { dirs, brokers } = unmeasured;
  if (dirs.length > 0) {
    const errors = [...new Set(dirs.map((d) => d.error).filter((e): e is string => e !== null))];
    const one = dirs.length === 1;
    out.push(
      `${one ? "Log dir" : "Log dirs"} ${dirList(dirs)} ${one ? "is" : "are"} offline${errors.length > 0 ? ` (${errors.join(", ")})` : ""}: the snapshot has no bytes for ${one ? "it" : "them"}, so every figure below leaves ${one ? "its" : "their"} replicas out and ${one ? "its broker looks" : "their brokers look"} lighter than ${one ? "it is" : "they are"}. ` +
        `The plan moves nothing into or out of ${one ? "it" : "them"}: Kafka cannot read a replica out of an offline dir, and rebuilds one elsewhere only by copying from its partition's leader (a reassignment off the broker). Bring the disk back or replace it, then plan again from a new snapshot.`,
    );
  }
  const unreachable = brokers.filter((b) => b.state === "unreachable").map((b) => b.id);
  const unknown = brokers.filter((b) => b.state === "unknown").map((b) => b.id);
  const name = (ids: number[]) => (ids.length === 1 ? `Broker ${ids[0]}` : `Brokers ${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1]}`);
  if (unreachable.length > 0) {
    const one = unreachable.length === 1;
    out.push(
      `${name(unreachable)} did not answer: ${one ? "its" : "their"} dirs and bytes are missing from the snapshot, so every figure below leaves ${one ? "it" : "them"} out. The plan moves nothing onto ${one ? "it" : "them"}.`,
    );
  }
  if (unknown.length > 0) {
    const one = unknown.length === 1;
    out.push(
      `${name(unknown)} ${one ? "is" : "are"} known only because partitions are assigned to ${one ? "it" : "them"}: whether ${one ? "it runs" : "they run"}, which dirs ${one ? "it has" : "they have"} and what ${one ? "it holds" : "they hold"} are not in the snapshot, so every figure below leaves ${one ? "it" : "them"} out and the plan moves nothing onto ${one ? "it" : "them"}. Import kafka-log-dirs output that includes ${one ? "it" : "them"} to plan with ${one ? "it" : "them"}.`,
    );
  }
  return out;
}
