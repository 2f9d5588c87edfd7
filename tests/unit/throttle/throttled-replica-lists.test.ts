import { describe, expect, it } from "vitest";
import { throttledReplicaLists, proposedMoveMap, reassigningBrokers, replicaListsOfMoves } from "@/lib/throttle";

describe("throttledReplicaLists()", () => {
  it("throttledReplicaLists() throttles every source as leader and only new replicas as followers", () => {
    const lists = throttledReplicaLists({ "foo-0": [1, 2, 3], "foo-1": [2, 3, 4] }, { "foo-0": [4, 5, 6], "foo-1": [4, 2, 3] });
    expect(lists).toEqual({ leader: { foo: "0:1,0:2,0:3,1:2,1:3,1:4" }, follower: { foo: "0:4,0:5,0:6" } });
  });

  it("throttledReplicaLists() sorts entries as Java strings, not numbers", () => {
    const lists = throttledReplicaLists({ "t-0": [12, 2], "t-10": [3], "t-1": [0] }, { "t-0": [12, 2], "t-10": [3], "t-1": [0] });
    expect(lists.leader.t).toBe("0:12,0:2,10:3,1:0");
    expect(lists.follower.t).toBe("");
  });

  it("throttledReplicaLists() includes in-progress reassignments that the proposal does not name", () => {
    const lists = throttledReplicaLists({ "a-0": [1, 2] }, { "a-0": [2, 3] }, { "b-dash-5": { replicas: [1, 2, 4], adding: [4], removing: [1] } });
    expect(lists.leader).toEqual({ a: "0:1,0:2", "b-dash": "5:1,5:2" });
    expect(lists.follower).toEqual({ a: "0:3", "b-dash": "5:4" });
  });

  it("throttledReplicaLists() takes sources from the in-progress reassignment of a proposed partition", () => {
    const lists = throttledReplicaLists({ "a-0": [1, 2, 3] }, { "a-0": [5, 6] }, { "a-0": { replicas: [1, 2, 3], adding: [3], removing: [] } });
    expect(lists).toEqual({ leader: { a: "0:1,0:2" }, follower: { a: "0:5,0:6" } });
  });

  it("replicaListsOfMoves() gives the lists of the move map it is handed, as throttledReplicaLists() builds them", () => {
    const current = { "a-0": [1, 2, 3], "a-1": [2, 3, 4] };
    const proposed = { "a-0": [5, 6], "a-1": [4, 2, 3] };
    const inProgress = { "a-0": { replicas: [1, 2, 3], adding: [3], removing: [] }, "b-2": { replicas: [1, 4], adding: [4], removing: [1] } };
    const lists = replicaListsOfMoves(proposedMoveMap(current, proposed, inProgress));
    expect(lists).toEqual(throttledReplicaLists(current, proposed, inProgress));
    expect(lists).toEqual({ leader: { a: "0:1,0:2,1:2,1:3,1:4", b: "2:1" }, follower: { a: "0:5,0:6", b: "2:4" } });
  });

  it("throttledReplicaLists() refuses a partition that has no current replicas", () => {
    expect(() => throttledReplicaLists({}, { "x-0": [1] })).toThrow("Trying to reassign a topic partition x-0 with 0 replicas");
  });

  it("reassigningBrokers() is the union of sources and destinations", () => {
    expect(reassigningBrokers(proposedMoveMap({ "a-0": [1, 2] }, { "a-0": [2, 7] }))).toEqual([1, 2, 7]);
  });

  it("throttledReplicaLists() splits keys at the last dash and refuses a key without a partition", () => {
    expect(throttledReplicaLists({ "my-topic-12": [1] }, { "my-topic-12": [2] }).follower).toEqual({ "my-topic": "12:2" });
    expect(() => throttledReplicaLists({ nodash: [1] }, { nodash: [2] })).toThrow(/not a topic-partition/);
  });
});
