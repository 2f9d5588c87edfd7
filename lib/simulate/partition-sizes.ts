/**
 * Eventual partition sizes for created topics, drawn from the scenario's size stream (never from the
 * placement stream, so choosing a size spread cannot change where Kafka puts partitions).
 * Sizes are whole bytes.
 */
import { collectionsShuffle, type RandomSource } from "../placement";
import type { SizeSpec } from "./schema";

const UNIT = 1 << 30;

/** A uniform double in [0, 1) from a Java-style nextInt source. */
function uniform01(random: RandomSource): number {
  return random.nextInt(UNIT) / UNIT;
}

export function partitionSizes(spec: SizeSpec, count: number, random: RandomSource): number[] {
  switch (spec.kind) {
    case "fixed":
      return new Array<number>(count).fill(Math.round(spec.bytes));
    case "uniform":
      return Array.from({ length: count }, () => Math.round(spec.min + (spec.max - spec.min) * uniform01(random)));
    case "zipf": {
      const weights = Array.from({ length: count }, (_, i) => 1 / (i + 1) ** spec.exponent);
      const sum = weights.reduce((a, b) => a + b, 0);
      const sizes = weights.map((w) => Math.round((spec.totalBytes * w) / sum));
      // Hot partitions are not always the first ids: shuffle the ranks.
      collectionsShuffle(sizes, random);
      return sizes;
    }
  }
}
