// Port of java.util.Random (next, nextInt, nextInt(bound) — JDK 17 legacy algorithm), java.util.Collections.shuffle and Kafka's test RNG org.apache.kafka.server.util.MockRandom (Apache Kafka 3.x–4.x), described in docs/algorithms/java-random-and-hashing.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
//
// Invariants:
// - Bit-exact with the JDK: the same seed gives the same sequence as `new java.util.Random(seed)` and as Kafka's
//   `new MockRandom(seed)`, checked against outputs recorded from a real JVM (tests/fixtures/kafka/golden.json).
// - No BigInt and no allocation in the hot path: the 48-bit LCG state is two 24-bit halves and the 64-bit
//   MockRandom state is four 16-bit limbs, so every product is an exact double or a Math.imul.
// - nextInt(1) still consumes one draw, and a power-of-two bound takes the high bits, exactly as Java does:
//   the order and number of draws is part of the behaviour the placers depend on.

import { PlacementError } from "./errors";

/** The one thing the placers need from a random number generator (java.util.Random#nextInt(int)). */
export interface RandomSource {
  nextInt(bound: number): number;
}

const TWO_24 = 0x1000000;
const MASK_24 = 0xffffff;
// 0x5DEECE66D, java.util.Random's multiplier, split at bit 24.
const MULT_LO = 0xece66d;
const MULT_HI = 0x5de;
const ADDEND = 0xb;
const MAX_INT = 0x7fffffff;

/** Shared by JavaRandom and MockRandom: Java's nextInt()/nextInt(bound) on top of a `next(bits)`. */
abstract class JavaRandomBase implements RandomSource {
  /** java.util.Random#next(bits): the top `bits` bits of the new state, as a signed int32. */
  protected abstract next(bits: number): number;

  /** nextInt() draws 32 bits; nextInt(bound) is Java's legacy bounded algorithm (JDK 17 `Random.nextInt(int)`). */
  nextInt(bound?: number): number {
    if (bound === undefined) return this.next(32);
    if (!Number.isInteger(bound) || bound <= 0 || bound > MAX_INT) {
      throw new PlacementError("invalid_bound", `bound must be a positive int, got ${bound}`, { bound }, "IllegalArgumentException");
    }
    let r = this.next(31);
    const m = bound - 1;
    if ((bound & m) === 0) {
      // Power of two: (bound * (long) r) >> 31 keeps the high bits; bound = 2^k, so it is r >>> (31 - k).
      return r >>> Math.clz32(bound);
    }
    // Reject the top partial range so every residue is equally likely; `| 0` is Java's int overflow test.
    for (let u = r; ((u - (r = u % bound) + m) | 0) < 0; u = this.next(31));
    return r;
  }
}

function toLong(seed: number | bigint): bigint {
  if (typeof seed === "number" && !Number.isSafeInteger(seed)) {
    throw new PlacementError("invalid_seed", `seed must be a safe integer or a bigint, got ${seed}`, { seed: String(seed) });
  }
  return BigInt.asIntN(64, BigInt(seed));
}

/** Bit-exact `java.util.Random`. The seed is a Java long: a safe integer or a bigint (wrapped to 64 bits). */
export class JavaRandom extends JavaRandomBase {
  private hi = 0;
  private lo = 0;

  constructor(seed: number | bigint) {
    super();
    this.setSeed(seed);
  }

  /** Same as `new Random(seed)`: the state is (seed XOR 0x5DEECE66D) mod 2^48. */
  setSeed(seed: number | bigint): void {
    const scrambled = BigInt.asUintN(48, toLong(seed) ^ 0x5deece66dn);
    this.hi = Number(scrambled >> 24n);
    this.lo = Number(scrambled & 0xffffffn);
  }

  protected next(bits: number): number {
    // state = state * 0x5DEECE66D + 0xB (mod 2^48) on 24-bit halves: lo*MULT_LO < 2^48 is exact; the high half
    // only needs its low 24 bits, so 32-bit Math.imul products are enough there.
    const p = this.lo * MULT_LO + ADDEND;
    const carry = Math.floor(p / TWO_24);
    const lo = p - carry * TWO_24;
    const hi = (Math.imul(this.hi, MULT_LO) + Math.imul(this.lo, MULT_HI) + carry) & MASK_24;
    this.hi = hi;
    this.lo = lo;
    if (bits <= 24) return hi >>> (24 - bits);
    return (hi << (bits - 24)) | (lo >>> (48 - bits)) | 0;
  }
}

// MockRandom's multiplier 2862933555777941757 and increment 3037000493 as 16-bit limbs, least significant first.
const M0 = 0xb0fd;
const M1 = 0x87b0;
const M2 = 0x2ee6;
const M3 = 0x27bb;
const C0 = 0xf32d;
const C1 = 0xb504;

/**
 * Kafka's `MockRandom` (server-common test code, used by every StripedReplicaPlacer test): a 64-bit LCG,
 * `state = state * 2862933555777941757 + 3037000493`, `next(bits) = (int) (state >>> (64 - bits))`. Default seed 17.
 */
export class MockRandom extends JavaRandomBase {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed: number | bigint = 17) {
    super();
    const state = BigInt.asUintN(64, toLong(seed));
    this.s0 = Number(state & 0xffffn);
    this.s1 = Number((state >> 16n) & 0xffffn);
    this.s2 = Number((state >> 32n) & 0xffffn);
    this.s3 = Number((state >> 48n) & 0xffffn);
  }

  protected next(bits: number): number {
    const { s0, s1, s2, s3 } = this;
    // Schoolbook multiplication mod 2^64 on 16-bit limbs; each column sum stays far below 2^53.
    const t0 = s0 * M0 + C0;
    const t1 = s0 * M1 + s1 * M0 + C1 + Math.floor(t0 / 0x10000);
    const t2 = s0 * M2 + s1 * M1 + s2 * M0 + Math.floor(t1 / 0x10000);
    const t3 = s0 * M3 + s1 * M2 + s2 * M1 + s3 * M0 + Math.floor(t2 / 0x10000);
    this.s0 = t0 & 0xffff;
    this.s1 = t1 & 0xffff;
    this.s2 = t2 & 0xffff;
    this.s3 = t3 & 0xffff;
    const high32 = this.s3 * 0x10000 + this.s2;
    return bits === 32 ? high32 | 0 : Math.floor(high32 / 2 ** (32 - bits));
  }
}

/** `Collections.shuffle(list, rnd)` on an ArrayList, in place: swap(i-1, nextInt(i)) for i = size down to 2. */
export function collectionsShuffle<T>(list: T[], rnd: RandomSource): void {
  for (let i = list.length; i > 1; i--) {
    const j = rnd.nextInt(i);
    const tmp = list[i - 1] as T;
    list[i - 1] = list[j] as T;
    list[j] = tmp;
  }
}
