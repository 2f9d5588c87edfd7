/**
 * The plan's warnings, most severe first: brokers that do not answer (the partitions left alone
 * because of them, and the sizes taken from the leaders for the ones being removed), what the
 * snapshot has no figures for (offline dirs, brokers
 * that did not answer or are known only by name) and what that does to the figures, excluded topics
 * the snapshot does not have, and partitions left alone because a move is in flight. Words only:
 * `planRebalance` (planner.ts) reports them beside the goals (goal-reasons.ts says why a goal is unmet).
 */
import type { ClusterSnapshot } from "../model/snapshot";
import type { PlanOptions } from "./options";
import type { PlanState } from "./plan-state";
import type { Unmeasured } from "./plan-types";
import { formatBytes } from "../model/format";
import { borrowedSizes, heldBackCount, unreachableBrokers } from "./dead-brokers";

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
  const warnings: string[] = [...deadBrokerWarnings(snapshot, state, options), ...unmeasuredWarnings(unmeasuredOf(snapshot), options)];
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
  const dead = unreachableBrokers(snapshot);
  const removing = removedBrokers(options);
  const inFlight = state.partitions.filter((p) => !p.movable && !excluded.has(p.topic) && !p.original.some((b) => dead.has(b) && !removing.has(b))).length;
  if (inFlight > 0)
    warnings.push(
      inFlight === 1
        ? "1 partition has a reassignment or dir move in flight and was left alone."
        : `${inFlight} partitions have a reassignment or dir move in flight and were left alone.`,
    );
  return warnings;
}

function removedBrokers(options: PlanOptions): Set<number> {
  return new Set(options.operation.kind === "remove-brokers" ? options.operation.brokers : []);
}

/**
 * Brokers that do not answer, first: the partitions left alone because a replica of theirs is on one
 * (and what to do), and the sizes taken from the leaders for the ones being removed.
 */
function deadBrokerWarnings(snapshot: ClusterSnapshot, state: PlanState, options: PlanOptions): string[] {
  const dead = unreachableBrokers(snapshot);
  if (dead.size === 0) return [];
  const out: string[] = [];
  const removing = removedBrokers(options);
  const staying = [...dead].filter((b) => !removing.has(b)).sort((a, b) => a - b);
  const held = heldBackCount(state, dead, removing);
  if (staying.length > 0 && held > 0) {
    const one = staying.length === 1;
    out.push(
      `${brokerNames(staying)} ${one ? "does" : "do"} not answer, so the ${held === 1 ? "1 partition" : `${held.toLocaleString("en-US")} partitions`} with a replica on ${one ? "it" : "them"} ${held === 1 ? "is" : "are"} left out of this plan: ${held === 1 ? "it is" : "they are"} already short of a replica, and ${one ? "the broker" : "those brokers"} could take no throttle. ` +
        `If ${one ? "it is" : "they are"} gone for good, plan Remove brokers → ${staying.join(", ")} (${one ? "its" : "their"} replicas are re-created on brokers that answer, copied from the live leaders); else bring ${one ? "it" : "them"} back and plan again.`,
    );
  }
  const borrowed = borrowedSizes(snapshot, new Set([...dead].filter((b) => removing.has(b))));
  for (const [broker, b] of [...borrowed].sort(([x], [y]) => x - y)) {
    out.push(
      `Broker ${broker} reported no sizes (it does not answer): its ${b.replicas === 1 ? "1 replica is" : `${b.replicas.toLocaleString("en-US")} replicas are`} counted at ${b.replicas === 1 ? "its leader's" : "their leaders'"} size, ${formatBytes(b.bytes)} in all${b.leaderless > 0 ? `; ${b.leaderless.toLocaleString("en-US")} ${b.leaderless === 1 ? "has" : "have"} no leader that answers and cannot be re-created` : ""}. No throttle is set on it: the copies come from the live leaders.`,
    );
  }
  return out;
}

function brokerNames(ids: number[]): string {
  return ids.length === 1 ? `Broker ${ids[0]}` : `Brokers ${ids.slice(0, -1).join(", ")} and ${ids[ids.length - 1]}`;
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
export function unmeasuredWarnings(unmeasured: Unmeasured, options: PlanOptions): string[] {
  const out: string[] = [];
  const { dirs, brokers } = unmeasured;
  if (dirs.length > 0) {
    const errors = [...new Set(dirs.map((d) => d.error).filter((e): e is string => e !== null))];
    const one = dirs.length === 1;
    const op = options.operation;
    // The dirs this plan empties (drained, or on a broker being removed): their replicas are re-created from the leaders.
    const emptied = dirs.filter((d) =>
      op.kind === "drain-dirs" ? op.dirs.some((x) => x.broker === d.broker && x.path === d.path) : op.kind === "remove-brokers" && op.brokers.includes(d.broker),
    );
    const rest =
      emptied.length === dirs.length
        ? `The plan re-creates ${one ? "its" : "their"} replicas on other brokers, each copied from its partition's leader: Kafka cannot read a replica out of an offline dir, so none moves to another dir of the same broker.`
        : `The plan moves nothing into or out of ${emptied.length > 0 ? "the others" : one ? "it" : "them"}: Kafka cannot read a replica out of an offline dir, and rebuilds one elsewhere only by copying from its partition's leader. Drain ${one ? "it" : "them"} (Drain or remove a log dir) to re-create ${one ? "its" : "their"} replicas on other brokers, or bring the disk back and plan again from a new snapshot.`;
    out.push(
      `${one ? "Log dir" : "Log dirs"} ${dirList(dirs)} ${one ? "is" : "are"} offline${errors.length > 0 ? ` (${errors.join(", ")})` : ""}: the snapshot has no bytes for ${one ? "it" : "them"}, so every figure below leaves ${one ? "its" : "their"} replicas out and ${one ? "its broker looks" : "their brokers look"} lighter than ${one ? "it is" : "they are"}. ${rest}`,
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
