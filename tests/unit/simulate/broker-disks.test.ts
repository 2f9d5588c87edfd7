import { describe, expect, it } from "vitest";
import { scalaHashMapKeyOrder } from "@/lib/placement/java-hash";
import type { KafkaLine } from "@/lib/model/kafka-versions";
import { BrokerDisks, type SimDir } from "@/lib/simulate/broker-disks";
import { SimulationError } from "@/lib/simulate/errors";

const GiB = 1024 ** 3;

function dir(path: string, over: Partial<SimDir> = {}): SimDir {
  return { path, state: "online", totalBytes: 100 * GiB, otherBytes: 0, bytes: 0, count: 0, ...over };
}

const disks = (dirs: SimDir[], line: KafkaLine = "4.4") => new BrokerDisks(7, dirs, line);

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof SimulationError) return e.code;
    throw e;
  }
  return "no error";
}

describe("BrokerDisks", () => {
  describe("choose()", () => {
    it("choose(kafka-count) picks the live dir with the fewest logs, whatever their bytes", () => {
      const d = disks([dir("/a", { count: 3, bytes: 0 }), dir("/b", { count: 1, bytes: 90 * GiB }), dir("/c", { count: 2 })]);
      expect(d.choose("kafka-count")).toBe("/b");
    });

    it("choose(kafka-count) breaks ties in log.dirs order on Kafka 4.4 and in Scala hash order before", () => {
      const paths = ["/data/d1", "/data/d2", "/data/d3", "/data/d4", "/data/d5"];
      const fill = (line: KafkaLine) => {
        const d = disks(
          paths.map((p) => dir(p)),
          line,
        );
        return paths.map(() => {
          const chosen = d.choose("kafka-count");
          d.addLog(chosen, 0);
          return chosen;
        });
      };
      const hashOrder = scalaHashMapKeyOrder(paths);
      expect(hashOrder).not.toEqual(paths);
      expect(fill("4.4")).toEqual(paths);
      expect(fill("4.3")).toEqual(hashOrder);
    });

    it("choose() skips cordoned dirs where the version cordons, and takes the first live dir when all are cordoned", () => {
      const d = disks([dir("/a"), dir("/b", { count: 5 })]);
      d.setCordoned("/a", true);
      expect(d.choose("kafka-count")).toBe("/b");
      expect(d.choose("least-bytes")).toBe("/b");
      d.setCordoned("/b", true);
      expect(d.choose("kafka-count")).toBe("/a");
      expect(d.choose("least-utilization")).toBe("/a");
    });

    it("choose() ignores a dir cordoned in the base on a version without cordons, under every rule", () => {
      expect(disks([dir("/a", { state: "cordoned" }), dir("/b", { count: 1 })], "4.2").choose("kafka-count")).toBe("/a");
      expect(disks([dir("/a", { state: "cordoned" }), dir("/b", { count: 1 })], "4.3").choose("kafka-count")).toBe("/b");
      for (const rule of ["least-bytes", "least-utilization"] as const) {
        expect(disks([dir("/a", { state: "cordoned" }), dir("/b", { bytes: GiB })], "4.2").choose(rule), rule).toBe("/a");
        expect(disks([dir("/a", { state: "cordoned" }), dir("/b", { bytes: GiB })], "4.3").choose(rule), rule).toBe("/b");
      }
    });

    it("choose(least-bytes) picks the dir with the fewest Kafka bytes, ties in log.dirs order", () => {
      const d = disks([dir("/a", { bytes: 5 * GiB }), dir("/b", { bytes: 2 * GiB, count: 9 }), dir("/c", { bytes: 2 * GiB })]);
      expect(d.choose("least-bytes")).toBe("/b");
    });

    it("choose(least-utilization) counts other usage and capacity", () => {
      const d = disks([dir("/small", { totalBytes: 50 * GiB, bytes: 10 * GiB }), dir("/big", { totalBytes: 200 * GiB, bytes: 20 * GiB, otherBytes: 30 * GiB })]);
      // 20% against 25%.
      expect(d.choose("least-utilization")).toBe("/small");
      expect(d.choose("least-bytes")).toBe("/small");
      const busy = disks([dir("/a", { bytes: 10 * GiB, otherBytes: 60 * GiB }), dir("/b", { bytes: 40 * GiB })]);
      expect(busy.choose("least-utilization")).toBe("/b");
      expect(busy.choose("least-bytes")).toBe("/a");
    });

    it("choose(least-utilization) takes the largest known capacity for a dir of unknown size, and bytes when none is known", () => {
      const mixed = disks([dir("/known", { totalBytes: 100 * GiB, bytes: 30 * GiB }), dir("/unknown", { totalBytes: null, bytes: 40 * GiB })]);
      expect(mixed.choose("least-utilization")).toBe("/known");
      const unknown = disks([dir("/a", { totalBytes: null, bytes: 3 }), dir("/b", { totalBytes: null, bytes: 2 })]);
      expect(unknown.choose("least-utilization")).toBe("/b");
    });

    it("choose() never picks an offline dir, and refuses when no dir is live", () => {
      const d = disks([dir("/a", { state: "offline" }), dir("/b", { count: 9, bytes: 9 })]);
      for (const policy of ["kafka-count", "least-bytes", "least-utilization"] as const) expect(d.choose(policy)).toBe("/b");
      d.failDir("/b");
      for (const policy of ["kafka-count", "least-bytes", "least-utilization"] as const) expect(refusal(() => d.choose(policy))).toBe("no_live_log_dirs");
    });
  });

  it("addLog() and removeLog() keep counts and bytes, and the next choice follows them", () => {
    const d = disks([dir("/a"), dir("/b")]);
    d.addLog("/a", 5);
    expect(d.dir("/a")).toMatchObject({ count: 1, bytes: 5 });
    expect(d.choose("kafka-count")).toBe("/b");
    d.addLog("/b", 1);
    d.addLog("/b", 1);
    d.removeLog("/b", 1);
    expect(d.dir("/b")).toMatchObject({ count: 1, bytes: 1 });
    expect(d.choose("kafka-count")).toBe("/a");
  });

  it("addBytes() grows a dir's bytes without adding a log", () => {
    const d = disks([dir("/a"), dir("/b")]);
    d.addBytes("/a", 50);
    expect(d.dir("/a")).toMatchObject({ count: 0, bytes: 50 });
    expect(d.choose("kafka-count")).toBe("/a");
    expect(d.choose("least-bytes")).toBe("/b");
  });

  it("addDir() appends an empty online dir, which the count rule fills next", () => {
    const d = disks([dir("/a", { count: 2 }), dir("/b", { count: 2 })]);
    d.addDir("/c", null);
    expect(d.dirs.map((x) => x.path)).toEqual(["/a", "/b", "/c"]);
    expect(d.dir("/c")).toEqual({ path: "/c", state: "online", totalBytes: null, otherBytes: 0, bytes: 0, count: 0 });
    expect(d.choose("kafka-count")).toBe("/c");
    expect(refusal(() => d.addDir("/a", null))).toBe("duplicate_log_dir");
  });

  it("failDir() takes a dir offline once; a second failure is refused", () => {
    const d = disks([dir("/a"), dir("/b", { count: 3 })]);
    d.failDir("/a");
    expect(d.dir("/a").state).toBe("offline");
    expect(d.choose("kafka-count")).toBe("/b");
    expect(refusal(() => d.failDir("/a"))).toBe("log_dir_offline");
  });

  it("setCordoned() is refused before Kafka 4.3, on an offline dir and on an unknown dir", () => {
    expect(refusal(() => disks([dir("/a")], "4.2").setCordoned("/a", true))).toBe("cordon_unsupported");
    const d = disks([dir("/a", { state: "offline" })]);
    expect(refusal(() => d.setCordoned("/a", true))).toBe("log_dir_offline");
    expect(refusal(() => d.setCordoned("/nope", true))).toBe("unknown_log_dir");
    expect(d.dir("/a").state).toBe("offline");
  });

  it("dir() and has() know only the broker's dirs", () => {
    const d = disks([dir("/a")]);
    expect([d.has("/a"), d.has("/b")]).toEqual([true, false]);
    expect(refusal(() => d.dir("/b"))).toBe("unknown_log_dir");
    expect(refusal(() => d.addLog("/b", 1))).toBe("unknown_log_dir");
  });
});
