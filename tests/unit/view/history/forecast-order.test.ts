import { describe, expect, it } from "vitest";
import type { DirForecast } from "@/lib/forecast";
import { soonestFirst } from "@/lib/view/history/forecast-order";

const eta = (days: number | null) => (days === null ? null : { seconds: days * 86_400, earliestSeconds: days * 86_400, latestSeconds: null });
function dir(broker: number, path: string, p85: number | null, p95: number | null, full: number | null, utilization: number | null = 0.5): DirForecast {
  return { broker, dir: path, utilization, until: { p85: eta(p85), p95: eta(p95), full: eta(full) } } as DirForecast;
}

describe("soonestFirst()", () => {
  it("soonestFirst() lists the first to fill first, then by 95 % and 85 %, and dirs that cross nothing last, fullest first", () => {
    const order = soonestFirst([
      dir(1, "/a", null, null, null, 0.2),
      dir(1, "/b", 5, 20, null),
      dir(2, "/a", 1, 3, 9),
      dir(2, "/b", 0, 0, 4),
      dir(3, "/a", 2, null, null),
      dir(3, "/b", null, null, null, 0.7),
    ]).map((d) => `${d.broker}${d.dir}`);
    expect(order).toEqual(["2/b", "2/a", "1/b", "3/a", "3/b", "1/a"]);
  });

  it("soonestFirst() breaks ties by broker and path, and leaves its input alone", () => {
    const input = [dir(2, "/a", 1, 1, 1), dir(1, "/b", 1, 1, 1), dir(1, "/a", 1, 1, 1)];
    expect(soonestFirst(input).map((d) => `${d.broker}${d.dir}`)).toEqual(["1/a", "1/b", "2/a"]);
    expect(input[0]!.broker).toBe(2);
  });
});
