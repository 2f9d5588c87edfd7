"use client";
/**
 * `POST /api/simulate` as an SWR mutation: the last trigger wins (an older, slower run never
 * overwrites a newer one), errors are FetchErrors carrying the server's message and field paths.
 */
import useSWRMutation from "swr/mutation";
import { withCluster } from "./cluster-url";
import { fetchJson, type FetchError } from "./fetch-json";
import type { SimulationResult } from "@/lib/simulate/run-request";

export const SIMULATE_URL = "/api/simulate";

export function postSimulation(url: string, { arg }: { arg: Record<string, unknown> }): Promise<SimulationResult> {
  return fetchJson<SimulationResult>(withCluster(url), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(arg) });
}

export function useSimulation() {
  return useSWRMutation<SimulationResult, FetchError, string, Record<string, unknown>>(SIMULATE_URL, postSimulation, { throwOnError: false });
}
