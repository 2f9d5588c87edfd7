// Port of String#hashCode, java.util.HashMap and Scala 2.13 immutable.HashMap iteration orders, as RackList and nextLogDirs (Apache Kafka 2.4–4.x) depend on them, described in docs/algorithms/java-random-and-hashing.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - javaStringHashCode is int32 over UTF-16 code units, exactly String#hashCode.
// - javaHashMapKeyOrder returns the distinct keys in the order a HashMap<Optional<String>, V> iterates them after
//   they were put in the given order: buckets ascending (hash ^ hash>>>16, masked by the final capacity), insertion
//   order inside a bucket. Capacity starts at 16 and doubles when size > 0.75 * capacity, and also when a bucket
//   grows to 9 entries while the table is smaller than 64 (HashMap.treeifyBin resizes instead of treeifying).
//   Not modelled: the order inside a bin that does get treeified (9+ keys in one bucket of a 64+ table); Java orders
//   those through System.identityHashCode for Optional keys, so not even the JVM repeats it.
// - scalaHashMapKeyOrder returns distinct keys in Scala 2.13 CHAMP order: a pre-order walk of a 32-way trie over
//   improve(hashCode); within a node, keys alone in their 5-bit chunk first by chunk, then sub-nodes by chunk;
//   keys with equal hash codes (a collision node) keep insertion order. Checked against scala-library 2.13.15
//   (tests/fixtures/kafka/golden.json) and real Kafka 4.3.1 brokers, which run 2.13.18 (the version matrix).

/** `String#hashCode`: s[0]*31^(n-1) + … + s[n-1] in int32 arithmetic over UTF-16 code units. */
export function javaStringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/** `Optional<String>#hashCode`: the string's hash code, or 0 for an empty Optional (`null` here). */
export function javaOptionalStringHashCode(s: string | null): number {
  return s === null ? 0 : javaStringHashCode(s);
}

/** `HashMap.hash(key)`: spreads the high bits down because the table index only uses the low bits. */
function spread(h: number): number {
  return h ^ (h >>> 16);
}

const INITIAL_CAPACITY = 16;
const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

/**
 * Iteration order of a `java.util.HashMap<Optional<String>, V>` whose keys were put in `insertionOrder`
 * (`null` = Optional.empty). Repeated keys are ignored, as RackList only puts a rack the first time it sees it.
 */
export function javaHashMapKeyOrder(insertionOrder: readonly (string | null)[]): (string | null)[] {
  const keys: (string | null)[] = [];
  const hashes: number[] = [];
  const seen = new Set<string | null>();
  let capacity = INITIAL_CAPACITY;
  let bucketSizes = new Map<number, number>();

  const rebuildBucketSizes = (): void => {
    bucketSizes = new Map();
    for (const h of hashes) {
      const b = h & (capacity - 1);
      bucketSizes.set(b, (bucketSizes.get(b) ?? 0) + 1);
    }
  };

  for (const key of insertionOrder) {
    if (seen.has(key)) continue;
    seen.add(key);
    const h = spread(javaOptionalStringHashCode(key));
    const bucket = h & (capacity - 1);
    const before = bucketSizes.get(bucket) ?? 0;
    keys.push(key);
    hashes.push(h);
    bucketSizes.set(bucket, before + 1);
    // putVal: appending a 9th node to a bin calls treeifyBin, which only resizes while the table is small.
    if (before >= TREEIFY_THRESHOLD && capacity < MIN_TREEIFY_CAPACITY) {
      capacity *= 2;
      rebuildBucketSizes();
    }
    if (keys.length > capacity * 0.75) {
      capacity *= 2;
      rebuildBucketSizes();
    }
  }

  // A resize splits each bin into lo/hi bins keeping relative order, so the final order is simply
  // (bucket at the final capacity, insertion index).
  const mask = capacity - 1;
  const indexes = keys.map((_, i) => i);
  indexes.sort((a, b) => ((hashes[a] as number) & mask) - ((hashes[b] as number) & mask) || a - b);
  return indexes.map((i) => keys[i] as string | null);
}

/** `scala.collection.Hashing.improve`: the bit mixing Scala 2.13's immutable HashMap applies to `key.##`. */
export function scalaImproveHash(hcode: number): number {
  let h = (hcode + ~(hcode << 9)) | 0;
  h ^= h >>> 14;
  h = (h + (h << 4)) | 0;
  return h ^ (h >>> 10);
}

const BITS_PER_LEVEL = 5;
const HASH_BITS = 32;

/** Iteration order of a Scala 2.13 immutable `HashMap[String, V]` holding `keys` (put in this order). */
export function scalaHashMapKeyOrder(keys: readonly string[]): string[] {
  const distinct = [...new Set(keys)];
  const improved = new Map(distinct.map((k) => [k, scalaImproveHash(javaStringHashCode(k))]));
  const out: string[] = [];
  const walk = (node: readonly string[], shift: number): void => {
    if (shift >= HASH_BITS) {
      // Same full hash: a HashCollisionMapNode, which appends, so insertion order.
      out.push(...node);
      return;
    }
    const byChunk = new Map<number, string[]>();
    for (const k of node) {
      const chunk = ((improved.get(k) as number) >>> shift) & 31;
      const group = byChunk.get(chunk);
      if (group) group.push(k);
      else byChunk.set(chunk, [k]);
    }
    const chunks = [...byChunk.keys()].sort((a, b) => a - b);
    // A BitmapIndexedMapNode lists its own payload (chunks holding one key) before its sub-nodes.
    for (const c of chunks) {
      const group = byChunk.get(c) as string[];
      if (group.length === 1) out.push(group[0] as string);
    }
    for (const c of chunks) {
      const group = byChunk.get(c) as string[];
      if (group.length > 1) walk(group, shift + BITS_PER_LEVEL);
    }
  };
  walk(distinct, 0);
  return out;
}
