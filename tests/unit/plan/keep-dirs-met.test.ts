import { describe, expect, it } from "vitest";
import { dirsOutsideTolerance } from "@/lib/plan/intra-broker";
import { keepDirsMet } from "@/lib/plan/keep-dirs-met";
import { PlanOptionsSchema } from "@/lib/plan/options";
import { PlanState } from "@/lib/plan/plan-state";
import { cluster, GiB } from "@/tests/support/snapshots";

/** Brokers 1–3 with three dirs each; broker 1 holds a 19 GiB and a 9 GiB replica, broker 3 their partners. */
function state() {
  const s = cluster({
    brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d0", "/d1", "/d2"] })),
    partitions: [
      {
        topic: "t",
        partition: 0,
        replicas: [
          [3, "/d0", 19 * GiB],
          [1, "/d0", 19 * GiB],
        ],
      },
      {
        topic: "t",
        partition: 1,
        replicas: [
          [3, "/d2", 9 * GiB],
          [1, "/d1", 9 * GiB],
        ],
      },
    ],
  });
  return new PlanState(s, new Set());
}
const options = PlanOptionsSchema.parse({ goals: ["dir-utilization", "broker-replicas"], tolerance: 0.1 });
const budget = () => ({ bytes: Infinity, moves: 1_000 });

describe("keepDirsMet()", () => {
  it("sends a replica back to its broker and dir when no arrangement puts its new broker's disks within the tolerance", () => {
    const st = state();
    const big = st.partitions[0]!.members.find((r) => r.broker === 1)!;
    st.moveToBroker(big, st.brokers.get(2)!.byPath.get("/d0")!);
    expect(dirsOutsideTolerance(st, st.brokers.get(2)!, options)).toBe(1);
    expect(keepDirsMet(st, options, budget())).toBe(1);
    expect([big.broker, big.dir]).toEqual([1, "/d0"]);
    for (const b of st.brokers.values()) expect(dirsOutsideTolerance(st, b, options)).toBe(0);
  });

  it("leaves a move that keeps the disks within the tolerance", () => {
    // Six 1 GiB replicas on broker 1, two per dir; one goes to the empty broker 2: both stay within 10 points.
    const s = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d0", "/d1", "/d2"] })),
      partitions: Array.from({ length: 6 }, (_, p) => ({ topic: "t", partition: p, replicas: [[1, `/d${p % 3}`, GiB] as [number, string, number]] })),
    });
    const st = new PlanState(s, new Set());
    const r = st.partitions[0]!.members[0]!;
    st.moveToBroker(r, st.brokers.get(2)!.byPath.get("/d0")!);
    expect(keepDirsMet(st, options, budget())).toBe(0);
    expect(r.broker).toBe(2);
  });

  it("never sends a replica back where its partition now has another replica", () => {
    const st = state();
    const big = st.partitions[0]!.members.find((r) => r.broker === 1)!;
    const partner = st.partitions[0]!.members.find((r) => r.broker === 3)!;
    st.moveToBroker(big, st.brokers.get(2)!.byPath.get("/d1")!);
    st.moveToBroker(partner, st.brokers.get(1)!.byPath.get("/d0")!);
    keepDirsMet(st, options, budget());
    expect(big.broker).not.toBe(1);
    expect(new Set(st.partitions[0]!.replicas).size).toBe(2);
  });
});
