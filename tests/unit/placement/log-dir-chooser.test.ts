import fc from "fast-check";
import { scalaHashMapKeyOrder } from "@/lib/placement/java-hash";
import { describe, expect, it } from "vitest";
import { LogDirChooser, nextLogDirs, type TieOrder } from "@/lib/placement";
import { thrown } from "@/tests/support/placement";

describe("LogDirChooser", () => {
  it("next() picks the live dir with the fewest logs, ties in log.dirs order", () => {
    const c = new LogDirChooser(["/a", "/b", "/c"], { counts: { "/a": 1 } });
    expect(c.next()).toBe("/b");
    c.add("/b");
    expect(c.next()).toBe("/c");
    c.add("/c");
    expect(c.next()).toBe("/a");
  });

  it("next() spreads sequential creates so no dir holds more than one log above another (LM1)", () => {
    const c = new LogDirChooser(["/a", "/b", "/c"]);
    for (let i = 0; i < 20; i++) {
      c.add(c.next());
      const counts = c.liveDirs().map((d) => c.count(d));
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    }
  });

  it("next() throws no_live_log_dirs when every dir has failed", () => {
    const c = new LogDirChooser(["/a"]);
    c.failDir("/a");
    const e = thrown(() => c.next());
    expect(e.code).toBe("no_live_log_dirs");
    expect(c.order()).toEqual([]);
  });

  it("next() skips cordoned dirs and falls back to the first live dir when all are cordoned", () => {
    const c = new LogDirChooser(["/a", "/b"], { counts: { "/b": 4 } });
    c.setCordoned("/a", true);
    expect(c.next()).toBe("/b");
    c.setCordoned("/b", true);
    expect(c.next()).toBe("/a");
    expect(c.order()).toEqual(["/a"]);
    c.setCordoned("/a", false);
    expect(c.next()).toBe("/a");
  });

  it("next() skips cordons under the Scala rules too (Kafka 4.3: hash-order ties, cordons honoured)", () => {
    const six = ["/k/d1", "/k/d2", "/k/d3", "/k/d4", "/k/d5", "/k/d6"];
    const hashFirst = new LogDirChooser(six, { tieOrder: "scala-hash" }).next();
    const c = new LogDirChooser(six, { tieOrder: "scala-hash", cordoned: [hashFirst] });
    expect(c.next()).not.toBe(hashFirst);
    expect(c.order()).toEqual(scalaHashMapKeyOrder(six.filter((d) => d !== hashFirst)));
  });

  it("failDir() drops the dir and its logs; addLiveDir() brings a path back at the end with 0 logs", () => {
    const c = new LogDirChooser(["/a", "/b", "/c"], { counts: { "/a": 5, "/b": 1, "/c": 1 } });
    c.failDir("/b");
    expect(c.liveDirs()).toEqual(["/a", "/c"]);
    expect(c.count("/b")).toBe(0);
    c.remove("/b"); // its logs are already gone: a no-op
    expect(() => c.add("/b")).toThrowError(/offline/);
    c.addLiveDir("/b");
    expect(c.liveDirs()).toEqual(["/a", "/c", "/b"]);
    expect(c.order()).toEqual(["/b", "/c", "/a"]);
  });

  it("add() rejects a dir that was never live and remove() more logs than a dir holds", () => {
    const c = new LogDirChooser(["/a"]);
    expect(thrown(() => c.add("/nope")).code).toBe("unknown_log_dir");
    expect(thrown(() => c.remove("/nope")).code).toBe("unknown_log_dir");
    c.add("/a", 2);
    expect(thrown(() => c.remove("/a", 3)).code).toBe("invalid_log_count");
    expect(thrown(() => c.add("/a", -1)).code).toBe("invalid_log_count");
    c.remove("/a", 2);
    expect(c.count("/a")).toBe(0);
  });

  it("addLiveDir() rejects a dir that is already live", () => {
    expect(thrown(() => new LogDirChooser(["/a"]).addLiveDir("/a")).code).toBe("duplicate_log_dir");
    expect(thrown(() => new LogDirChooser(["/a", "/a"])).code).toBe("duplicate_log_dir");
  });

  it("LogDirChooser() ignores initial counts for dirs that are not live", () => {
    const c = new LogDirChooser(["/a", "/b"], { counts: { "/a": 1, "/gone": 7 } });
    expect(c.logCounts()).toEqual({ "/a": 1, "/b": 0 });
    expect(c.order()).toEqual(["/b", "/a"]);
  });

  it("order() uses Scala hash order for ties with 5 or more dirs under the Scala rules", () => {
    const dirs = ["/d1", "/d2", "/d3", "/d4", "/d5"];
    const c = new LogDirChooser(dirs, { tieOrder: "scala-hash" });
    expect(c.order()).toEqual(nextLogDirs(dirs, {}, { tieOrder: "scala-hash" }));
    expect(c.order()).not.toEqual(dirs);
    expect(c.next()).toBe(c.order()[0]);
  });
});

