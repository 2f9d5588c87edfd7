import { describe, expect, it } from "vitest";
import { describeKafkaLines, KAFKA_LINES, kafkaBehaviour, kafkaLineOf, logDirRulesFor, possibleKafkaLines } from "@/lib/model/kafka-versions";

describe("kafka-versions", () => {
  it("kafkaBehaviour() keeps tie order and cordon support apart: 4.3 hashes ties and cordons, 4.4 ties in log.dirs order", () => {
    const rows = KAFKA_LINES.map((l) => [
      l,
      kafkaBehaviour(l).logDirTieOrder,
      kafkaBehaviour(l).cordonedLogDirs,
      kafkaBehaviour(l).generatePlacer,
      kafkaBehaviour(l).zookeeperMode,
    ]);
    expect(rows).toEqual([
      ["3.9", "scala-hash", false, "admin-utils", true],
      ["4.0", "scala-hash", false, "admin-utils", false],
      ["4.1", "scala-hash", false, "striped", false],
      ["4.2", "scala-hash", false, "striped", false],
      ["4.3", "scala-hash", true, "striped", false],
      ["4.4", "config", true, "striped", false],
    ]);
  });

  it("kafkaLineOf() maps releases to their row, older and newer ones to the end rows", () => {
    expect(["3.9.2", "4.0.2", "4.3.0", "4.3.1", "4.4.0", "2.8", "3.6.1", "4.5.0", "5.1", "4.3.1-rc2", "trunk", ""].map(kafkaLineOf)).toEqual([
      "3.9",
      "4.0",
      "4.3",
      "4.3",
      "4.4",
      "3.9",
      "3.9",
      "4.4",
      "4.4",
      "4.3",
      null,
      null,
    ]);
  });

  it("possibleKafkaLines() reads every label the reader writes", () => {
    expect(possibleKafkaLines("4.3")).toEqual(["4.3"]);
    expect(possibleKafkaLines("4.x")).toEqual(["4.0", "4.1", "4.2", "4.3", "4.4"]);
    expect(possibleKafkaLines("3.x or older")).toEqual(["3.9"]);
    expect(possibleKafkaLines("4.4 or newer")).toEqual(["4.4"]);
    expect(possibleKafkaLines("4.3 or 4.4")).toEqual(["4.3", "4.4"]);
    expect(possibleKafkaLines("4.4 and 4.3")).toEqual(["4.3", "4.4"]);
    expect(possibleKafkaLines("4.1 to 4.3")).toEqual(["4.1", "4.2", "4.3"]);
    expect(possibleKafkaLines(null)).toEqual([...KAFKA_LINES]);
    expect(possibleKafkaLines("something else")).toEqual([...KAFKA_LINES]);
  });

  it("describeKafkaLines() round-trips through possibleKafkaLines()", () => {
    for (const lines of [["4.3"], ["4.3", "4.4"], ["4.0", "4.1", "4.2"], ["3.9", "4.4"], [...KAFKA_LINES]] as const) {
      const label = describeKafkaLines(lines);
      expect(possibleKafkaLines(label === "unknown" ? null : label)).toEqual([...lines]);
    }
  });

  it("logDirRulesFor() groups the candidate lines by log-dir rule, newest first", () => {
    expect(logDirRulesFor("4.x").map((r) => [r.rule.tieOrder, r.rule.honoursCordons, r.lines])).toEqual([
      ["config", true, ["4.4"]],
      ["scala-hash", true, ["4.3"]],
      ["scala-hash", false, ["4.0", "4.1", "4.2"]],
    ]);
    expect(logDirRulesFor("4.1 to 4.2")).toHaveLength(1);
  });
});
