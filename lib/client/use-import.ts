/**
 * `POST /api/import`: pasted kafka-log-dirs (+ optional kafka-topics) output → snapshot and report,
 * or a FetchError whose `issues` point at the offending lines. The sample outputs the form can load
 * are static files under /samples.
 */
import useSWRMutation from "swr/mutation";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { BalanceReport } from "@/lib/model/report";
import type { Issue } from "@/lib/model/result";
import { fetchJson } from "./fetch-json";

export const IMPORT_URL = "/api/import";

export interface ImportBody {
  logDirs: string;
  topics?: string;
  /** kafka-configs --describe output (brokers and/or topics). */
  configs?: string;
  label?: string;
}

export interface ImportAnswer {
  snapshot: ClusterSnapshot;
  report: BalanceReport;
  warnings?: Issue[];
}

export function postImport(url: string, { arg }: { arg: ImportBody }): Promise<ImportAnswer> {
  return fetchJson<ImportAnswer>(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(arg) });
}

export function useImport() {
  return useSWRMutation<ImportAnswer, Error, string, ImportBody>(IMPORT_URL, postImport);
}

/** The sample kafka-log-dirs and kafka-topics outputs (public/samples), as text. */
export async function loadSampleOutputs(): Promise<{ logDirs: string; topics: string }> {
  const [logDirs, topics] = await Promise.all([fetch("/samples/kafka-log-dirs.txt").then((r) => r.text()), fetch("/samples/kafka-topics.txt").then((r) => r.text())]);
  return { logDirs, topics };
}