type Op =
  | { kind: "create" }
  | { kind: "add"; i: number; n: number }
  | { kind: "delete"; i: number; n: number }
  | { kind: "newDir"; reuse: boolean; i: number }
  | { kind: "fail"; i: number }
  | { kind: "cordon"; i: number; on: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Op>({ kind: "create" }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("add" as const), i: fc.nat(), n: fc.integer({ min: 0, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("delete" as const), i: fc.nat(), n: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("newDir" as const), reuse: fc.boolean(), i: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("fail" as const), i: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("cordon" as const), i: fc.nat(), on: fc.boolean() }) },
);

const historyArb = fc.record({
  tieOrder: fc.constantFrom<TieOrder>("config", "scala-hash"),
  initialDirs: fc.integer({ min: 0, max: 9 }),
  ops: fc.array(op, { maxLength: 30 }),
});

describe("LogDirChooser against nextLogDirs", () => {
  it("next() and order() equal nextLogDirs over 10,000 random histories of creates, deletes, new dirs, failures and cordons", { timeout: 120_000 }, () => {
    let withFiveOrMoreScala = 0;
    fc.assert(
      fc.property(historyArb, ({ tieOrder, initialDirs, ops }) => {
        // Reference model, kept independently of the chooser.
        let live = Array.from({ length: initialDirs }, (_, i) => `/data/d${i}`);
        const counts: Record<string, number> = {};
        const cordoned = new Set<string>();
        const failed: string[] = [];
        let created = 0;
        const chooser = new LogDirChooser(live, { tieOrder });
        // Plain comparisons (not expect) in this hot loop keep 10,000 histories within a few seconds.
        const check = (): void => {
          const expected = nextLogDirs(live, counts, { tieOrder, cordoned: [...cordoned] });
          const order = chooser.order();
          const next = live.length === 0 ? thrown(() => chooser.next()).code : chooser.next();
          const want = live.length === 0 ? "no_live_log_dirs" : expected[0];
          if (order.join("\n") !== expected.join("\n") || next !== want) {
            throw new Error(`chooser ${JSON.stringify({ order, next })} != nextLogDirs ${JSON.stringify({ expected, want })}`);
          }
          if (tieOrder === "scala-hash" && live.length >= 5) withFiveOrMoreScala++;
        };
        check();
        for (const o of ops) {
          switch (o.kind) {
            case "create": {
              if (live.length === 0) break;
              const dir = chooser.next();
              chooser.add(dir);
              counts[dir] = (counts[dir] ?? 0) + 1;
              break;
            }
            case "add": {
              if (live.length === 0) break;
              const dir = live[o.i % live.length]!;
              chooser.add(dir, o.n);
              counts[dir] = (counts[dir] ?? 0) + o.n;
              break;
            }
            case "delete": {
              const holding = live.filter((d) => (counts[d] ?? 0) > 0);
              if (holding.length === 0) break;
              const dir = holding[o.i % holding.length]!;
              const n = Math.min(o.n, counts[dir]!);
              chooser.remove(dir, n);
              counts[dir] = counts[dir]! - n;
              break;
            }
            case "newDir": {
              const dir = o.reuse && failed.length > 0 ? failed.splice(o.i % failed.length, 1)[0]! : `/data/new${created++}`;
              chooser.addLiveDir(dir);
              live = [...live, dir];
              counts[dir] = 0;
              break;
            }
            case "fail": {
              if (live.length === 0) break;
              const dir = live[o.i % live.length]!;
              chooser.failDir(dir);
              live = live.filter((d) => d !== dir);
              delete counts[dir];
              failed.push(dir);
              break;
            }
            case "cordon": {
              const names = [...live, ...failed, "/never-live"];
              const dir = names[o.i % names.length]!;
              chooser.setCordoned(dir, o.on);
              if (o.on) cordoned.add(dir);
              else cordoned.delete(dir);
              break;
            }
          }
          check();
        }
        expect(chooser.liveDirs()).toEqual(live);
      }),
      { numRuns: 10_000 },
    );
    expect(withFiveOrMoreScala).toBeGreaterThan(1000);
  });
});
