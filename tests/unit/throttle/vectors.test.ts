// Kafka's own test cases for the throttle ports (../shared/kafka/vectors.json: TV*, TP*, RQ*).
import { describe, expect, it } from "vitest";
import vectors from "../../fixtures/kafka/vectors.json";
import { isValidThrottledReplicaList, parseThrottledPartitions, ReplicationQuotaManager } from "@/lib/throttle";

type Vector = { id: string } & Record<string, unknown>;
const byId = (id: string) => (vectors.vectors as Vector[]).find((v) => v.id === id)!;

describe("throttle vectors", () => {
  it("isValidThrottledReplicaList() accepts and rejects exactly Kafka's TV1 cases", () => {
    const tv1 = byId("TV1") as unknown as { valid: string[]; invalid: string[] };
    for (const v of tv1.valid) expect(isValidThrottledReplicaList(v), JSON.stringify(v)).toBe(true);
    for (const v of tv1.invalid) expect(isValidThrottledReplicaList(v), JSON.stringify(v)).toBe(false);
  });

  it("parseThrottledPartitions() returns the partitions listed for this broker (TP1, TP2)", () => {
    for (const id of ["TP1", "TP2"]) {
      const v = byId(id) as unknown as { value: string; broker: number; expect: number[] };
      expect(parseThrottledPartitions(v.value, v.broker)).toEqual(v.expect);
    }
  });

  it("parseThrottledPartitions() trims, maps * to ALL and blank to an empty list (TP3)", () => {
    const cases = (byId("TP3") as unknown as { cases: [string, number, number[] | "ALL"][] }).cases;
    for (const [value, broker, expected] of cases) expect(parseThrottledPartitions(value, broker), JSON.stringify(value)).toEqual(expected);
  });

  it("ReplicationQuotaManager.isThrottled() follows the marked lists and the wildcard (RQ1, RQ2)", () => {
    const rq1 = byId("RQ1") as unknown as { markThrottled: Record<string, number[]>; isThrottled: Record<string, boolean> };
    const q = new ReplicationQuotaManager();
    for (const [topic, parts] of Object.entries(rq1.markThrottled)) q.markThrottled(topic, parts);
    for (const [tp, expected] of Object.entries(rq1.isThrottled)) {
      const i = tp.lastIndexOf("-");
      expect(q.isThrottled(tp.slice(0, i), Number(tp.slice(i + 1))), tp).toBe(expected);
    }
    const rq2 = byId("RQ2") as unknown as { isThrottled: Record<string, boolean> };
    const all = new ReplicationQuotaManager();
    all.markThrottled("MyTopic", "ALL");
    for (const [tp, expected] of Object.entries(rq2.isThrottled)) {
      const i = tp.lastIndexOf("-");
      expect(all.isThrottled(tp.slice(0, i), Number(tp.slice(i + 1))), tp).toBe(expected);
    }
  });
});
