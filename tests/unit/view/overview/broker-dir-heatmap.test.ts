import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { DIVERGING } from "@/lib/view/common/color-scale";
import { brokerDirGrid, dirAriaLabel, emptyCellLabel, metricScale, shortPath } from "@/lib/view/overview/broker-dir-heatmap";
import { GiB, sharedDiskSnapshot, snap, storySnapshot } from "@/tests/support/snapshots";

describe("brokerDirGrid()", () => {
  const report = balanceReport(storySnapshot());

  it("brokerDirGrid() has one row per broker and one cell per log dir, columns by shared path", () => {
    const g = brokerDirGrid(report, "utilization");
    expect(g.columnMode).toBe("path");
    expect(g.columns.map((c) => c.label)).toEqual(["/d1", "/d2", "/d3"]);
    expect(g.rows.map((r) => r.broker)).toEqual([1, 2]);
    expect(g.cellCount).toBe(6);
    expect(g.cells(0).map((c) => c?.text)).toEqual(["<0.1%", "40%", "40%"]);
  });

  it("brokerDirGrid() labels every cell with bytes, utilisation and partitions", () => {
    const cell = brokerDirGrid(report, "bytes").cells(1)[2]!;
    expect(cell.summary).toBe("broker 2, /d3: 40.0 GiB, 40% used, 1 partition");
    expect(cell.text).toBe("40.0 GiB");
  });

  it("brokerDirGrid() names every cell by its printed texts first, in the order printed, then its summary", () => {
    const s = snap({
      brokers: [1, 2].map((id) => ({ id, logDirs: [{ path: `/k${id}/a`, totalBytes: 100 * GiB, usableBytes: 10 * GiB }, { path: `/k${id}/b` }] })),
      topics: [
        { name: "t", partitions: [{ id: 0, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/k1/b", sizeBytes: GiB, future: { logDir: "/k1/a", sizeBytes: GiB } }] }] },
      ],
    });
    const g = brokerDirGrid(balanceReport(s), "utilization");
    expect(g.columnMode).toBe("position");
    const full = g.cells(0)[0]!;
    expect([full.text, full.caption, full.markText, full.futureText]).toEqual(["90%", "/k1/a", "85%+", "⇢ 1"]);
    expect(full.ariaLabel).toBe(`90% /k1/a 85%+ ⇢ 1: ${full.summary}`);
    expect(full.summary).toBe("broker 1, /k1/a: 0 B, 90% used, 0 partitions, 1 replica moving in");
    const unknown = g.cells(0)[1]!;
    expect(unknown.ariaLabel).toBe("capacity unknown /k1/b: broker 1, /k1/b: 1.0 GiB, capacity unknown, 1 partition");
    // Whatever the metric and state, the name starts with exactly what the cell prints.
    for (const metric of ["utilization", "bytes", "partitions", "deviation"] as const) {
      const grid = brokerDirGrid(balanceReport(s), metric);
      grid.rows.forEach((_, r) => {
        for (const c of grid.cells(r)) if (c) expect(c.ariaLabel.startsWith([c.text, c.caption, c.markText, c.futureText].filter(Boolean).join(" "))).toBe(true);
      });
    }
  });

  it("brokerDirGrid() colours by the chosen metric and picks a readable text colour", () => {
    const parts = brokerDirGrid(report, "partitions");
    const d1 = parts.cells(0)[0]!;
    const d2 = parts.cells(0)[1]!;
    expect(d1.text).toBe("5");
    expect(d1.background).not.toBe(d2.background);
    expect(["#000000", "#ffffff"]).toContain(d1.foreground);
  });

  it("brokerDirGrid() prints deviation from the broker mean, signed", () => {
    const g = brokerDirGrid(report, "deviation");
    expect(g.cells(0).map((c) => c?.text)).toEqual(["\u2212100%", "+50%", "+50%"]);
    expect(g.scale.kind).toBe("diverging");
  });

  it("metricScale() spans deviation to the fullest dir's excess, so that dir is the darkest red and an emptier one takes the blue end", () => {
    const g = brokerDirGrid(report, "deviation");
    expect(g.scale.domain[1]).toBeCloseTo(0.5, 5);
    expect(g.cells(0).map((c) => c?.background)).toEqual([DIVERGING[0], DIVERGING[8], DIVERGING[8]]);
  });

  it("brokerDirGrid() hatches unknown capacity in utilisation mode and says so", () => {
    const s = snap({ brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b", totalBytes: 10, usableBytes: 5 }] }] });
    const g = brokerDirGrid(balanceReport(s), "utilization");
    expect(g.cells(0)[0]).toMatchObject({ pattern: "unknown", text: "capacity unknown", background: null, value: null });
    expect(g.legend.swatches.map((x) => x.pattern)).toEqual(["unknown"]);
    expect(brokerDirGrid(balanceReport(s), "bytes").cells(0)[0]!.pattern).toBe("none");
  });

  it("brokerDirGrid() marks offline, cordoned and unreachable with a pattern and a word", () => {
    const s = snap({
      brokers: [
        {
          id: 1,
          logDirs: [
            { path: "/a", state: "offline", error: "KafkaStorageException" },
            { path: "/b", state: "cordoned" },
          ],
        },
        { id: 2, state: "unreachable", error: "timeout", logDirs: [{ path: "/a" }] },
      ],
    });
    const g = brokerDirGrid(balanceReport(s), "bytes");
    expect(g.cells(0).map((c) => [c?.pattern, c?.text])).toEqual([
      ["offline", "offline"],
      ["cordoned", "0 B · cordoned"],
    ]);
    expect(g.cells(1)[0]).toMatchObject({ pattern: "unreachable", text: "unreachable" });
    expect(g.rows[1]!.label).toBe("broker 2 (unreachable)");
    expect([g.rows[1]!.name, g.rows[1]!.note, g.rows[0]!.note]).toEqual(["broker 2", "unreachable", null]);
    expect(g.cells(1)[0]!.summary).toMatch(/broker unreachable$/);
    expect(g.cells(1)[0]!.ariaLabel).toMatch(/^unreachable: broker 2, \/a: /);
    expect(g.legend.swatches.map((x) => x.pattern)).toEqual(["offline", "cordoned", "unreachable"]);
  });

  it("brokerDirGrid() fills the row of a broker whose dirs were never listed with its state, in words and a pattern", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
        { id: 7, rack: "r1", state: "unknown" },
        { id: 8, state: "unreachable" },
      ],
    });
    const g = brokerDirGrid(balanceReport(s), "bytes");
    const [, two, seven, eight] = g.rows;
    expect([seven!.label, seven!.note, seven!.cells]).toEqual(["broker 7 (unknown: not in the kafka-log-dirs output, rack r1)", "r1 · not in log-dirs output", [null, null]]);
    expect(seven!.empty).toMatchObject({ text: "not in log-dirs", pattern: "missing" });
    expect(emptyCellLabel(seven!, "/a")).toBe("not in log-dirs: broker 7, /a, log dirs unknown: the broker is not in the kafka-log-dirs output");
    expect(eight!.empty).toMatchObject({ text: "unreachable", pattern: "unreachable" });
    // An online broker lacking one path just has no dir there.
    expect(two!.empty).toMatchObject({ text: "—", pattern: "none" });
    expect(emptyCellLabel(two!, "/b")).toBe("broker 2 has no /b");
    expect(g.legend.swatches.map((x) => [x.pattern, x.label])).toEqual([
      ["unreachable", "broker unreachable"],
      ["missing", "broker not in the kafka-log-dirs output"],
    ]);
  });

  it("brokerDirGrid() flags dirs receiving a future replica", () => {
    const s = snap({
      brokers: [{ id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] }],
      topics: [{ name: "t", partitions: [{ id: 0, leader: 1, isr: [1], replicas: [{ broker: 1, logDir: "/a", sizeBytes: 5 * GiB, future: { logDir: "/b", sizeBytes: GiB } }] }] }],
    });
    const cell = brokerDirGrid(balanceReport(s), "bytes").cells(0)[1]!;
    expect(cell.futureReplicas).toBe(1);
    expect(cell.summary).toContain("1 replica moving in");
    expect(cell.details.join(" ")).toContain("1.0 GiB");
  });

  it("brokerDirGrid() places cells by position when brokers do not share paths", () => {
    const s = snap({
      brokers: [1, 2, 3].map((id) => ({ id, logDirs: [{ path: `/k${id}/a` }, { path: `/k${id}/b` }] })),
    });
    const g = brokerDirGrid(balanceReport(s), "partitions");
    expect(g.columnMode).toBe("position");
    expect(g.columns.map((c) => c.label)).toEqual(["log dir 1", "log dir 2"]);
    expect(g.cells(2).map((c) => c?.path)).toEqual(["/k3/a", "/k3/b"]);
  });

  it("brokerDirGrid() leaves an empty slot where a broker lacks a shared path", () => {
    const s = snap({
      brokers: [
        { id: 1, logDirs: [{ path: "/a" }, { path: "/b" }] },
        { id: 2, logDirs: [{ path: "/a" }] },
      ],
    });
    const g = brokerDirGrid(balanceReport(s), "bytes");
    expect(g.cells(1)[1]).toBeNull();
    expect(g.cellCount).toBe(3);
  });

  it("metricScale() keeps utilisation on a fixed 0–100 % domain and floors deviation at ±25 %", () => {
    expect(metricScale(report.dirs, "utilization").domain).toEqual([0, 1]);
    const flat = balanceReport(snap({ brokers: [{ id: 1, logDirs: [{ path: "/a" }] }] }));
    expect(metricScale(flat.dirs, "deviation").domain).toEqual([-0.25, 0.25]);
  });

  it("dirAriaLabel() adds the deviation when that metric is shown", () => {
    expect(dirAriaLabel(report.dirs[1]!, "deviation", false)).toBe("broker 1, /d2: 40.0 GiB, 40% used, 1 partition, +50% vs broker mean");
  });

  it("shortPath() keeps the last two segments of a long path", () => {
    expect(["/var/lib/kafka/node1/d1", "/data/d1", "d1"].map(shortPath)).toEqual(["…/node1/d1", "/data/d1", "d1"]);
  });
});

