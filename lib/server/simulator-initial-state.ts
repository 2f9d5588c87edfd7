/**
 * What the simulator shows first, from the URL: `?shared=` (a scenario stored as a snapshot link, or
 * any other link's cluster to start from), `?base=imported|current` (that cluster, no steps yet),
 * `?forecast=<days>` (the current cluster as forecast that many days ahead, no steps yet), `?s=` (a
 * scenario link), `?preset=` (a preset by id), or the first preset. The current cluster is the URL's
 * `?cluster=` (the first configured when it names none). The server runs it (in the
 * worker pool, as the API does), so the first paint already has the results; a base imported in the
 * browser tab is left for the browser to run.
 */
import { currentEnv } from "@/lib/config";
import { draftBody, draftFromPreset, emptyDraft, type Draft, type InitialState } from "@/lib/view/simulate/scenario-draft";
import { limitsFromEnv } from "@/lib/simulate/limits";
import { PRESETS, getPreset, type PresetId } from "@/lib/simulate/presets";
import { ForecastBaseSchema } from "@/lib/simulate/request";
import { decodeScenarioLink, FORECAST_PARAM, LINK_PARAM } from "@/lib/simulate/scenario-url";
import type { StepInput } from "@/lib/simulate/schema";
import { BASE_PARAM } from "@/lib/share/origin";
import { ScenarioSpecSchema, SHARED_PARAM } from "@/lib/share/record";
import { sharedScenarioSpec } from "./share-reads";
import { simulateOffThread } from "./simulate-request";

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

async function draftFrom(params: SearchParams): Promise<{ draft: Draft; notice: string | null }> {
  const fallback = draftFromPreset(PRESETS[0]!.id);
  // A scenario stored as a snapshot link (/s/<id> redirects here): its steps on its own base.
  const sharedId = first(params[SHARED_PARAM]);
  if (sharedId) {
    // Decoded in the worker pool, which answers only the scenario (a 50 MB link must not stall the server).
    let opened;
    try {
      opened = await sharedScenarioSpec(sharedId);
    } catch (error) {
      opened = { ok: false as const, error: { message: (error as Error).message } };
    }
    if (!opened.ok) return { draft: fallback, notice: `The shared link could not be opened: ${opened.error.message} Showing the first preset instead.` };
    // The link's cluster is resolved by the run (base { shared: id }); a scenario brings its steps.
    const base = emptyDraft({ kind: "shared", id: opened.value.meta.id });
    if (!opened.value.scenario) return { draft: base, notice: null };
    const { policy, seed, steps } = ScenarioSpecSchema.parse(opened.value.scenario);
    return { draft: { ...base, policy, seed, steps: steps as StepInput[] }, notice: null };
  }
  // The import lives in the browser tab: the page runs it there (initialState leaves it unrun).
  const named = first(params[BASE_PARAM]);
  if (named === "imported" || named === "current") return { draft: emptyDraft({ kind: named }), notice: null };
  const forecastParam = first(params[FORECAST_PARAM]);
  if (forecastParam !== undefined) {
    const days = ForecastBaseSchema.safeParse({ days: Number(forecastParam) });
    if (days.success) return { draft: emptyDraft({ kind: "forecast", days: days.data.days }), notice: null };
    return {
      draft: fallback,
      notice: `The forecast link asks for "${forecastParam.slice(0, 20)}" days ahead; it takes a whole number from 1 to 365. Showing the first preset instead.`,
    };
  }
  const link = first(params[LINK_PARAM]);
  if (link) {
    const decoded = await decodeScenarioLink(link);
    if (!decoded.ok) {
      return { draft: fallback, notice: `The scenario link could not be opened (${decoded.error.message}); showing the first preset instead.` };
    }
    const d = decoded.value;
    // Keep the preset highlighted when a link only re-states it.
    const presetId: PresetId | null = d.base.kind === "preset" ? d.base.id : null;
    return { draft: { ...emptyDraft(d.base), policy: d.policy, seed: d.seed, steps: d.steps, presetId }, notice: null };
  }
  const presetParam = first(params.preset);
  if (presetParam) {
    if (getPreset(presetParam)) return { draft: draftFromPreset(presetParam as PresetId), notice: null };
    return { draft: fallback, notice: `There is no preset "${presetParam}"; the presets are ${PRESETS.map((p) => p.id).join(", ")}.` };
  }
  return { draft: fallback, notice: null };
}

export async function initialState(params: SearchParams): Promise<InitialState> {
  const { draft, notice } = await draftFrom(params);
  const body = draftBody(draft, null, { compare: true, snapshot: false });
  // An imported base lives in the browser tab: the page runs it there.
  if (!body.ok) return { draft, result: null, error: null, notice };
  // Run off the request thread, like POST /api/simulate: a link to a huge scenario must not stall the server.
  let outcome;
  try {
    const cluster = first(params.cluster);
    outcome = await simulateOffThread(body.value, limitsFromEnv(currentEnv()), cluster ?? null);
  } catch (error) {
    return { draft, result: null, error: { message: (error as Error).message, issues: [] }, notice };
  }
  if (!outcome.ok) return { draft, result: null, error: { message: outcome.error.message, issues: outcome.error.issues }, notice };
  return { draft, result: outcome.value, error: null, notice };
}
