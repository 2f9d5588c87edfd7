import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { skewOf } from "@/lib/model/skew";
import { skewCards, toneOf } from "@/lib/view/skew-cards";
import { balancedSnapshot, storySnapshot } from "@/tests/support/snapshots";

describe("skewCards()", () => {
  it("skewCards() shows max ÷ mean, the spread and the worst dir of the story", () => {
    const cards = skewCards(balanceReport(storySnapshot()));
    expect(cards.map((c) => [c.id, c.figure, c.tone])).toEqual([
      ["brokerReplicas", "1.00×", "ok"],
      ["brokerLeaders", "1.14×", "warn"],
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

  it("toneOf() calls ≤ 1.10× ok, ≤ 1.5× warn, beyond bad, and single values none", () => {
    expect(toneOf(skewOf([[1, 10], [2, 10.5]]))).toBe("ok");
    expect(toneOf(skewOf([[1, 10], [2, 14]]))).toBe("warn");
    expect(toneOf(skewOf([[1, 0], [2, 14]]))).toBe("bad");
    expect(toneOf(skewOf([[1, 10]]))).toBe("none");
  });
});
