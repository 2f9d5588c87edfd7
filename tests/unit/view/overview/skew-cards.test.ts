import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { skewOf } from "@/lib/model/skew";
import { skewCards, toneOf } from "@/lib/view/overview/skew-cards";
import { balancedSnapshot, sharedDiskSnapshot, storySnapshot } from "@/tests/support/snapshots";

describe("skewCards()", () => {
  it("skewCards() shows max ÷ mean, the spread and the worst dir of the story", () => {
    const cards = skewCards(balanceReport(storySnapshot()));
    expect(cards.map((c) => [c.id, c.figure, c.tone])).toEqual([
      ["brokerReplicas", "1.00×", "ok"],
      ["brokerLeaders", "1.14×", "ok"],
      ["brokerBytes", "1.00×", "ok"],
      ["dirBytes", "1.50×", "warn"],
      ["dirUtilization", "1.50×", "warn"],
    ]);
    const dir = cards.find((c) => c.id === "dirBytes")!;
    expect(dir.worst).toBe("worst: broker 1 /d2 (40.0 GiB, 40% used)");
    expect(dir.spread).toBe("spread 40.0 GiB");
    expect(cards.find((c) => c.id === "dirUtilization")!.worst).toBe("fullest: broker 1 /d2 (40% used)");
  });

  it("skewCards() names no worst offender when brokers are even", () => {
    const cards = skewCards(balanceReport(balancedSnapshot()));
    expect(cards[0]!.worst).toBeNull();
    expect(cards.find((c) => c.id === "dirUtilization")).toMatchObject({ figure: "–", spread: "capacity unknown", worst: null, tone: "none" });
  });

  it("toneOf() follows the planner's goal: within tolerance ok, outside warn up to 1.5×, beyond bad, single values none", () => {
    expect(
      toneOf(
        skewOf([
          [1, 10],
          [2, 14],
        ]),
        false,
      ),
    ).toBe("ok");
    expect(
      toneOf(
        skewOf([
          [1, 10],
          [2, 14],
        ]),
        true,
      ),
    ).toBe("warn");
    expect(
      toneOf(
        skewOf([
          [1, 0],
          [2, 14],
        ]),
        true,
      ),
    ).toBe("bad");
    expect(toneOf(skewOf([[1, 10]]), true)).toBe("none");
  });

  it("a card whose figures leave out an offline dir says so", () => {
    const s = storySnapshot();
    s.brokers[0]!.logDirs[0]!.state = "offline";
    const cards = skewCards(balanceReport(s));
    expect(cards.find((c) => c.id === "brokerBytes")!.note).toBe("leaves out the offline /d1 on broker 1");
    expect(cards.find((c) => c.id === "dirBytes")!.note).toBe("leaves out the offline /d1 on broker 1");
  });

  it("leaders as even as whole partitions allow are ok, and say so", () => {
    // Story: 7 partitions, leaders 4 and 3 (1.14× the mean 3.5), the tightest split there is.
    const leaders = skewCards(balanceReport(storySnapshot())).find((c) => c.id === "brokerLeaders")!;
    expect(leaders).toMatchObject({ tone: "ok", note: "as even as whole partitions allow", worst: null });
  });
});

describe("skewCards() on dirs that share a filesystem", () => {
  it("skewCards() compares disks, not dirs: one disk per broker has nothing to compare, and the note says the dirs share one filesystem", () => {
    const cards = skewCards(balanceReport(sharedDiskSnapshot()));
    const bytes = cards.find((c) => c.id === "dirBytes")!;
    expect(bytes).toMatchObject({ figure: "–", tone: "none", worst: null });
    expect(bytes.note).toBe("no broker has two disks to compare; /a, /b, /c on brokers 1, 2, 3, 4 share one filesystem: counted as one disk each");
    const util = cards.find((c) => c.id === "dirUtilization")!;
    // Capacity is known: never "capacity unknown".
    expect(util).toMatchObject({ figure: "–", spread: "no broker has two disks to compare", worst: "fullest: broker 1 /a + /b + /c (71% used)" });
  });

  it("skewCards() names the shared disk's dirs together as the worst, with the disk's bytes", () => {
    const cards = skewCards(balanceReport(sharedDiskSnapshot({ thirdDisk: true })));
    const bytes = cards.find((c) => c.id === "dirBytes")!;
    expect(bytes.figure).toBe(`${(500 / ((500 + 73) / 2)).toFixed(2)}×`);
    expect(bytes.worst).toBe("worst: broker 1 /a + /b (500.0 GiB, 71% used)");
    expect(bytes.spread).toBe(`spread ${(427).toFixed(1)} GiB`);
  });
});
