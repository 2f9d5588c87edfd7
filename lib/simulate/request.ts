/**
 * The body of `POST /api/simulate` and of a scenario link, before the base cluster is fetched.
 *
 * Three spellings, one meaning (a scenario = base + policy + seed + steps):
 * - `{ base, policy?, seed?, steps? }` where `base` is a reference the server resolves:
 *   "demo", "current" (the dashboard's source: live or demo), `{ forecast: { days } }` (the current
 *   cluster grown as its history's forecast expects `days` ahead), `{ preset: id }` (a preset's
 *   starting cluster), `{ synthetic: {...} }` (a generated cluster, for scale), or `{ snapshot: {...} }` inline.
 * - `{ preset: id, policy?, seed?, steps? }`: sugar for `base: { preset: id }`.
 * - `{ scenario: { base: <snapshot>, policy, seed, steps } }`: a whole ScenarioInput, as the engine takes it.
 * With a preset base, an omitted policy, seed or steps list is the preset's own, so `{ "preset": "size-aware" }`
 * runs that preset exactly. Otherwise an omitted steps list is empty (the base alone is reported).
 *
 * Errors name the path of the bad field as the caller wrote it (`steps.2.partitions`,
 * `scenario.steps.2.partitions`, `base.snapshot.brokers.0.id`), so the answer says what to fix.
 * Client-safe: zod and the core only.
 */
import { z } from "zod";
import { parseSnapshot, zodIssues } from "../model/parse";
import { invalid, prefixIssues, type Issue, type Result } from "../model/result";
import type { ClusterSnapshot } from "../model/snapshot";
import { getPreset, PRESETS, type PresetId } from "./presets";
import { PolicySchema, ScenarioSchema, StepSchema, type Policy, type Scenario, type Step } from "./schema";

export const PRESET_IDS = PRESETS.map((p) => p.id) as [PresetId, ...PresetId[]];

/** A generated cluster (lib/simulate/synthetic): what the benchmark and "try it at scale" use. */
export const SyntheticBaseSchema = z.strictObject({
  brokers: z.number().int().min(1, "brokers must be at least 1").max(5000, "brokers is at most 5000"),
  dirsPerBroker: z.number().int().min(1, "dirsPerBroker must be at least 1").max(64, "dirsPerBroker is at most 64"),
  replicas: z.number().int().min(0, "replicas cannot be negative"),
  racks: z.number().int().min(1).max(1000).optional(),
  seed: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  meanReplicaBytes: z.number().finite().min(0).optional(),
  skew: z.number().finite().min(0).max(8).optional(),
  meanUtilization: z.number().finite().gt(0).max(1).optional(),
});
export type SyntheticBase = z.infer<typeof SyntheticBaseSchema>;

/** 365: the forecast's horizon (lib/forecast DEFAULT_HORIZON_DAYS); beyond it a fit says nothing. */
export const MAX_FORECAST_DAYS = 365;

/** The current cluster as the forecast expects it `days` from now (lib/forecast/snapshot-at.ts). */
export const ForecastBaseSchema = z.strictObject(
  {
    days: z
      .number({ error: "days is a whole number of days ahead, 1 to 365" })
      .int("days is a whole number of days ahead, 1 to 365")
      .min(1, "days is a whole number of days ahead, 1 to 365")
      .max(MAX_FORECAST_DAYS, `days is at most ${MAX_FORECAST_DAYS}: the forecast looks no further ahead`),
  },
  { error: (issue) => (issue.code === "invalid_type" ? 'forecast is { "days": N }, N days ahead (1 to 365)' : undefined) },
);

/**
 * Where a scenario starts. Everything but `snapshot` is a small reference that fits in a link;
 * `shared` names a scenario stored as a snapshot link: its base cluster, resolved by the server.
 */
export type BaseRef =
  | { kind: "demo" }
  | { kind: "current" }
  | { kind: "forecast"; days: number }
  | { kind: "preset"; id: PresetId }
  | { kind: "synthetic"; options: SyntheticBase }
  | { kind: "shared"; id: string }
  | { kind: "snapshot"; snapshot: ClusterSnapshot };

/** A snapshot-link id as lib/links writes them (22 URL-safe characters); checked again by the store. */
const SharedIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "shared is the id of a snapshot link (the part after /s/)");

/** A base that can travel in a URL (no inline snapshot). */
export type LinkBaseRef = Exclude<BaseRef, { kind: "snapshot" }>;

export interface SimulateRequest {
  base: BaseRef;
  /** Omitted fields fall back to the preset's (preset base) or to the schema defaults. */
  policy: Policy | null;
  seed: number | null;
  steps: Step[] | null;
  /** Run the same scenario under every log-dir policy too (default true). */
  compare: boolean;
  /** Send the final snapshot back (default true; large clusters may skip it). */
  includeSnapshot: boolean;
}

const OptionsShape = {
  policy: PolicySchema.optional(),
  seed: ScenarioSchema.shape.seed.unwrap().optional(),
  steps: ScenarioSchema.shape.steps.optional(),
  compare: z.boolean().default(true),
  snapshot: z.boolean().default(true),
};

const PresetIdSchema = z.enum(PRESET_IDS, { error: () => `preset must be one of ${PRESET_IDS.join(", ")}` });

const BaseFormSchema = z.strictObject({ base: z.unknown(), ...OptionsShape });
const PresetFormSchema = z.strictObject({ preset: PresetIdSchema, ...OptionsShape });
const ScenarioFormSchema = z.strictObject({
  scenario: z.strictObject({ base: z.unknown(), policy: OptionsShape.policy, seed: OptionsShape.seed, steps: z.array(StepSchema).max(1000, "a scenario has at most 1000 steps") }),
  compare: OptionsShape.compare,
  snapshot: OptionsShape.snapshot,
});

