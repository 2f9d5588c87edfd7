/** Command-line flags of the project's scripts: `--name value`. */

export function stringFlag(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** A whole-number flag at least `min`, or `fallback` when absent; anything else is an error naming the flag. */
export function intFlag(args: readonly string[], name: string, fallback: number, min = 0): number {
  const raw = stringFlag(args, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} takes a whole number of at least ${min}, not "${raw}"`);
  return value;
}
