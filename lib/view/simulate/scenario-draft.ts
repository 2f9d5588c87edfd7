/**
 * The scenario being edited on the simulator page: a base reference, a policy, a seed and the steps
 * as typed (inputs, before schema defaults). Pure helpers so the editor only renders: a sensible new
 * step of each kind for the cluster at hand, per-step validation with the API's own schema and paths,
 * and the request body the page posts.
 */
import { maxOf } from "@/lib/model/min-max";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { failure, success, type Failure, type Issue, type Result } from "@/lib/model/result";
import { getPreset, type PresetId } from "@/lib/simulate/presets";
import { ForecastBaseSchema } from "@/lib/simulate/request";
import type { LinkBase, LinkScenario } from "@/lib/simulate/scenario-url";
import { SOFT_GOALS, type OperationKind, type PlanOptionsInput } from "@/lib/plan/options";
import { PolicySchema, StepSchema, type StepInput, type StepKind } from "@/lib/simulate/schema";
import type { SlimReport } from "@/lib/simulate/slim-report";
import type { SimulationResult } from "@/lib/simulate/run-request";
import { GiB } from "@/lib/model/units";

export type Draft = LinkScenario & {
  /** The preset the draft started from (highlighted until the draft diverges from it). */
  presetId: PresetId | null;
};

type OperationInput = NonNullable<PlanOptionsInput["operation"]>;

export function draftFromPreset(id: PresetId): Draft {
  const preset = getPreset(id)!;
  return {
    base: { kind: "preset", id },
    policy: { ...preset.scenario.policy },
    seed: preset.scenario.seed,
    // The preset's steps after defaults: valid inputs too, and what the editor should show.
    steps: preset.scenario.steps.map((s) => structuredClone(s) as StepInput),
    presetId: id,
  };
}

/**
 * The draft on another base. A preset's steps build the story from its empty start (the first
 * consumer group, the new disks, the topic); on any other base they would act on a cluster that
 * already has them and fail, so leaving the preset's base takes them out (steps the operator added
 * or changed stay), and `removed` lists them for the editor to say so and offer them back. Coming back to the
 * preset's base with none of its steps left puts `restore` back in front.
 */
export function changeBase(draft: Draft, base: LinkBase, restore: readonly StepInput[] = []): { draft: Draft; removed: StepInput[]; restored: StepInput[] } {
  if (draft.base.kind === "preset" && base.kind !== "preset") {
    const own = new Set(draftFromPreset(draft.base.id).steps.map((s) => JSON.stringify(s)));
    const removed = draft.steps.filter((s) => own.has(JSON.stringify(s)));
    return { draft: { ...draft, base, steps: draft.steps.filter((s) => !own.has(JSON.stringify(s))) }, removed, restored: [] };
  }
  if (base.kind === "preset" && draft.base.kind !== "preset" && restore.length > 0) {
    const have = new Set(draft.steps.map((s) => JSON.stringify(s)));
    const restored = restore.filter((s) => !have.has(JSON.stringify(s)));
    return { draft: { ...draft, base, steps: [...restored, ...draft.steps] }, removed: [], restored };
  }
  return { draft: { ...draft, base }, removed: [], restored: [] };
}

export function emptyDraft(base: LinkBase): Draft {
  return { base, policy: PolicySchema.parse({}), seed: 1, steps: [], presetId: null };
}

/** Is the draft still exactly its preset (same base, policy, seed and steps)? */
export function isPristinePreset(draft: Draft): boolean {
  if (!draft.presetId || draft.base.kind !== "preset" || draft.base.id !== draft.presetId) return false;
  const p = draftFromPreset(draft.presetId);
  return JSON.stringify([p.policy, p.seed, p.steps]) === JSON.stringify([draft.policy, draft.seed, draft.steps]);
}

/** What the editor knows about the cluster the next step will act on (from the last run). */
export interface ClusterContext {
  brokerIds: number[];
  /** Log dir paths in log.dirs order, as the first broker lists them, then any others. */
  paths: string[];
  /** The most common dir capacity, or null when unknown. */
  capacity: number | null;
  topics: string[];
  racks: boolean;
  /** Every broker's log dirs (a drain picks one of them). */
  dirs: { broker: number; path: string }[];
  /** Online brokers that hold no replica, and brokers the steps add: the ones a plan would fill. */
  emptyBrokers: number[];
}

export const EMPTY_CONTEXT: ClusterContext = { brokerIds: [], paths: [], capacity: null, topics: [], racks: false, dirs: [], emptyBrokers: [] };

