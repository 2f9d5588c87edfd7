/**
 * Whether the operation can be planned at all: the brokers it adds or removes and the dirs it drains
 * must exist in the snapshot and be usable. `planRebalance` (planner.ts) checks this first and returns
 * the issues, each naming the field to fix, before it plans anything.
 */
import { formatBytes } from "../model/format";
import type { ClusterSnapshot } from "../model/snapshot";
import type { Issue } from "../model/result";
import type { PlanOptions } from "./options";

/**
 * The operation's brokers and dirs must exist and be usable; each problem names the field to fix. A
 * broker that does not answer (`unreachable`) may be removed — its replicas are re-created on brokers
 * that stay, copied from their leaders (dead-brokers.ts) — but not filled, and its dirs not drained.
 * An offline dir of a broker that answers may be drained: Kafka cannot read it, so its replicas are
 * re-created on other brokers from their leaders (evacuate.ts), never moved to another dir.
 */
export function operationIssues(snapshot: ClusterSnapshot, options: PlanOptions): Issue[] {
  const op = options.operation;
  const brokers = new Map(snapshot.brokers.map((b) => [b.id, b]));
  const issues: Issue[] = [];
  const ids = () => [...brokers.keys()].sort((x, y) => x - y).join(", ");
  if (op.kind === "add-brokers" || op.kind === "remove-brokers") {
    const held = op.kind === "add-brokers" ? heldByBroker(snapshot) : null;
    op.brokers.forEach((id, i) => {
      const path = `options.operation.brokers.${i}`;
      const b = brokers.get(id);
      if (b && op.kind === "remove-brokers" && b.state === "unknown")
        issues.push({
          path,
          message: `broker ${id} is known only because partitions are assigned to it: whether it runs and what it holds are not in the snapshot. Import kafka-log-dirs output that includes it, or plan from the live cluster (where a broker that does not answer can be removed: its replicas are re-created from their leaders)`,
        });
      else if (!b && op.kind === "remove-brokers") issues.push({ path, message: `broker ${id} is not in this cluster (it has ${ids()})` });
      else if (!b)
        issues.push({
          path,
          message: `broker ${id} is not in this snapshot (it has ${ids()}): Kafka moves replicas only onto a registered broker, and the plan pins each replica's log dir, so it must know the broker's dirs. Start broker ${id}, then plan from a snapshot taken after it registered`,
        });
      else if (op.kind === "add-brokers" && b.state !== "online") issues.push({ path, message: `broker ${id} is ${b.state}: only an online broker can be filled` });
      else if (op.kind === "add-brokers" && (held!.get(id)?.replicas ?? 0) > 0) {
        const h = held!.get(id)!;
        issues.push({
          path,
          message: `broker ${id} already holds ${formatBytes(h.bytes)} in ${h.replicas === 1 ? "1 replica" : `${h.replicas.toLocaleString("en-US")} replicas`}: Add brokers fills brokers that hold nothing yet (newly started ones). To even out brokers that hold data, choose Rebalance`,
        });
      } else if (op.kind === "add-brokers" && !b.logDirs.some((d) => d.state === "online")) {
        issues.push({ path, message: `broker ${id} has no online log dir that is not cordoned, so nothing can be moved onto it` });
      }
    });
    if (op.kind === "remove-brokers" && issues.length === 0) {
      const left = snapshot.brokers.filter((b) => b.state === "online" && !op.brokers.includes(b.id));
      if (left.length === 0) issues.push({ path: "options.operation.brokers", message: "removing these brokers leaves no online broker to move their replicas to" });
    }
  }
  if (op.kind === "drain-dirs") {
    op.dirs.forEach((d, i) => {
      const b = brokers.get(d.broker);
      const dir = b?.logDirs.find((x) => x.path === d.path);
      if (!b) issues.push({ path: `options.operation.dirs.${i}.broker`, message: `broker ${d.broker} is not in this cluster (it has ${ids()})` });
      else if (b.state !== "online")
        issues.push({
          path: `options.operation.dirs.${i}.broker`,
          message: `broker ${d.broker} is ${b.state}: its dirs cannot be drained until it answers again (the snapshot has no figures for them)`,
        });
      else if (!dir)
        issues.push({
          path: `options.operation.dirs.${i}.path`,
          message: `broker ${d.broker} has no log dir ${d.path} (it has ${b.logDirs.map((x) => x.path).join(", ") || "none"})`,
        });
    });
  }
  return issues;
}

/** Each broker's replicas and their bytes, as the snapshot's partitions place them. */
function heldByBroker(snapshot: ClusterSnapshot): Map<number, { bytes: number; replicas: number }> {
  const held = new Map<number, { bytes: number; replicas: number }>();
  for (const t of snapshot.topics) {
    for (const p of t.partitions) {
      for (const r of p.replicas) {
        const h = held.get(r.broker) ?? { bytes: 0, replicas: 0 };
        h.bytes += r.sizeBytes ?? 0;
        h.replicas += 1;
        held.set(r.broker, h);
      }
    }
  }
  return held;
}
