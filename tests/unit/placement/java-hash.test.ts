import { describe, expect, it } from "vitest";
import { javaHashMapKeyOrder, javaOptionalStringHashCode, javaStringHashCode, scalaHashMapKeyOrder, scalaImproveHash } from "@/lib/placement";
import { golden } from "@/tests/support/placement";

describe("javaStringHashCode", () => {
  it.each(golden.stringHashCode)("javaStringHashCode(%j) is the JVM's %i", (s, h) => {
    expect(javaStringHashCode(s)).toBe(h);
  });

  it('javaStringHashCode() collides for "Aa" and "BB", as Java\'s does', () => {
    expect(javaStringHashCode("Aa")).toBe(javaStringHashCode("BB"));
    expect(javaStringHashCode("Aa")).toBe(2112);
  });

  it('javaOptionalStringHashCode() is 0 for an empty Optional and for ""', () => {
    expect(javaOptionalStringHashCode(null)).toBe(0);
    expect(javaOptionalStringHashCode("")).toBe(0);
    expect(javaOptionalStringHashCode("a")).toBe(97);
  });
});

describe("javaHashMapKeyOrder", () => {
  it('javaHashMapKeyOrder() puts racks "1".."4" in bucket order whatever the insertion order', () => {
    expect(javaHashMapKeyOrder(["4", "2", "3", "1"])).toEqual(["1", "2", "3", "4"]);
  });

  it('javaHashMapKeyOrder() keeps insertion order inside a bucket (empty Optional and "" share bucket 0)', () => {
    expect(javaHashMapKeyOrder(["", null])).toEqual(["", null]);
    expect(javaHashMapKeyOrder([null, ""])).toEqual([null, ""]);
  });

  it("javaHashMapKeyOrder() ignores repeated keys", () => {
    expect(javaHashMapKeyOrder(["b", "a", "b", "a"])).toEqual(["a", "b"]);
  });

  it.each(golden.hashMapOrder.map((c, i) => [i, c.inserted.length, c] as const))(
    "javaHashMapKeyOrder() matches HashMap<Optional<String>,_> iteration (case %i, %i puts)",
    (_, __, c) => {
      expect(javaHashMapKeyOrder(c.inserted)).toEqual(c.order);
    },
  );

  // Bins that Java treeified are left out: their order follows System.identityHashCode (not modelled, see java-hash.ts).
  it.each(golden.hashMapCollisionOrder.flatMap((c, i) => (c.treeified ? [] : [[i, c] as const])))(
    "javaHashMapKeyOrder() resizes a small table when one bucket reaches 9 keys, as HashMap.treeifyBin does (case %i)",
    (_, c) => {
      expect(javaHashMapKeyOrder(c.inserted)).toEqual(c.order);
    },
  );

  it("javaHashMapKeyOrder() resizes past 12 keys, which reorders keys 16 apart in hash", () => {
    // "a".."m": hashes 97..109. With capacity 16, "q" (113) shares bucket 1 with "a" (97) and follows it;
    // at capacity 32 they fall in buckets 1 and 17.
    const keys = "abcdefghijklm".split("");
    const order = javaHashMapKeyOrder(["q", ...keys]); // 14 keys → capacity 32
    expect(order.indexOf("q")).toBeGreaterThan(order.indexOf("m"));
    const small = javaHashMapKeyOrder(["q", "a"]); // capacity 16: same bucket, insertion order
    expect(small).toEqual(["q", "a"]);
  });
});

describe("scalaHashMapKeyOrder", () => {
  // Recorded from scala.collection.Hashing.improve in scala-library 2.13.15.
  it.each([
    [0, -8130816],
    [1, -8139033],
    [-1, 8662],
    [2112, -24362134],
    [123456789, 1272491941],
  ])("scalaImproveHash(%i) is Scala's %i", (h, improved) => {
    expect(scalaImproveHash(h)).toBe(improved);
  });

  const large = golden.scalaMapOrder.cases.filter((c) => c.dirs.length > 4);
  it.each(large.map((c, i) => [i, c.dirs.length, c] as const))("scalaHashMapKeyOrder() matches scala-library's HashMap iteration (case %i, %i dirs)", (_, __, c) => {
    expect(scalaHashMapKeyOrder(c.dirs)).toEqual(c.iteration);
  });

  it("scalaHashMapKeyOrder() keeps insertion order for keys with equal hash codes", () => {
    expect(scalaHashMapKeyOrder(["/Aa", "/BB"])).toEqual(["/Aa", "/BB"]);
    expect(scalaHashMapKeyOrder(["/BB", "/Aa"])).toEqual(["/BB", "/Aa"]);
  });

  it("scalaHashMapKeyOrder() depends on the key set, not on the insertion order", () => {
    const dirs = ["/data/d1", "/data/d2", "/data/d3", "/data/d4", "/data/d5", "/data/d6"];
    expect(scalaHashMapKeyOrder([...dirs].reverse())).toEqual(scalaHashMapKeyOrder(dirs));
    expect(scalaHashMapKeyOrder(dirs)).not.toEqual(dirs);
  });
});