export function clusterContext(report: SlimReport, snapshot: ClusterSnapshot | null, stepTopics: readonly string[] = []): ClusterContext {
  const paths: string[] = [];
  for (const d of report.dirs) if (!paths.includes(d.path)) paths.push(d.path);
  const counts = new Map<number, number>();
  for (const d of report.dirs) if (d.totalBytes !== null) counts.set(d.totalBytes, (counts.get(d.totalBytes) ?? 0) + 1);
  let capacity: number | null = null;
  for (const [c, n] of counts) if (capacity === null || n > counts.get(capacity)!) capacity = c;
  const topics = snapshot ? snapshot.topics.map((t) => t.name) : [];
  for (const t of stepTopics) if (!topics.includes(t)) topics.push(t);
  return {
    brokerIds: [...report.brokerIds],
    paths,
    capacity,
    topics,
    racks: report.brokers.some((b) => b.rack !== null),
    dirs: report.dirs.map((d) => ({ broker: d.broker, path: d.path })),
    emptyBrokers: report.brokers.filter((b) => b.state === "online" && b.replicas === 0).map((b) => b.id),
  };
}

/**
 * What the editor offers after a run: the final cluster's brokers, dirs and topics, plus the topics and
 * brokers the draft's steps add (so a step can act on what an earlier step creates). Empty before any run.
 */
export function editorContext(final: { report: SlimReport; topics: readonly string[] } | null, steps: readonly StepInput[]): ClusterContext {
  if (!final) return EMPTY_CONTEXT;
  const ctx = clusterContext(final.report, null, [...final.topics, ...topicsCreatedBy(steps)]);
  const added = steps.flatMap((s) => (s.kind === "addBroker" && Number.isFinite(s.id) && !ctx.brokerIds.includes(s.id) ? [s] : []));
  const byId = (a: number, b: number) => a - b;
  return {
    ...ctx,
    brokerIds: [...new Set([...ctx.brokerIds, ...added.map((s) => s.id)])].sort(byId),
    dirs: [...ctx.dirs, ...added.flatMap((s) => s.logDirs.map((d) => ({ broker: s.id, path: d.path })))],
    emptyBrokers: [...new Set([...ctx.emptyBrokers, ...added.map((s) => s.id)])].sort(byId),
  };
}

/** "/data/d4" after /data/d1../data/d3: the next path in the cluster's own naming, else /data/dN. */
export function nextDirPath(paths: readonly string[]): string {
  const numbered = paths.map((p) => /^(.*?)(\d+)$/.exec(p)).filter((m): m is RegExpExecArray => m !== null);
  if (numbered.length > 0) {
    const prefix = numbered[0]![1]!;
    const max = maxOf(numbered.filter((m) => m[1] === prefix).map((m) => Number(m[2])));
    return `${prefix}${max + 1}`;
  }
  return `/data/d${paths.length + 1}`;
}

function freshName(taken: readonly string[], stem: string): string {
  for (let i = 1; ; i++) if (!taken.includes(`${stem}-${i}`)) return `${stem}-${i}`;
}

/** A new step of `kind`, filled in for the cluster at hand, ready to run or to edit. */
export function newStep(kind: StepKind, ctx: ClusterContext): StepInput {
  const capacity = ctx.capacity ?? 1024 * GiB;
  const firstBroker = ctx.brokerIds[0] ?? 1;
  const firstPath = ctx.paths[0] ?? "/data/d1";
  const rf = Math.max(1, Math.min(3, ctx.brokerIds.length || 3));
  const topic = ctx.topics.find((t) => !t.startsWith("__")) ?? ctx.topics[0] ?? "orders";
  switch (kind) {
    case "addBroker": {
      const id = ctx.brokerIds.length ? maxOf(ctx.brokerIds) + 1 : 1;
      const paths = ctx.paths.length ? ctx.paths : ["/data/d1"];
      return { kind, id, rack: null, logDirs: paths.map((path) => ({ path, totalBytes: capacity })) };
    }
    case "addLogDir":
      return { kind, broker: "all", path: nextDirPath(ctx.paths), totalBytes: capacity };
    case "failLogDir":
      return { kind, broker: firstBroker, path: firstPath };
    case "cordonLogDir":
      return { kind, broker: firstBroker, path: firstPath, cordoned: true };
    case "createTopic":
      return { kind, name: freshName(ctx.topics, "topic"), partitions: 12, replicationFactor: rf, size: { kind: "fixed", bytes: 10 * GiB }, internal: false };
    case "addPartitions":
      return { kind, topic, totalPartitions: 24, size: { kind: "fixed", bytes: 10 * GiB } };
    case "growTopic":
      return { kind, topic, bytesPerPartition: 10 * GiB, factor: 1 };
    case "firstConsumerGroup":
      return { kind, partitions: 50, replicationFactor: rf, bytesPerPartition: 16 * 1024 };
    case "reassign":
      return { kind, partitions: [{ topic, partition: 0, replicas: ctx.brokerIds.slice(0, rf).length ? ctx.brokerIds.slice(0, rf) : [1], log_dirs: undefined }] };
    case "plan":
      // Brokers that hold nothing are most likely just added: fill them; else even out the cluster.
      return { kind, options: { operation: planOperation(ctx.emptyBrokers.length > 0 ? "add-brokers" : "rebalance", ctx), goals: [...SOFT_GOALS] } };
  }
}

