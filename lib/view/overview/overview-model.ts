/**
 * The overview as the server sends it: what the page shows and nothing more. The figures of the
 * brokers and log dirs (the heatmap's cells, the charts' series and the next placement per broker
 * are drawn from them, which is less to send than the drawings), the verdict, the skew cards, the
 * throttles and the doctor's findings, and the first page of the topic grid. Replicas stay on the server: the broker drawer asks for its broker's
 * details, the topic grid for its other pages, share and export for the snapshot, each when needed.
 *
 * Invariants:
 * - The size of a model grows with brokers × dirs and with the topic page, never with replicas or
 *   partitions (the topic rows are one page; a finding of the doctor names a topic, not its replicas).
 * - Every figure is made by the same view builder the browser would use on a snapshot it holds
 *   (an imported or shared one), so both overviews say the same things about the same snapshot.
 */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import type { BalanceReport } from "@/lib/model/report";
import { invalid, success, type Result } from "@/lib/model/result";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { diagnoseThrottles, type ThrottleDiagnosis } from "@/lib/throttle/doctor";
import type { KnownFacts } from "@/lib/model/facts";
import { balanceOf, reportBalanceInput } from "@/lib/plan/balanced";
import { BOOTSTRAP_PLACEHOLDER } from "@/lib/plan/options";
import { snapshotSignals } from "./signals";
import { decodeReport, encodeReport, type CompactReport } from "./compact-report";
import { importChecks, type ImportChecks } from "../import/import-checks";
import { kafkaVersionsOf, nextPlacements, type NextPlacement } from "./next-placement";
import { skewCards, type SkewCard } from "./skew-cards";
import { throttleView, type ThrottleView } from "./throttles";
import { DEFAULT_TOPIC_PAGE_REQUEST, sourceConflict, topicPage, TopicPageQuerySchema, topicPageRequestOf, type TopicPage, type TopicPageRequest } from "./topic-page";
import { verdict, type Verdict } from "./verdict";

/** What the title bar and the file names of exports need of the snapshot. */
export type SnapshotHead = Pick<ClusterSnapshot, "schema" | "capturedAt" | "source">;

/** The parts of the overview that do not depend on the topic grid's query. */
export interface OverviewSummary {
  head: SnapshotHead;
  verdict: Verdict;
  cards: SkewCard[];
  checks: ImportChecks | null;
  /** Kafka versions, for the next placement (which rule a broker follows): the cluster's, and each broker's that reports one. */
  versions: { cluster: string | null; brokers: [number, string][] };
  throttles: ThrottleView;
  /** The doctor's findings, with only the brokers that throttle something (the ones it lists). */
  doctor: ThrottleDiagnosis;
  /** Which facts the snapshot's source carried (lib/model/facts.ts): a widget says "unknown" for the others. Optional: models of older servers have none. */
  facts?: KnownFacts;
}

/** The wire form: the summary, the report as columns, and one page of topic rows. */
export interface OverviewModel extends OverviewSummary {
  report: CompactReport;
  topics: TopicPage;
}

/** The model decoded for the views: the report in the shape every widget takes (no topic rows). */
export interface OverviewFigures extends OverviewSummary {
  report: BalanceReport;
  topics: TopicPage;
  placements: NextPlacement[];
}

export function overviewSummary(snapshot: ClusterSnapshot, report: BalanceReport): OverviewSummary {
  const versions = kafkaVersionsOf(snapshot);
  const placements = nextPlacements(report, versions);
  const doctor = diagnoseThrottles(snapshot);
  // The planner's measure of balance (lib/plan/balanced.ts), from the report's figures in one pass.
  const balance = balanceOf(report, reportBalanceInput(snapshot));
  const signals = snapshotSignals(snapshot);
  return {
    head: { schema: snapshot.schema, capturedAt: snapshot.capturedAt, source: snapshot.source },
    verdict: verdict(report, { placements, balance, signals, actions: { bootstrapServer: BOOTSTRAP_PLACEHOLDER, versions } }),
    cards: skewCards(report, { balance, facts: signals.facts }),
    checks: importChecks(snapshot.source),
    versions: { cluster: versions.cluster ?? null, brokers: [...(versions.brokers ?? [])].filter((e): e is [number, string] => typeof e[1] === "string") },
    throttles: throttleView(snapshot),
    doctor: { ...doctor, brokers: doctor.brokers.filter((b) => b.leader.length > 0 || b.follower.length > 0) },
    facts: signals.facts,
  };
}

/** The overview model as sent, with the ETag that names it (null when the answer carried none). */
export interface TaggedOverview {
  model: OverviewModel;
  etag: string | null;
}

/** The model of a snapshot and its report; `summary` may be passed in when the caller keeps it per snapshot. */
export function overviewModel(
  snapshot: ClusterSnapshot,
  report: BalanceReport,
  request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST,
  summary = overviewSummary(snapshot, report),
): OverviewModel {
  return { ...summary, report: encodeReport(report), topics: topicPage(report.topics, request) };
}

/** The figures of a snapshot the browser holds: what decodeOverview() gives for its model, without the wire. */
export function overviewFigures(snapshot: ClusterSnapshot, report: BalanceReport, request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST): OverviewFigures {
  return withPlacements({ ...overviewSummary(snapshot, report), report, topics: topicPage(report.topics, request) });
}

export function decodeOverview(model: OverviewModel): OverviewFigures {
  return withPlacements({ ...model, report: decodeReport(model.report) });
}

function withPlacements(figures: Omit<OverviewFigures, "placements">): OverviewFigures {
  const versions = { cluster: figures.versions.cluster, brokers: new Map<number, string | null | undefined>(figures.versions.brokers) };
  return { ...figures, placements: nextPlacements(figures.report, versions) };
}

/** What `GET /api/cluster/overview` accepts: the topic grid's query, and `refresh=1` to scan again now. */
export const OverviewQuerySchema = TopicPageQuerySchema.extend({
  refresh: z.enum(["1", "true"], { error: "refresh is 1 (scan the cluster again now) or left out" }).optional(),
});

/** URL parameters (each once) → the cluster or shared link, whether to scan again, and the topic page asked for; or the issues to fix. */
export function parseOverviewQuery(
  params: Record<string, string>,
): Result<{ cluster: string | undefined; shared: string | undefined; refresh: boolean; request: TopicPageRequest }> {
  const parsed = OverviewQuerySchema.safeParse(params);
  if (!parsed.success) return invalid(zodIssues(parsed.error));
  const conflict =
    sourceConflict(parsed.data) ??
    (parsed.data.shared !== undefined && parsed.data.refresh !== undefined
      ? [{ path: "refresh", message: "refresh scans a cluster again; a shared link's snapshot is stored, so leave refresh out" }]
      : null);
  if (conflict) return invalid(conflict);
  return success({ cluster: parsed.data.cluster, shared: parsed.data.shared, refresh: parsed.data.refresh !== undefined, request: topicPageRequestOf(parsed.data) });
}
