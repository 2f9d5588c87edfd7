import { describe, expect, it } from "vitest";
import { METRIC_FAMILIES } from "@/lib/metrics/families";

describe("METRIC_FAMILIES", () => {
  const names = Object.keys(METRIC_FAMILIES);

  it("METRIC_FAMILIES names follow Prometheus conventions: kafka_balance_ prefix, snake case, a unit or a count last", () => {
    for (const name of names) {
      expect(name).toMatch(/^kafka_balance_[a-z0-9_]+$/);
      expect(name, name).toMatch(/_(bytes|seconds|ratio|partitions|leaders|brokers|online|up|trap|balanced)$/);
      expect(name, "gauges never end in _total").not.toMatch(/_total$/);
    }
  });

  it("METRIC_FAMILIES labels are cluster, then broker, then log_dir, by level", () => {
    for (const [name, family] of Object.entries(METRIC_FAMILIES)) {
      const expected = name.startsWith("kafka_balance_log_dir_")
        ? ["cluster", "broker", "log_dir"]
        : name.startsWith("kafka_balance_broker_")
          ? ["cluster", "broker"]
          : ["cluster"];
      expect([...family.labels], name).toEqual(expected);
      expect(family.help.length, name).toBeGreaterThan(20);
      expect(family.help, `${name}: help is plain ASCII`).toMatch(/^[\x20-\x7e]+$/);
    }
  });
});
