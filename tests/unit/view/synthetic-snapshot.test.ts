import { describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { seededRandom, syntheticSnapshot } from "@/lib/view/synthetic-snapshot";

describe("syntheticSnapshot()", () => {
  const options = { brokers: 20, dirsPerBroker: 4, topics: 30, maxPartitions: 8, replicationFactor: 3, seed: 3 };

  it("syntheticSnapshot() builds a valid snapshot of the requested shape", () => {
    const s = syntheticSnapshot(options);
    const parsed = parseSnapshot(s);
    expect(parsed.ok).toBe(true);
    expect(s.brokers).toHaveLength(20);
    expect(s.brokers.every((b) => b.logDirs.length === 4)).toBe(true);
    expect(s.topics).toHaveLength(30);
    expect(s.topics[0]).toMatchObject({ name: "__consumer_offsets", internal: true });
  });

  it("syntheticSnapshot() is the same for the same seed", () => {
    expect(syntheticSnapshot(options)).toEqual(syntheticSnapshot(options));
  });

  it("seededRandom() stays in [0, 1)", () => {
    const r = seededRandom(1);
    for (let i = 0; i < 1000; i++) {
      const x = r();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});
