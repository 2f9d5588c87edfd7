/**
 * Every supported Kafka line on a real broker: a short seeded scenario on one node with five log dirs
 * (creates, a cordon where the line has cordons, a delete, added partitions, a restart with a dir
 * appended), and after every step each dir's log count equals the simulator's prediction under the
 * version the live reader detected. `npm run kafka:matrix` runs the same at a longer size.
 * Ports 19800.. (controllers 19850..) and the .kafka/it-matrix-* baseDirs belong to this file only.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { kafkaLineOf, type KafkaLine } from "@/lib/model/kafka-versions";
import { runVersionMatrix } from "@/scripts/kafka/version-matrix";
import { KAFKA_VERSIONS } from "@/scripts/kafka/versions";

/** The rival rules each line's scenario must tell apart from the broker: otherwise it proved nothing about that line. */
const MUST_REFUTE: Record<KafkaLine, KafkaLine[]> = {
  "3.9": ["4.4"],
  "4.0": ["4.4"],
  "4.1": ["4.4"],
  "4.2": ["4.4"],
  // Hash-order ties (refutes 4.4) and cordons honoured (refutes 4.2).
  "4.3": ["4.2", "4.4"],
  "4.4": ["4.2", "4.3"],
};

describe("Kafka version matrix on real brokers", () => {
  it("covers one release of every line from 3.9 to 4.4", () => {
    expect(KAFKA_VERSIONS.map((v) => kafkaLineOf(v))).toEqual(["3.9", "4.0", "4.1", "4.2", "4.3", "4.4"]);
  });

  it.each(KAFKA_VERSIONS.map((version, i) => [version, i] as const))(
    "Kafka %s: the reader detects its line and every dir's log count matches the prediction after every step",
    async (version, i) => {
      const lines: string[] = [];
      const result = await runVersionMatrix({ version, baseDir: path.resolve(`.kafka/it-matrix-${version}`), basePort: 19800 + i * 5, seed: 11 + i, rounds: 1, dirs: 5, restart: true, log: (l) => lines.push(l) });
      process.stdout.write(`\n${lines.join("\n")}\n`);
      const line = kafkaLineOf(version)!;
      expect(result.detected).toBe(line);
      expect(result.steps.filter((s) => !s.ok).map((s) => `${s.label}: predicted [${s.predicted}] actual [${s.actual}]`)).toEqual([]);
      expect(result.steps.length).toBeGreaterThanOrEqual(line === "4.3" || line === "4.4" ? 8 : 6);
      expect(result.discriminates).toEqual(expect.arrayContaining(MUST_REFUTE[line]));
      expect(result.ok).toBe(true);
    },
  );
});
