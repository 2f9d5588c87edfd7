import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { parseBrokerDetailQuery, brokerDetail } from "@/lib/view/overview/broker-detail";
import { GiB, storySnapshot } from "@/tests/support/snapshots";

describe("brokerDetail()", () => {
  const s = storySnapshot();
  const report = balanceReport(s);

  it("brokerDetail() lists the broker's dirs and its largest replicas, largest first", () => {
    const d = brokerDetail(s, report, 2, 3)!;
    expect(d.dirs.map((x) => x.path)).toEqual(["/d1", "/d2", "/d3"]);
    expect(d.largest!.map((r) => [r.topic, r.partition, r.logDir, r.sizeBytes, r.leader])).toEqual([
      ["orders", 0, "/d2", 40 * GiB, false],
      ["orders", 1, "/d3", 40 * GiB, true],
      ["__consumer_offsets", 0, "/d1", 1024, false],
    ]);
    expect(d.largest!.every((r) => r.inSync)).toBe(true);
  });

  it("brokerDetail() says which facts the snapshot's source carried, so the drawer says 'unknown' rather than 'none'", () => {
    expect(brokerDetail(s, report, 2)!.known).toMatchObject({ racks: true, leadership: true, cordons: true });
    const imported = { ...s, source: { ...s.source, kind: "import" as const, unknownFacts: ["racks" as const, "leadership" as const, "cordons" as const] } };
    expect(brokerDetail(imported, report, 2)!.known).toMatchObject({ racks: false, leadership: false, cordons: false, capacity: true });
    expect(brokerDetail(null, report, 2)!.known).toBeNull();
  });

  it("brokerDetail() returns null for a broker the report does not list", () => {
    expect(brokerDetail(s, report, 9)).toBeNull();
  });

  it("brokerDetail() without the snapshot gives the report's figures and dirs, no address, and largest null (not known yet)", () => {
    const d = brokerDetail(null, report, 2)!;
    expect(d.figures).toEqual(report.brokers.find((b) => b.id === 2));
    expect(d.dirs.map((x) => x.path)).toEqual(["/d1", "/d2", "/d3"]);
    expect([d.host, d.port, d.largest]).toEqual([null, null, null]);
  });

  it("brokerDetail() for a broker the report has and the snapshot lacks (added by a step) lists no replicas", () => {
    const withoutBroker2 = { ...s, brokers: s.brokers.filter((b) => b.id !== 2) };
    expect(brokerDetail(withoutBroker2, report, 2)!.largest).toEqual([]);
  });

  it("parseBrokerDetailQuery() takes cluster and broker, and names a missing, malformed or unknown parameter", () => {
    const good = parseBrokerDetailQuery({ cluster: "prod", broker: "7" });
    expect(good.ok && good.value).toEqual({ cluster: "prod", broker: 7 });
    const shared = parseBrokerDetailQuery({ shared: "AAAAAAAAAAAAAAAAAAAAAA", broker: "7" });
    expect(shared.ok && shared.value).toEqual({ cluster: undefined, shared: "AAAAAAAAAAAAAAAAAAAAAA", broker: 7 });
    for (const [params, path] of [
      [{ shared: "AAAAAAAAAAAAAAAAAAAAAA", cluster: "prod", broker: "7" }, "shared"],
      [{}, "broker"],
      [{ broker: "seven" }, "broker"],
      [{ broker: "-1" }, "broker"],
      [{ broker: "1", dir: "/d1" }, "dir"],
    ] as const) {
      const parsed = parseBrokerDetailQuery(params);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.issues.map((i) => i.path)).toContain(path);
    }
  });
});