/**
 * A plan step's operation of `kind`, as it starts: filling the brokers that hold nothing; removing or
 * draining nothing yet (the operator picks what, from the cluster's brokers and dirs).
 */
export function planOperation(kind: OperationKind, ctx: ClusterContext): OperationInput {
  switch (kind) {
    case "rebalance":
      return { kind };
    case "add-brokers":
      return { kind, brokers: [...ctx.emptyBrokers] };
    case "remove-brokers":
      return { kind, brokers: [] };
    case "drain-dirs":
      return { kind, dirs: [], cordon: true };
  }
}

/** Topic names the draft's steps create, so later steps can offer them. */
export function topicsCreatedBy(steps: readonly StepInput[]): string[] {
  const names: string[] = [];
  for (const s of steps) {
    if (s.kind === "createTopic") names.push(s.name);
    if (s.kind === "firstConsumerGroup") names.push("__consumer_offsets");
  }
  return names;
}

/** Problems with the draft's base, seed and steps, with the API's paths (`steps.2.partitions`, `base.forecast.days`). */
export function draftIssues(draft: Pick<Draft, "steps" | "seed"> & { base?: Draft["base"] }): Issue[] {
  const issues: Issue[] = [];
  if (draft.base?.kind === "forecast") {
    const r = ForecastBaseSchema.safeParse({ days: draft.base.days });
    if (!r.success) for (const issue of r.error.issues) issues.push({ path: ["base", "forecast", ...issue.path].map(String).join("."), message: issue.message });
  }
  if (!Number.isSafeInteger(draft.seed) || draft.seed < 0) issues.push({ path: "seed", message: "the seed is a whole number, 0 or more" });
  draft.steps.forEach((step, i) => {
    const r = StepSchema.safeParse(step);
    if (!r.success) for (const issue of r.error.issues) issues.push({ path: ["steps", i, ...issue.path].map(String).join("."), message: issue.message });
  });
  return issues;
}

/** The request body, or why this tab cannot send one (code `no_imported_snapshot`). */
export type DraftBody = Result<Record<string, unknown>>;

/**
 * The `POST /api/simulate` body for a draft. The imported base travels inline (it lives only in this
 * browser tab); every other base is a reference the server resolves.
 */
export function draftBody(draft: Draft, imported: ClusterSnapshot | null, options: { compare: boolean; snapshot: boolean }): DraftBody {
  let base: unknown;
  switch (draft.base.kind) {
    case "imported":
      if (!imported)
        return failure(
          "no_imported_snapshot",
          "This scenario starts from the snapshot imported in this browser tab, and none is imported here. Import kafka-log-dirs output first (Import), or pick another base.",
        );
      base = { snapshot: imported };
      break;
    case "demo":
    case "current":
      base = draft.base.kind;
      break;
    case "forecast":
      base = { forecast: { days: draft.base.days } };
      break;
    case "preset":
      base = { preset: draft.base.id };
      break;
    case "synthetic":
      base = { synthetic: draft.base.options };
      break;
    case "shared":
      base = { shared: draft.base.id };
      break;
  }
  return success({ base, policy: draft.policy, seed: draft.seed, steps: draft.steps, ...options });
}

/** The part of a draft a run depends on: when it changes, the results on screen are out of date. */
export function draftKey(draft: Draft): string {
  return JSON.stringify([draft.base, draft.policy, draft.seed, draft.steps]);
}

/** What the simulator page shows first: the draft, the server's first run of it, or why there is none. */
export interface InitialState {
  draft: Draft;
  /** The server's first run, or null (an imported base runs in the browser; or the run failed). */
  result: SimulationResult | null;
  error: Pick<Failure, "message" | "issues"> | null;
  /** Something to tell before anything else (a damaged link that fell back to a preset). */
  notice: string | null;
}
