/**
 * The overview of a cluster as the server answers it (lib/view/overview/overview-model.ts): the model, a page of
 * the topic grid, or one broker's details, each with a strong ETag made from the bytes of the answer.
 *
 * Invariants:
 * - The answers are made by lib/server/overview-answers.ts, which keeps the costly part (the balance
 *   report over every replica, the summary, the default model and its hash) beside each snapshot
 *   object. The source hands out the same object until it scans again, so a refresh of an unchanged
 *   cluster costs a lookup and a hash comparison, not a walk over the replicas.
 * - The snapshot is a cluster's (the source's scan) or a shared link's. A shared link's stored
 *   snapshot is decoded and answered in the worker pool (lib/server/chosen-snapshot.ts makes its
 *   loader; the decoding is kept per worker thread): a 50 MB link decoded here would hold the event loop for seconds. Only its
 *   row is read here, every time, so a deleted or expired link stops answering at once.
 * - The ETag is the SHA-1 of what the answer shows except when it was captured: two scans that read
 *   the same figures give the same tag (a 304, which carries the newer capture time in the
 *   `x-captured-at` header), and any change in a figure gives another.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { BrokerDetail } from "@/lib/view/overview/broker-detail";
import type { Failure } from "@/lib/model/result";
import { modeOf, type OverviewMode } from "@/lib/view/overview/cluster-data";
import type { OverviewModel, TaggedOverview } from "@/lib/view/overview/overview-model";
import { DEFAULT_TOPIC_PAGE_REQUEST, type TopicPageRequest } from "@/lib/view/overview/topic-page";
import { brokerAnswer, firstModel, overviewAnswer, topicPageAnswer, type SharedView, type SharedViewAnswer } from "./overview-answers";
import { getClusterSnapshot, isClusterSourceError, refreshIntervalMs } from "../cluster/source";

/** A JSON answer with its strong ETag, and how long making it took on this request. */
export interface TaggedBody {
  body: string;
  etag: string;
  serverMs: number;
  /** The snapshot's capture time, which the ETag leaves out (a 304 says it in a header). */
  capturedAt?: string;
}

/**
 * Where an answer's snapshot comes from: a cluster the server reads (the demo when none is named) or
 * a snapshot already at hand. Either hands out the same object until its snapshot changes, so the
 * figures kept beside it are found again. A shared link's loader also carries `shared`: its answers
 * are made in the worker pool.
 */
export type SnapshotLoader = (() => Promise<ClusterSnapshot>) & { shared?: (view: SharedView) => Promise<SharedViewAnswer> };

/** A cluster's snapshot (the demo when none is named); `refresh` scans again now. Throws ClusterSourceError. */
export const clusterSnapshot =
  (cluster: string | undefined, refresh = false): SnapshotLoader =>
  () =>
    getClusterSnapshot({ cluster, refresh });

/** The overview model of a snapshot, with the grid page asked for. Throws what the loader throws. */
export async function clusterOverview(load: SnapshotLoader, request: TopicPageRequest = DEFAULT_TOPIC_PAGE_REQUEST): Promise<TaggedBody> {
  if (load.shared) return timedRemote(() => load.shared!({ view: "overview", request }));
  const snapshot = await load();
  const started = performance.now();
  const answer = overviewAnswer(snapshot, request);
  return { ...answer, serverMs: performance.now() - started, capturedAt: snapshot.capturedAt };
}

/** One page of a snapshot's topic grid. Throws what the loader throws. */
export async function clusterTopicPage(load: SnapshotLoader, request: TopicPageRequest): Promise<TaggedBody> {
  if (load.shared) {
    const { capturedAt: _capturedAt, ...answer } = await timedRemote(() => load.shared!({ view: "topics", request }));
    return answer;
  }
  const snapshot = await load();
  const started = performance.now();
  return { ...topicPageAnswer(snapshot, request), serverMs: performance.now() - started };
}

/** One broker's details for the drawer, or null when the snapshot has no such broker. Throws what the loader throws. */
export async function clusterBrokerDetail(load: SnapshotLoader, broker: number): Promise<(TaggedBody & { detail: BrokerDetail }) | null> {
  if (load.shared) {
    const started = performance.now();
    const answer = await load.shared({ view: "broker", broker });
    if (!answer.detail) return null;
    return { body: answer.body, etag: answer.etag, detail: answer.detail, serverMs: performance.now() - started };
  }
  const snapshot = await load();
  const started = performance.now();
  const answer = brokerAnswer(snapshot, broker);
  return answer ? { ...answer, serverMs: performance.now() - started } : null;
}

/** An answer made in the worker pool, timed from here (the wait for a worker included). */
async function timedRemote(ask: () => Promise<SharedViewAnswer>): Promise<TaggedBody> {
  const started = performance.now();
  const { body, etag, capturedAt } = await ask();
  return { body, etag, capturedAt, serverMs: performance.now() - started };
}

/** The first-paint model of a snapshot as an object (the server page hands it to the browser), with its ETag. Throws what the loader throws. */
export async function clusterOverviewModel(load: SnapshotLoader): Promise<{ model: OverviewModel; etag: string }> {
  return firstModel(await load());
}

/** 5 s: the floor for auto-refresh, so a tiny KAFKA_BALANCE_REFRESH_MS cannot hammer the cluster. */
const MIN_AUTO_REFRESH_MS = 5_000;

/** What the overview page paints first: the model (or why it could not be read), the kind of source, and how often the tab refreshes it. */
export interface OverviewFirstPaint {
  initial: TaggedOverview | null;
  initialError: Pick<Failure, "code" | "message"> | null;
  mode: OverviewMode;
  refreshIntervalMs: number;
}

/**
 * The overview page's first paint of a cluster (null: the first configured): the view model, not the
 * snapshot — the page carries what it shows (brokers × dirs), never every replica. Only a live cluster
 * can fail to load (the demo is built in); its failure is the source's code and message.
 */
export async function overviewFirstPaint(cluster: string | null): Promise<OverviewFirstPaint> {
  let initial: TaggedOverview | null = null;
  let initialError: OverviewFirstPaint["initialError"] = null;
  try {
    initial = await clusterOverviewModel(clusterSnapshot(cluster ?? undefined));
  } catch (error) {
    initialError = isClusterSourceError(error)
      ? { code: error.code, message: error.message }
      : { code: "internal", message: "Reading the cluster failed unexpectedly; try again." };
  }
  return { initial, initialError, mode: initial ? modeOf(initial.model.head) : "live", refreshIntervalMs: Math.max(MIN_AUTO_REFRESH_MS, refreshIntervalMs()) };
}
