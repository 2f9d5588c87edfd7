import { describe, expect, it } from "vitest";
import { summariseList, throttleView } from "@/lib/view/overview/throttles";
import { snap } from "@/tests/support/snapshots";

describe("throttleView()", () => {
  it("throttleView() is empty when nothing is throttled or moving", () => {
    const v = throttleView(snap({ brokers: [{ id: 1 }, { id: 2 }] }));
    expect(v).toMatchObject({ empty: true, brokers: [], unthrottledBrokers: [1, 2], topics: [], reassignments: [] });
    expect(v.defaults.leader).toEqual({ text: "not set", origin: "unset" });
  });

  it("throttleView() resolves each broker's rates from its own value or the cluster default", () => {
    const v = throttleView(
      snap({
        brokers: [{ id: 1 }, { id: 2 }],
        throttles: { defaults: { follower: 10 * 1024 * 1024 }, brokers: [{ broker: 2, leader: 50 * 1024 * 1024 }] },
      }),
    );
    expect(v.empty).toBe(false);
    expect(v.brokers.map((b) => [b.scope, b.leader.text, b.follower.text, b.alterLogDirs.text])).toEqual([
      ["broker 1", "unlimited", "10.0 MiB/s (default)", "unlimited"],
      ["broker 2", "50.0 MiB/s", "10.0 MiB/s (default)", "unlimited"],
    ]);
  });

  it("throttleView() summarises throttled lists and in-flight reassignments", () => {
    const v = throttleView(
      snap({
        throttles: {
          topics: [{ topic: "orders", leaderReplicas: "0:1,1:2", followerReplicas: "*" }, { topic: "idle" }],
          reassignments: [{ topic: "orders", partition: 3, replicas: [1, 2, 4], adding: [4], removing: [] }],
        },
      }),
    );
    expect(v.topics).toEqual([{ topic: "orders", leader: { raw: "0:1,1:2", text: "2 replicas: 0:1, 1:2" }, follower: { raw: "*", text: "all replicas (*)" } }]);
    expect(v.reassignments).toEqual([{ topicPartition: "orders-3", replicas: "1, 2, 4", adding: "4", removing: "–" }]);
  });

  it("summariseList() shortens long lists and keeps the raw value", () => {
    const raw = Array.from({ length: 9 }, (_, i) => `${i}:1`).join(",");
    expect(summariseList(raw).text).toBe("9 replicas: 0:1, 1:1, 2:1, 3:1, 4:1, 5:1, …");
    expect(summariseList(null).text).toBe("not set");
  });
});
