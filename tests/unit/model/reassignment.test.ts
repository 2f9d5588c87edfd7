import { describe, expect, it } from "vitest";
import { copySize, leaderAndIsrAfter } from "@/lib/model/reassignment";

const replicas = (...sizes: [broker: number, bytes: number | null][]) => sizes.map(([broker, sizeBytes]) => ({ broker, logDir: "/d1", sizeBytes, offsetLag: null, future: null }));
const online =
  (...ids: number[]) =>
  (b: number) =>
    ids.includes(b);

describe("leaderAndIsrAfter()", () => {
  it("leaderAndIsrAfter() keeps the current leader while it is still a replica", () => {
    const before = { leader: 2, isr: [1, 2], replicas: replicas([1, 0], [2, 0]) };
    expect(leaderAndIsrAfter(before, [3, 2], online(1, 2, 3))).toEqual({ leader: 2, isr: [3, 2] });
  });

  it("leaderAndIsrAfter() hands leadership to the first in-sync replica of the new list when the leader leaves", () => {
    const before = { leader: 1, isr: [1, 2], replicas: replicas([1, 0], [2, 0]) };
    expect(leaderAndIsrAfter(before, [3, 2], online(1, 2, 3))).toEqual({ leader: 3, isr: [3, 2] });
  });

  it("leaderAndIsrAfter() keeps out-of-sync replicas that stay out of the ISR, and offline brokers out of it", () => {
    const before = { leader: 1, isr: [1], replicas: replicas([1, 0], [2, 0]) };
    expect(leaderAndIsrAfter(before, [1, 2, 3, 4], online(1, 2, 3))).toEqual({ leader: 1, isr: [1, 3] });
  });

  it("leaderAndIsrAfter() leaves a partition without a leader when no new replica is online", () => {
    const before = { leader: 1, isr: [1], replicas: replicas([1, 0]) };
    expect(leaderAndIsrAfter(before, [2], online(1))).toEqual({ leader: null, isr: [] });
  });
});

describe("copySize()", () => {
  it("copySize() is the leader's size", () => {
    expect(copySize({ leader: 2, replicas: replicas([1, 50], [2, 30]) })).toBe(30);
  });

  it("copySize() is the largest replica's size when the leader's is unknown or there is no leader", () => {
    expect(copySize({ leader: 2, replicas: replicas([1, 50], [2, null]) })).toBe(50);
    expect(copySize({ leader: null, replicas: replicas([1, 10], [2, 40]) })).toBe(40);
    expect(copySize({ leader: null, replicas: replicas([1, null]) })).toBe(0);
  });
});
