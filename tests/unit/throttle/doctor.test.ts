import { describe, expect, it } from "vitest";
import { diagnoseThrottles } from "@/lib/throttle";
import { ClusterSnapshotSchema, type ClusterSnapshotInput } from "@/lib/model/snapshot";

const base = (throttles: ClusterSnapshotInput["throttles"], extra: Partial<ClusterSnapshotInput> = {}) =>
  ClusterSnapshotSchema.parse({
    schema: 1,
    capturedAt: "x",
    source: { kind: "import", label: "t" },
    brokers: [{ id: 1 }, { id: 2 }, { id: 3 }],
    topics: [
      {
        name: "orders",
        partitions: [
          { id: 0, replicas: [{ broker: 1 }, { broker: 2 }] },
          { id: 1, replicas: [{ broker: 2 }, { broker: 3 }] },
        ],
      },
    ],
    throttles,
    ...extra,
  });

const codes = (snap: ReturnType<typeof base>) =>
  diagnoseThrottles(snap)
    .findings.map((f) => `${f.code}:${f.topic ?? ""}:${f.broker ?? ""}`)
    .sort();

describe("diagnoseThrottles()", () => {
  it("diagnoseThrottles() finds nothing on a cluster without throttles", () => {
    expect(diagnoseThrottles(base({})).findings).toEqual([]);
  });

  it("diagnoseThrottles() flags a list whose broker has no rate, and stale lists", () => {
    const snap = base({ topics: [{ topic: "orders", leaderReplicas: "0:1,1:2" }] });
    expect(codes(snap)).toEqual(["list_without_rate:orders:1", "list_without_rate:orders:2", "stale_list:orders:"]);
  });

  it("diagnoseThrottles() flags rates left while nothing moves, and not while a reassignment runs", () => {
    const rates = { defaults: { follower: 1000 }, brokers: [{ broker: 1, leader: 1000 }] };
    expect(codes(base(rates))).toEqual(["stale_rate::1", "stale_rate::1", "stale_rate::2", "stale_rate::3"]);
    const moving = base({ ...rates, reassignments: [{ topic: "orders", partition: 0, replicas: [1, 2, 3], adding: [3] }] });
    expect(codes(moving)).toEqual([]);
  });

  it("diagnoseThrottles() flags strings the brokers reject or cannot parse", () => {
    const snap = base({
      brokers: [
        { broker: 1, leader: 10, follower: 10 },
        { broker: 2, leader: 10, follower: 10 },
        { broker: 3, leader: 10, follower: 10 },
      ],
      topics: [{ topic: "orders", leaderReplicas: "*,0:1", followerReplicas: "0:2, 1:3" }],
      reassignments: [{ topic: "orders", partition: 0, replicas: [1, 2] }],
    });
    const findings = diagnoseThrottles(snap).findings;
    expect(findings.find((f) => f.code === "invalid_list")!.message).toMatch(/brokers reject/);
    expect(findings.find((f) => f.code === "unparseable_list")!.message).toMatch(/broker 3 cannot parse/);
  });

  it("diagnoseThrottles() flags entries naming brokers without a replica of the partition", () => {
    const snap = base({
      brokers: [
        { broker: 1, leader: 10 },
        { broker: 2, leader: 10 },
        { broker: 3, leader: 10 },
      ],
      topics: [{ topic: "orders", leaderReplicas: "0:1,0:3,7:1" }],
      reassignments: [{ topic: "orders", partition: 0, replicas: [1, 2] }],
    });
    const f = diagnoseThrottles(snap).findings.find((x) => x.code === "unknown_replica")!;
    expect(f.message).toContain("0:3, 7:1");
  });

  it("diagnoseThrottles() shows what each broker throttles, with * as every partition", () => {
    const d = diagnoseThrottles(base({ topics: [{ topic: "orders", leaderReplicas: "*", followerReplicas: "1:3" }] }));
    expect(d.brokers.find((b) => b.broker === 3)).toMatchObject({ leader: [{ topic: "orders", partitions: "ALL" }], follower: [{ topic: "orders", partitions: [1] }] });
    expect(d.brokers.find((b) => b.broker === 1)!.follower).toEqual([]);
  });
});

describe("diagnoseThrottles() advice with a hostile topic name", () => {
  it("diagnoseThrottles() quotes a topic name that a shell would run, in the command it suggests", () => {
    const topic = "o$(touch /tmp/kb-pwned)";
    const snap = base({ topics: [{ topic, leaderReplicas: "0:1" }] }, { topics: [{ name: topic, partitions: [{ id: 0, replicas: [{ broker: 1 }, { broker: 2 }] }] }] });
    const stale = diagnoseThrottles(snap).findings.find((f) => f.code === "stale_list")!;
    expect(stale.message).toContain(`--entity-name 'o$(touch /tmp/kb-pwned)' --alter`);
  });
});