const BASE_HELP =
  'base must be "demo", "current", { "forecast": { "days": 1–365 } }, { "preset": id }, { "synthetic": { brokers, dirsPerBroker, replicas } }, { "shared": id } or { "snapshot": <ClusterSnapshot> }';

/** zodIssues, except that an unknown field is named by its own path with the fields that are allowed. */
function formIssues(error: z.ZodError, allowed: readonly string[]): Issue[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String).join(".");
    if (issue.code !== "unrecognized_keys") return [{ path: at, message: issue.message }];
    return issue.keys.map((key) => ({ path: at ? `${at}.${key}` : key, message: `unknown field; ${at || "the body"} takes ${allowed.join(", ")}` }));
  });
}

/** Reads a base reference; `path` is where it sits in the body, for error paths. */
export function parseBaseRef(raw: unknown, path: string): Result<BaseRef> {
  if (raw === "demo" || raw === "current") return { ok: true, value: { kind: raw } };
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
    const keys = Object.keys(raw);
    const value = raw as Record<string, unknown>;
    if (keys.length === 1 && keys[0] === "preset") {
      const id = PresetIdSchema.safeParse(value.preset);
      return id.success ? { ok: true, value: { kind: "preset", id: id.data } } : invalid(prefixIssues(zodIssues(id.error), `${path}.preset`));
    }
    if (keys.length === 1 && keys[0] === "forecast") {
      const forecast = ForecastBaseSchema.safeParse(value.forecast);
      return forecast.success ? { ok: true, value: { kind: "forecast", days: forecast.data.days } } : invalid(prefixIssues(zodIssues(forecast.error), `${path}.forecast`));
    }
    if (keys.length === 1 && keys[0] === "synthetic") {
      const options = SyntheticBaseSchema.safeParse(value.synthetic);
      return options.success ? { ok: true, value: { kind: "synthetic", options: options.data } } : invalid(prefixIssues(zodIssues(options.error), `${path}.synthetic`));
    }
    if (keys.length === 1 && keys[0] === "shared") {
      const id = SharedIdSchema.safeParse(value.shared);
      return id.success ? { ok: true, value: { kind: "shared", id: id.data } } : invalid(prefixIssues(zodIssues(id.error), `${path}.shared`));
    }
    if (keys.length === 1 && keys[0] === "snapshot") {
      const snapshot = parseSnapshot(value.snapshot);
      return snapshot.ok ? { ok: true, value: { kind: "snapshot", snapshot: snapshot.value } } : invalid(prefixIssues(snapshot.error.issues, `${path}.snapshot`));
    }
  }
  return invalid([{ path, message: BASE_HELP }]);
}

/** Validates a request body (already JSON-parsed). Never throws. */
export function parseSimulateRequest(raw: unknown): Result<SimulateRequest> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    return invalid([{ path: "", message: 'the body is a JSON object: { "base": "demo", "steps": [...] }, { "preset": id } or { "scenario": {...} }' }]);
  }
  if ("scenario" in raw) {
    const form = ScenarioFormSchema.safeParse(raw);
    if (!form.success) return invalid(formIssues(form.error, ["scenario (base, policy, seed, steps)", "compare", "snapshot"]));
    const base = parseBaseRef({ snapshot: form.data.scenario.base }, "scenario.base");
    if (!base.ok) return invalid(base.error.issues.map((i) => ({ ...i, path: i.path.replace(/^scenario\.base\.snapshot/, "scenario.base") })));
    const { policy, seed, steps } = form.data.scenario;
    return { ok: true, value: { base: base.value, policy: policy ?? null, seed: seed ?? null, steps, compare: form.data.compare, includeSnapshot: form.data.snapshot } };
  }
  const isPreset = "preset" in raw;
  const form = isPreset ? PresetFormSchema.safeParse(raw) : BaseFormSchema.safeParse(raw);
  if (!form.success) return invalid(formIssues(form.error, [isPreset ? "preset" : "base", "policy", "seed", "steps", "compare", "snapshot"]));
  const data = form.data as z.infer<typeof PresetFormSchema> | z.infer<typeof BaseFormSchema>;
  const base = "preset" in data ? ({ ok: true, value: { kind: "preset", id: data.preset } } as const) : parseBaseRef(data.base, "base");
  if (!base.ok) return base;
  return {
    ok: true,
    value: { base: base.value, policy: data.policy ?? null, seed: data.seed ?? null, steps: data.steps ?? null, compare: data.compare, includeSnapshot: data.snapshot },
  };
}

/** The scenario a request means, once its base cluster is known. */
export function resolveScenario(request: SimulateRequest, base: ClusterSnapshot): Scenario {
  const preset = request.base.kind === "preset" ? getPreset(request.base.id) : undefined;
  return {
    base,
    policy: request.policy ?? preset?.scenario.policy ?? PolicySchema.parse({}),
    seed: request.seed ?? preset?.scenario.seed ?? 1,
    steps: request.steps ?? preset?.scenario.steps ?? [],
  };
}

/** A base reference as JSON, the inverse of parseBaseRef. */
export function baseRefJson(base: BaseRef): unknown {
  switch (base.kind) {
    case "demo":
    case "current":
      return base.kind;
    case "forecast":
      return { forecast: { days: base.days } };
    case "preset":
      return { preset: base.id };
    case "synthetic":
      return { synthetic: base.options };
    case "shared":
      return { shared: base.id };
    case "snapshot":
      return { snapshot: base.snapshot };
  }
}
