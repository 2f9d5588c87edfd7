import { describe, expect, it } from "vitest";
import { nearestReplica } from "@/lib/plan/inter-candidates";
import { PlanState } from "@/lib/plan/plan-state";
import { cluster, GiB, type PartitionSpec } from "@/tests/support/snapshots";

/** Broker 1 holds topic a's replicas at 10 GiB and topic b's at 7 and 14 GiB; broker 2 is empty. */
function state(): PlanState {
  const one = (topic: string, partition: number, size: number): PartitionSpec => ({ topic, partition, replicas: [[1, "/d1", size * GiB]] });
  const snap = cluster({
    brokers: [1, 2].map((id) => ({ id, dirs: [{ path: "/d1", totalBytes: 4096 * GiB }] })),
    partitions: [...[0, 1, 2, 3, 4, 5].map((p) => one("a", p, 10)), one("b", 0, 7), one("b", 1, 14)],
  });
  return new PlanState(snap, new Set());
}
const always = () => true;
const flat = () => 0;

describe("nearestReplica()", () => {
  it("takes the replica nearest the ideal size", () => {
    const st = state();
    const r = nearestReplica(st, st.brokers.get(1)!, st.brokers.get(2)!, 10 * GiB, Infinity, always, flat);
    expect(r?.part.topic).toBe("a");
  });

  it("passes over the topics `avoid` flags (by topicIndex) while another fits, and takes one of them only when none does", () => {
    const st = state();
    const avoid = new Uint8Array(st.topicPartitions.size);
    avoid[st.topicPartitions.get("a")![0]!.topicIndex] = 1;
    const from = st.brokers.get(1)!;
    const to = st.brokers.get(2)!;
    // b's 7 GiB replica is the nearest that is not a's.
    expect(nearestReplica(st, from, to, 10 * GiB, Infinity, always, flat, undefined, avoid)?.part.partition).toBe(0);
    // With b refused by the caller, an avoided replica is still taken rather than none.
    const notB = (r: { part: { topic: string } }) => r.part.topic !== "b";
    expect(nearestReplica(st, from, to, 10 * GiB, Infinity, notB, flat, undefined, avoid)?.part.topic).toBe("a");
  });
});
