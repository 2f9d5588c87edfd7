/**
 * The values of the planner's commands as shell words (lib/model/shell-word.ts): a hostile topic name,
 * dir path or address in a snapshot, a link or a request is passed to the tool as one word, never run
 * when the operator pastes the command.
 */
import { shellArg } from "../model/shell-word";
import { BOOTSTRAP_PLACEHOLDER } from "./options";

export { shellArg };

/** The bootstrap address as one shell word; the placeholder stays as it is, for the operator to replace. */
export function bootstrapArg(value: string): string {
  return value === BOOTSTRAP_PLACEHOLDER ? value : shellArg(value);
}
