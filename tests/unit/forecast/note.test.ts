import { describe, expect, it } from "vitest";
import type { GrowthFit } from "@/lib/forecast/fit";
import { forecastNote, type NoteInput } from "@/lib/forecast/note";
import { DAY, GiB, NOW, TiB } from "@/tests/support/forecast-series";

const fit = (more: Partial<GrowthFit> = {}): GrowthFit => ({
  slope: 10 * GiB,
  low: 9 * GiB,
  high: 11 * GiB,
  points: 24,
  pairs: 276,
  levelBytes: 500 * GiB,
  rawPoints: 32,
  fromMs: NOW - 14 * DAY,
  toMs: NOW,
  resampled: true,
  drops: [],
  dropHandling: "none",
  stop: null,
  ...more,
});

const input = (more: Partial<NoteInput> = {}): NoteInput => ({
  broker: 3,
  dir: "/d2",
  field: "usedBytes",
  fit: fit(),
  nowMs: NOW,
  capacity: TiB,
  windowPoints: 337,
  growth: { bytesPerDay: 10 * GiB, low: 9 * GiB, high: 11 * GiB, trendBytesPerDay: 10 * GiB, placementBytesPerDay: 0 },
  placement: {
    duplicate: false,
    rate: 0,
    share: 0,
    order: ["/d1", "/d2"],
    counts: new Map([
      ["/d1", 5],
      ["/d2", 9],
    ]),
    bytesPerPartitionDay: 0,
  },
  confidence: "high",
  reasons: [],
  ...more,
});

describe("forecastNote()", () => {
  it("forecastNote() says what it fitted, how it grows and how sure it is", () => {
    expect(forecastNote(input())).toBe(
      "Fitted the disk's used bytes: 32 scans over 14 days. Grows 10.0 GiB/day (80% range 9.0 GiB/day to 11.0 GiB/day). No net new partitions on broker 3 in the window. Confidence high.",
    );
  });

  it("forecastNote() names Kafka's bytes, a stale history and the reasons for a lower confidence", () => {
    const note = forecastNote(
      input({ field: "kafkaBytes", fit: fit({ toMs: NOW - 3 * DAY, fromMs: NOW - 10 * DAY }), confidence: "medium", reasons: ["disk usage outside Kafka unknown"] }),
    );
    expect(note).toMatch(/^Fitted Kafka's bytes in the dir: 32 scans over 7\.0 days, the newest 3\.0 days old\./);
    expect(note).toMatch(/Confidence medium: disk usage outside Kafka unknown\.$/);
  });

  it("forecastNote() explains the count rule's share", () => {
    const placement = {
      duplicate: false,
      rate: 2,
      share: 1,
      order: ["/d2", "/d1"],
      counts: new Map([
        ["/d1", 50],
        ["/d2", 9],
      ]),
      bytesPerPartitionDay: 100 * 2 ** 20,
    };
    const growth = { bytesPerDay: 13 * GiB, low: 11 * GiB, high: 15 * GiB, trendBytesPerDay: 10 * GiB, placementBytesPerDay: 3 * GiB };
    expect(forecastNote(input({ placement, growth }))).toContain(
      "Broker 3 gains 2.0 partitions/day; by Kafka's count rule this dir takes 100% of the next 60 (it holds the fewest partitions, 9), adding about 3.0 GiB/day on average over 30 days at 100.0 MiB per partition per day.",
    );
    expect(forecastNote(input({ dir: "/d1", placement: { ...placement, share: 0 } }))).toContain(
      "this dir takes none of the next 60 (it holds 50 partitions; /d2 holds the fewest, 9).",
    );
    expect(forecastNote(input({ dir: "/gone", placement }))).toContain("this dir takes none of them (offline, cordoned or not scanned recently).");
    expect(forecastNote(input({ placement: { ...placement, duplicate: true } }))).toContain("A second series named /d2 on broker 3: it takes no new partitions here.");
  });

  it("forecastNote() tells a plateau, a slowdown and a shrink apart", () => {
    const stop = { kind: "plateau" as const, sinceMs: NOW - 5 * DAY, windowSlope: 20 * GiB };
    expect(
      forecastNote(
        input({ fit: fit({ slope: 0.1 * GiB, low: -0.1 * GiB, stop }), growth: { bytesPerDay: 0, low: 0, high: 0.1 * GiB, trendBytesPerDay: 0.1 * GiB, placementBytesPerDay: 0 } }),
      ),
    ).toContain("Not growing: flat for the last 5.0 days after growing 20.0 GiB/day: a retention plateau.");
    expect(
      forecastNote(
        input({ fit: fit({ slope: 2 * GiB, low: GiB, stop }), growth: { bytesPerDay: 2 * GiB, low: GiB, high: 3 * GiB, trendBytesPerDay: 2 * GiB, placementBytesPerDay: 0 } }),
      ),
    ).toContain("Growth slowed to 2.0 GiB/day over the last 5.0 days (it was 20.0 GiB/day).");
    expect(forecastNote(input({ fit: fit({ slope: -GiB, stop: { ...stop, kind: "shrinking" } }) }))).toContain("Shrinking: -1.0 GiB/day over the last 5.0 days.");
  });

  it("forecastNote() says how drops were handled", () => {
    const drops = [{ atMs: NOW - 2 * DAY, endIndex: 20, bytes: 100 * GiB, steps: [{ index: 20, bytes: 100 * GiB }] }];
    expect(forecastNote(input({ fit: fit({ drops, dropHandling: "fit-after" }) }))).toContain("100.0 GiB left the dir 2.0 days ago: only the scans after that are fitted.");
    expect(forecastNote(input({ fit: fit({ drops, dropHandling: "added-back" }) }))).toContain("too little history since, so the drop is added back to the scans before it.");
    expect(forecastNote(input({ fit: fit({ drops: [drops[0]!, drops[0]!, drops[0]!], dropHandling: "sawtooth" }) }))).toContain("3 drops in the window are kept as a sawtooth");
  });

  it("forecastNote() says why there is no forecast", () => {
    expect(forecastNote(input({ fit: null, growth: null, windowPoints: 0, confidence: "none" }))).toBe(
      "No scans of this dir in the window: nothing to fit. No net new partitions on broker 3 in the window. Confidence none: nothing fitted.",
    );
    expect(forecastNote(input({ capacity: null, confidence: "none" }))).toMatch(
      /Capacity unknown: no time to fill\. Confidence none: without a capacity there is nothing to fill\.$/,
    );
  });
});
