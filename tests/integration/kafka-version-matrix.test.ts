/**
 * Every supported Kafka line on a real broker: a short seeded scenario on one node with five log dirs
 * (creates, a cordon where the line has cordons, a delete, added partitions, a restart with a dir
 * appended), and after every step each dir's log count equals the simulator's prediction under the
 * version the live reader detected. On every line with cordons (4.3+), also two nodes where one node's
 * every log dir is cordoned: Kafka must place nothing there and refuse in 4.3+'s words, exactly as the
 * simulator predicts. `npm run kafka:matrix` runs the same at a longer size.
 * Ports 19800.. (controllers 19850..) and the .kafka/it-matrix-* baseDirs belong to this file only.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { kafkaBehaviour, kafkaLineOf, type KafkaLine } from "@/lib/model/kafka-versions";
import { runCordonPlacement } from "@/scripts/kafka/cordon-placement";
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

/** The releases whose line has cordoned.log.dirs (KIP-1066): 4.3.1 and 4.4.0. */
const CORDON_VERSIONS = KAFKA_VERSIONS.filter((v) => kafkaBehaviour(kafkaLineOf(v)!).cordonedLogDirs);

describe("Kafka version matrix on real brokers", () => {
  it("covers one release of every line from 3.9 to 4.4", () => {
    expect(KAFKA_VERSIONS.map((v) => kafkaLineOf(v))).toEqual(["3.9", "4.0", "4.1", "4.2", "4.3", "4.4"]);
  });

  // The versions run side by side (each its own ports and baseDir): each mostly waits on its broker.
  it.concurrent.for(KAFKA_VERSIONS.map((version, i) => [version, i] as const))(
    "Kafka %s: the reader detects its line and every dir's log count matches the prediction after every step",
    async ([version, i], { expect }) => {
      const lines: string[] = [];
      const result = await runVersionMatrix({
        version,
        baseDir: path.resolve(`.kafka/it-matrix-${version}`),
        basePort: 19800 + i * 5,
        seed: 11 + i,
        rounds: 1,
        dirs: 5,
        restart: true,
        mustRefute: MUST_REFUTE[kafkaLineOf(version)!],
        log: (l) => lines.push(l),
      });
      process.stdout.write(`\n${lines.join("\n")}\n`);
      const line = kafkaLineOf(version)!;
      expect(result.detected).toBe(line);
      expect(result.steps.filter((s) => !s.ok).map((s) => `${s.label}: predicted [${s.predicted}] actual [${s.actual}]`)).toEqual([]);
      expect(result.steps.length).toBeGreaterThanOrEqual(line === "4.3" || line === "4.4" ? 8 : 6);
      expect(result.discriminates).toEqual(expect.arrayContaining(MUST_REFUTE[line]));
      expect(result.ok).toBe(true);
    },
  );

  it.concurrent.for(CORDON_VERSIONS.map((version, j) => [version, j] as const))(
    "Kafka %s: a broker whose every log dir is cordoned gets no new replica, and the simulator predicts every placement and refusal",
    async ([version, j], { expect }) => {
      const lines: string[] = [];
      const result = await runCordonPlacement({
        version,
        baseDir: path.resolve(`.kafka/it-matrix-cordon-${version}`),
        basePort: 19830 + j * 5,
        seed: 31 + j,
        log: (l) => lines.push(l),
      });
      process.stdout.write(`\n${lines.join("\n")}\n`);
      expect(result.steps.filter((s) => !s.ok).map((s) => `${s.label}: predicted ${s.predicted} actual ${s.actual}`)).toEqual([]);
      const actual = (label: string) => result.steps.find((s) => s.label.startsWith(label))!.actual;
      const sets = (label: string) => actual(label).split(" | ")[0];
      // One of node 2's two dirs cordoned: node 2 still takes a replica of every partition.
      expect(sets("create c1")).toBe("p0:[1,2] p1:[1,2] p2:[1,2] p3:[1,2]");
      // Both cordoned: every new partition on node 1 only, and too few brokers for RF 2.
      expect(sets("create c2")).toBe("p0:[1] p1:[1] p2:[1] p3:[1] p4:[1] p5:[1]");
      expect(sets("add partitions to c2")).toBe("p0:[1] p1:[1] p2:[1] p3:[1] p4:[1] p5:[1] p6:[1] p7:[1]");
      const tooFew = "The target replication factor of 2 cannot be reached because only 1 broker(s) are registered or some brokers have all their log directories cordoned.";
      expect(actual("create c3")).toBe(`refused: Unable to replicate the partition 2 time(s): ${tooFew}`);
      expect(actual("add partitions to c1")).toBe(`refused: ${tooFew}`);
      // Every dir of both nodes cordoned, then node 2's cordon lifted.
      expect(actual("create c4")).toBe("refused: Unable to replicate the partition 1 time(s): All brokers are currently fenced, or have all their log directories cordoned.");
      expect(sets("create c5")).toBe("p0:[2] p1:[2] p2:[2] p3:[2]");
      // Kafka 4.2's rules (no cordons) would have put replicas on node 2 and accepted RF 2.
      expect(result.discriminating).toEqual(expect.arrayContaining(["create c2 (6 partitions, RF 1)", "create c3 (2 partitions, RF 2)"]));
      expect(result.ok).toBe(true);
    },
  );
});
