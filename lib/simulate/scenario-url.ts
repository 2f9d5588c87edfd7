/**
 * Scenarios in the URL: `/simulate?s=1.<base64url of deflate-raw JSON>`, so a link reproduces a run
 * exactly (same base reference, policy, seed and steps → the same result; the engine is deterministic).
 *
 * - The base travels as a reference ("demo", "current", a preset, a synthetic spec, a snapshot link's id,
 *   or "imported", the snapshot imported in this browser tab), never as a snapshot: those are shared
 *   through snapshot links (POST /api/snapshots). A longer link than MAX_LINK_CHARS is refused for the same reason.
 * - "1." is the format version: a later format gets a new prefix and this decoder keeps working.
 * - Decoding validates with the scenario schema and caps the inflated size, so a hostile link
 *   cannot run anything the API would not, nor inflate into gigabytes.
 * Uses the web platform's CompressionStream and btoa/atob (browsers, Node 20+): no dependency.
 */
import { z } from "zod";
import { readBounded } from "../model/bounded-stream";
import { zodIssues } from "../model/parse";
import { invalid, type Issue, type Result } from "../model/result";
import { baseRefJson, parseBaseRef, type LinkBaseRef } from "./request";
import { PolicySchema, ScenarioSchema, type Policy, type StepInput } from "./schema";

export const LINK_PARAM = "s";
/** `/simulate?forecast=30`: the current cluster as forecast 30 days ahead, no steps yet. */
export const FORECAST_PARAM = "forecast";

/** The simulator starting from the forecast `days` ahead; `cluster` as the page's `?cluster=`, when it names one. */
export function forecastSimulatorPath(days: number, cluster: string | null): string {
  return `/simulate?${FORECAST_PARAM}=${days}${cluster ? `&cluster=${encodeURIComponent(cluster)}` : ""}`;
}
const FORMAT = "1.";
/** 4,000 characters: well inside every browser's and proxy's URL limits (the request line stays under 8 KB). */
export const MAX_LINK_CHARS = 4000;
/** 1 MB of JSON at most after inflating; a link of 4,000 characters never needs more. */
const MAX_INFLATED_BYTES = 1024 * 1024;

/** A base a link can name: any server-side reference, or the snapshot imported in this browser tab. */
export type LinkBase = LinkBaseRef | { kind: "imported" };

export interface LinkScenario {
  base: LinkBase;
  policy: Policy;
  seed: number;
  steps: StepInput[];
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream, maxBytes: number): Promise<Uint8Array | null> {
  return readBounded(new Blob([bytes as BlobPart]).stream().pipeThrough(transform), maxBytes);
}

/** As baseRefJson, plus "imported" (the tab's own import, which only a link names). */
function baseJson(base: LinkBase): unknown {
  return base.kind === "imported" ? "imported" : baseRefJson(base);
}

/** The `s` parameter for a scenario: "1." + base64url(deflate-raw(JSON)). */
export async function encodeScenarioLink(scenario: LinkScenario): Promise<string> {
  const json = JSON.stringify({ base: baseJson(scenario.base), policy: scenario.policy, seed: scenario.seed, steps: scenario.steps });
  const deflated = await pipe(new TextEncoder().encode(json), new CompressionStream("deflate-raw"), Number.MAX_SAFE_INTEGER);
  return FORMAT + toBase64Url(deflated!);
}

const LinkSchema = z.strictObject({
  base: z.unknown(),
  policy: PolicySchema,
  seed: ScenarioSchema.shape.seed,
  steps: ScenarioSchema.shape.steps,
});

const broken = (message: string): Result<LinkScenario> => invalid([{ path: "", message }]);

/** Reads an `s` parameter back. Never throws; a broken link says why. */
export async function decodeScenarioLink(param: string): Promise<Result<LinkScenario>> {
  if (param.length > MAX_LINK_CHARS + FORMAT.length) return broken(`the scenario link is longer than ${MAX_LINK_CHARS} characters`);
  if (!param.startsWith(FORMAT)) return broken("the scenario link is from an unknown format (it should start with 1.)");
  const bytes = fromBase64Url(param.slice(FORMAT.length));
  if (!bytes) return broken("the scenario link is damaged (not base64url); copy it again");
  let inflated: Uint8Array | null;
  try {
    inflated = await pipe(bytes, new DecompressionStream("deflate-raw"), MAX_INFLATED_BYTES);
  } catch {
    return broken("the scenario link is damaged (it does not inflate); copy it again");
  }
  if (!inflated) return broken("the scenario link inflates to more than 1 MB; it was not made by Kafka Balance");
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(inflated));
  } catch {
    return broken("the scenario link is damaged (not JSON); copy it again");
  }
  const parsed = LinkSchema.safeParse(json);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  let base: LinkBase;
  if (parsed.data.base === "imported") base = { kind: "imported" };
  else {
    const ref = parseBaseRef(parsed.data.base, "base");
    if (!ref.ok) return ref;
    if (ref.value.kind === "snapshot") return invalid([{ path: "base", message: "a link names its base; snapshots travel as snapshot links" } satisfies Issue]);
    base = ref.value;
  }
  // Steps go back as the link wrote them (inputs), not with defaults filled: the editor shows what was typed.
  const steps = (json as { steps: StepInput[] }).steps;
  return { ok: true, value: { base, policy: parsed.data.policy, seed: parsed.data.seed, steps } };
}

/** True when a link of this length is fine to put in the address bar. */
export function fitsInLink(param: string): boolean {
  return param.length <= MAX_LINK_CHARS;
}
