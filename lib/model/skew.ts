/**
 * One definition of skew everywhere: max ÷ mean (1.00 is perfect), with the spread (max − min) and the
 * coefficient of variation (population standard deviation ÷ mean) beside it.
 *
 * An empty set, or one whose mean is 0, is perfectly balanced by definition (ratio 1, cv 0): there is
 * nothing to move.
 */
export interface Skew<K = string> {
  count: number;
  min: number;
  max: number;
  mean: number;
  total: number;
  /** max ÷ mean; 1 when everything is equal or all values are 0. */
  maxOverMean: number;
  /** Population standard deviation ÷ mean; 0 when balanced. */
  cv: number;
  /** max − min. */
  spread: number;
  /** Key of the largest value (first on ties), null when empty. */
  worst: K | null;
  /** Key of the smallest value (first on ties), null when empty. */
  least: K | null;
}

export function skewOf<K>(entries: ReadonlyArray<readonly [K, number]>): Skew<K> {
  const count = entries.length;
  if (count === 0) {
    return { count: 0, min: 0, max: 0, mean: 0, total: 0, maxOverMean: 1, cv: 0, spread: 0, worst: null, least: null };
  }
  let total = 0;
  let max = -Infinity;
  let min = Infinity;
  let worst: K | null = null;
  let least: K | null = null;
  for (const [key, value] of entries) {
    total += value;
    if (value > max) {
      max = value;
      worst = key;
    }
    if (value < min) {
      min = value;
      least = key;
    }
  }
  const mean = total / count;
  let squares = 0;
  for (const [, value] of entries) squares += (value - mean) ** 2;
  const sd = Math.sqrt(squares / count);
  return {
    count,
    min,
    max,
    mean,
    total,
    maxOverMean: mean > 0 ? max / mean : 1,
    cv: mean > 0 ? sd / mean : 0,
    spread: max - min,
    worst,
    least,
  };
}
