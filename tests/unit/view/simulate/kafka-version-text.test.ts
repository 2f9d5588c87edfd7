import { describe, expect, it } from "vitest";
import { KAFKA_VERSION_OPTIONS, kafkaVersionHint, logDirRuleText, simulatedKafkaText } from "@/lib/view/simulate/kafka-version-text";

describe("logDirRuleText()", () => {
  it("logDirRuleText() names each line's tie order and cordon support", () => {
    expect(logDirRuleText("4.2")).toBe("ties in Scala hash order (5+ dirs), no cordons");
    expect(logDirRuleText("4.3")).toBe("ties in Scala hash order (5+ dirs), cordons honoured");
    expect(logDirRuleText("4.4")).toBe("ties in log.dirs order, cordons honoured");
  });
});

describe("KAFKA_VERSION_OPTIONS", () => {
  it("KAFKA_VERSION_OPTIONS offers the base's own versions first, then every line newest first", () => {
    expect(KAFKA_VERSION_OPTIONS.map((o) => o.value)).toEqual(["auto", "4.4", "4.3", "4.2", "4.1", "4.0", "3.9"]);
    expect(KAFKA_VERSION_OPTIONS.map((o) => o.label)).toEqual([
      "As the base runs",
      "Kafka 4.4 and newer",
      "Kafka 4.3",
      "Kafka 4.2",
      "Kafka 4.1",
      "Kafka 4.0",
      "Kafka 3.9 and older",
    ]);
  });
});

describe("kafkaVersionHint()", () => {
  it("kafkaVersionHint() explains auto, and names a line's LogManager rule", () => {
    expect(kafkaVersionHint("auto")).toBe("Each broker's own version as read; the newest it could be when unknown");
    expect(kafkaVersionHint("4.4")).toBe("LogManager: ties in log.dirs order, cordons honoured");
  });
});

describe("simulatedKafkaText()", () => {
  it("simulatedKafkaText() names the one line a run simulates, and says when it was assumed", () => {
    expect(simulatedKafkaText([{ line: "4.3", brokers: [1, 2], assumed: false }])).toBe("Log-dir rule of Kafka 4.3 (ties in Scala hash order (5+ dirs), cordons honoured)");
    expect(simulatedKafkaText([{ line: "4.4", brokers: [1], assumed: true }])).toBe(
      "Log-dir rule of Kafka 4.4 and newer (ties in log.dirs order, cordons honoured), assumed: the base does not say which version it runs; pick one under Kafka version",
    );
  });

  it("simulatedKafkaText() lists each group of brokers in a mixed fleet, and nothing for no brokers", () => {
    expect(
      simulatedKafkaText([
        { line: "4.2", brokers: [3], assumed: false },
        { line: "4.4", brokers: [1, 2], assumed: false },
      ]),
    ).toBe("Log-dir rules: broker 3 on Kafka 4.2 (ties in Scala hash order (5+ dirs), no cordons); brokers 1, 2 on Kafka 4.4 and newer (ties in log.dirs order, cordons honoured)");
    expect(simulatedKafkaText([])).toBe("");
  });
});
