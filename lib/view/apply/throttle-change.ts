/**
 * The throttle form of a running apply: the two rates as typed ("80 MiB/s"), filled with the rates in
 * force, to the rates the control route takes (bytes/s). Only a rate that differs from the one in
 * force is sent; each field's problem comes back under its own name, together.
 */
import { invalid, success, type Issue, type Result } from "@/lib/model/result";
import { formatByteRateInput, parseByteRate } from "../common/byte-size-input";

export interface ThrottleForm {
  replication: string;
  alterLogDirs: string;
}

export interface ThrottleRates {
  replicationBytesPerSecond: number;
  alterLogDirsBytesPerSecond: number;
}

/** The form showing the rates in force. */
export function throttleForm(rates: ThrottleRates): ThrottleForm {
  return { replication: formatByteRateInput(rates.replicationBytesPerSecond), alterLogDirs: formatByteRateInput(rates.alterLogDirsBytesPerSecond) };
}

/**
 * The rates to send: those that differ from `current`; an empty object when neither does. Issues are
 * keyed by the form's field names.
 */
export function throttleChange(form: ThrottleForm, current: ThrottleRates): Result<Partial<ThrottleRates>> {
  const replication = parseByteRate(form.replication);
  const alter = parseByteRate(form.alterLogDirs);
  const issues: Issue[] = [];
  if (!replication.ok) issues.push({ path: "replication", message: replication.error.message });
  if (!alter.ok) issues.push({ path: "alterLogDirs", message: alter.error.message });
  if (!replication.ok || !alter.ok) return invalid(issues);
  const change: Partial<ThrottleRates> = {};
  if (replication.value !== current.replicationBytesPerSecond) change.replicationBytesPerSecond = replication.value;
  if (alter.value !== current.alterLogDirsBytesPerSecond) change.alterLogDirsBytesPerSecond = alter.value;
  return success(change);
}