describe("brokerDirGrid() on dirs that share a filesystem", () => {
  it("brokerDirGrid() marks the dirs of a shared disk, names the dirs each shares with, and says what the mark means", () => {
    const grid = brokerDirGrid(balanceReport(sharedDiskSnapshot({ thirdDisk: true })), "utilization");
    const cells = grid.cells(0);
    expect(cells.map((c) => c?.diskText)).toEqual(["shared disk", "shared disk", null]);
    expect(cells[0]!.summary).toBe("broker 1, /a: 300.0 GiB, 71% used (the disk's), 1 partition, one disk with /b");
    expect(cells[0]!.ariaLabel).toBe("71% 70%+ shared disk: broker 1, /a: 300.0 GiB, 71% used (the disk's), 1 partition, one disk with /b");
    expect(cells[0]!.details).toContain(
      "same total and usable bytes as its other dirs: one filesystem (or a mount that failed at boot), so moving replicas between them frees no space",
    );
    expect(cells[2]!.summary).toBe("broker 1, /c: 73.0 GiB, 15% used, 1 partition");
    expect(grid.note).toContain("Cells marked “shared disk” are dirs of one broker on one filesystem");
    // The deviation a shared dir shows is its disk's: /a and /b both at (500 − 286.5) ÷ 286.5.
    const dev = brokerDirGrid(balanceReport(sharedDiskSnapshot({ thirdDisk: true })), "deviation").cells(0);
    expect(dev[0]!.value).toBeCloseTo(500 / 286.5 - 1, 10);
    expect(dev[1]!.value).toBeCloseTo(500 / 286.5 - 1, 10);
  });

  it("brokerDirGrid() has no note when every dir is its own disk", () => {
    expect(brokerDirGrid(balanceReport(storySnapshot()), "utilization").note).toBeNull();
  });
});
