import { describe, expect, it } from "vitest";
import { simulatedKafkaLine, simulatedKafkaLines } from "@/lib/simulate/kafka-line";

describe("simulatedKafkaLine()", () => {
  it("simulatedKafkaLine() takes a named line for every broker, whatever the base says", () => {
    expect(simulatedKafkaLine("4.2", { kafkaVersion: "4.4.0" }, "4.4.0")).toEqual({ line: "4.2", assumed: false });
  });

  it("simulatedKafkaLine() under auto takes the broker's own version, else the cluster's", () => {
    expect(simulatedKafkaLine("auto", { kafkaVersion: "4.3.1" }, "4.4.0")).toEqual({ line: "4.3", assumed: false });
    expect(simulatedKafkaLine("auto", { kafkaVersion: null }, "3.9.1")).toEqual({ line: "3.9", assumed: false });
  });

  it("simulatedKafkaLine() under auto assumes the newest line a vague or missing version could be, and says so", () => {
    expect(simulatedKafkaLine("auto", {}, null)).toEqual({ line: "4.4", assumed: true });
    expect(simulatedKafkaLine("auto", {}, "4.2 or 4.3")).toEqual({ line: "4.3", assumed: true });
  });
});

describe("simulatedKafkaLines()", () => {
  it("simulatedKafkaLines() groups brokers by line, oldest first, assumed after pinned", () => {
    const snapshot = {
      source: { kafkaVersion: "4.x" },
      brokers: [{ id: 1, kafkaVersion: "4.4.0" }, { id: 2, kafkaVersion: "4.2.0" }, { id: 3 }, { id: 4, kafkaVersion: "4.2.1" }],
    };
    expect(simulatedKafkaLines("auto", snapshot)).toEqual([
      { line: "4.2", brokers: [2, 4], assumed: false },
      { line: "4.4", brokers: [1], assumed: false },
      { line: "4.4", brokers: [3], assumed: true },
    ]);
    expect(simulatedKafkaLines("4.3", snapshot)).toEqual([{ line: "4.3", brokers: [1, 2, 3, 4], assumed: false }]);
  });
});
