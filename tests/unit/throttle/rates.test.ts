import { describe, expect, it } from "vitest";
import { effectiveRates } from "@/lib/throttle/rates";
import { snap } from "@/tests/support/snapshots";

describe("effectiveRates()", () => {
  it("effectiveRates() takes the broker's value, else the cluster default, else unlimited", () => {
    const s = snap({
      brokers: [{ id: 1 }, { id: 2 }],
      throttles: { defaults: { follower: 500 }, brokers: [{ broker: 1, leader: 100, follower: 200 }] },
    });
    expect(effectiveRates(s, 1)).toMatchObject({ leader: { bytesPerSecond: 100, origin: "broker" }, follower: { bytesPerSecond: 200, origin: "broker" } });
    expect(effectiveRates(s, 2)).toMatchObject({
      leader: { bytesPerSecond: null, origin: "unset" },
      follower: { bytesPerSecond: 500, origin: "default" },
      alterLogDirs: { bytesPerSecond: null, origin: "unset" },
    });
  });

  it("effectiveRates() keeps a broker's 0 (a real, stopping throttle) instead of falling back", () => {
    const s = snap({ brokers: [{ id: 1 }], throttles: { defaults: { alterLogDirs: 700 }, brokers: [{ broker: 1, alterLogDirs: 0 }] } });
    expect(effectiveRates(s, 1)).toEqual({
      broker: 1,
      leader: { bytesPerSecond: null, origin: "unset" },
      follower: { bytesPerSecond: null, origin: "unset" },
      alterLogDirs: { bytesPerSecond: 0, origin: "broker" },
    });
  });
});
