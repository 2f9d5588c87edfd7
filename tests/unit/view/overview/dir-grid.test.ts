import { describe, expect, it } from "vitest";
import type { BrokerDirGrid } from "@/lib/view/overview/broker-dir-heatmap";
import { dirGridLabels, dirGridUnit, isWideDirGrid, shortDirLabels } from "@/lib/view/overview/dir-grid";

const GiB = 1024 ** 3;
const grid = (labels: string[], metric: BrokerDirGrid["metric"] = "bytes", max = 300 * GiB) =>
  ({ columns: labels.map((label) => ({ key: label, label })), metric, scale: { domain: [0, max] } }) as unknown as BrokerDirGrid;

describe("shortDirLabels()", () => {
  it("shortDirLabels() drops the folder every path shares", () => {
    expect(shortDirLabels(["/data/d1", "/data/d2"])).toEqual(["d1", "d2"]);
  });

  it("shortDirLabels() keeps the labels when they do not share a folder, or there is only one", () => {
    expect(shortDirLabels(["/data/d1", "/mnt/d2"])).toEqual(["/data/d1", "/mnt/d2"]);
    expect(shortDirLabels(["/data/d1"])).toEqual(["/data/d1"]);
    expect(shortDirLabels(["#1", "#2"])).toEqual(["#1", "#2"]);
    expect(shortDirLabels(["/data/", "/data/d2"])).toEqual(["/data/", "/data/d2"]);
  });
});

describe("dirGridLabels()", () => {
  it("dirGridLabels() shows full paths in a wide grid while they fit, else the part that differs", () => {
    expect(dirGridLabels(grid(["/data/d1", "/data/d2", "/data/d3"]))).toEqual(["/data/d1", "/data/d2", "/data/d3"]);
    expect(dirGridLabels(grid(["/var/kafka/d1", "/var/kafka/d2"]))).toEqual(["d1", "d2"]);
    expect(dirGridLabels(grid(["/data/d1", "/data/d2", "/data/d3", "/data/d4"]))).toEqual(["d1", "d2", "d3", "d4"]);
  });
});

describe("dirGridUnit()", () => {
  it("dirGridUnit() gives a narrow bytes grid the largest dir's unit, and no unit otherwise", () => {
    const narrow = ["/data/d1", "/data/d2", "/data/d3", "/data/d4"];
    expect(isWideDirGrid(grid(narrow))).toBe(false);
    expect(dirGridUnit(grid(narrow))).toEqual({ name: "GiB", factor: GiB });
    expect(dirGridUnit(grid(narrow, "partitions"))).toBeNull();
    expect(dirGridUnit(grid(["/data/d1", "/data/d2"]))).toBeNull();
  });
});
