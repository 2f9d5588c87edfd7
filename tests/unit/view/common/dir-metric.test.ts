import { describe, expect, it } from "vitest";
import { formatDirMetric, isDirMetric, utilizationMark } from "@/lib/view/common/dir-metric";

describe("dir-metric", () => {
  it("formatDirMetric() prints each metric in its unit", () => {
    expect(formatDirMetric(0.78, "utilization")).toBe("78%");
    expect(formatDirMetric(412 * 1024 ** 3, "bytes")).toBe("412.0 GiB");
    expect(formatDirMetric(27, "partitions")).toBe("27");
    expect(formatDirMetric(0.45, "deviation")).toBe("+45%");
    expect(formatDirMetric(-0.12, "deviation")).toBe("\u221212%");
  });

  it("utilizationMark() reports the highest of the 70 / 85 / 95 % marks reached", () => {
    expect([null, 0.5, 0.7, 0.84, 0.85, 0.949, 0.95, 1].map(utilizationMark)).toEqual([0, 0, 70, 70, 85, 85, 95, 95]);
  });

  it("isDirMetric() accepts the four metrics only", () => {
    expect(["utilization", "bytes", "partitions", "deviation", "leaders"].map(isDirMetric)).toEqual([true, true, true, true, false]);
  });
});
