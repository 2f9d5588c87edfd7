/**
 * The overview of a cluster as the server answers it (lib/view/overview-model.ts): the model, a page of
 * the topic grid, or one broker's details, each with a strong ETag made from the bytes of the answer.
 *
 * Invariants:
 * - The answers are made by lib/cluster/overview-answers.ts, which keeps the costly part (the balance
 *   report over every replica, the summary, the default model and its hash) beside each snapshot
 *   object. The source hands out the same object until it scans again, so a refresh of an unchanged
 *   cluster costs a lookup and a hash comparison, not a walk over the replicas.
 * - The snapshot is a cluster's (the source's scan) or a shared link's. A shared link's stored
 *   snapshot is decoded and answered in the worker pool (lib/workers/share-reads.ts, its decoding
 *   kept per worker thread): a 50 MB link decoded here would hold the event loop for seconds. Only its
 *   row is read here, every time, so a deleted or expired link stops answering at once.
 * - The ETag is the SHA-1 of what the answer shows except when it was captured: two scans that read
 *   the same figures give the same tag (a 304, which carries the newer capture time in the
 *   `x-captured-at` header), and any change in a figure gives another.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { failure, success, type Result } from "@/lib/model/result";
import type { BrokerDetail } from "@/lib/view/broker-detail";
import type { OverviewModel } from "@/lib/view/overview-model";
import { DEFAULT_TOPIC_PAGE_REQUEST, type TopicPageRequest } from "@/lib/view/topic-page";
import { readShareRow } from "@/lib/snapshots/share";
import { sharedView, type SharedView, type SharedViewAnswer } from "@/lib/workers/share-reads";
import { brokerAnswer, firstModel, overviewAnswer, topicPageAnswer } from "./overview-answers";
import { ClusterSourceError, getClusterSnapshot } from "./source";

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

/** A snapshot already at hand. */
export const snapshotAtHand =
  (snapshot: ClusterSnapshot): SnapshotLoader =>
  () =>
    Promise.resolve(snapshot);

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

/** What an overview request names: a configured cluster (`cluster=`), or a shared link's snapshot (`shared=<link id>`). */
export interface SnapshotChoice {
  cluster: string | undefined;
  shared: string | undefined;
}

/**
 * The loader of the snapshot a request names. A shared link's row is read here, so an unknown,
 * expired or malformed link is an answer (404, 410, 400) and a scenario or plan link a 409; its
 * answers are made in the worker pool, whose failures (busy, unreadable) throw as a source's would.
 */
export async function chosenSnapshot(choice: SnapshotChoice, refresh = false): Promise<Result<SnapshotLoader>> {
  if (choice.shared === undefined) return success(clusterSnapshot(choice.cluster, refresh));
  const id = choice.shared;
  const row = await readShareRow(id);
  if (!row.ok) return row;
  if (row.value.kind !== "snapshot") return failure("wrong_kind", `The link ${id} holds a ${row.value.kind}, not a snapshot: open it at /s/${id}.`);
  const load: SnapshotLoader = () => Promise.reject(new Error("a shared link's snapshot is answered in the worker pool"));
  load.shared = async (view) => {
    let answer: Result<SharedViewAnswer>;
    try {
      answer = await sharedView(row.value, view);
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === "WorkBusyError" || name === "WorkTimeoutError") throw sourceError(name === "WorkBusyError" ? "busy" : "work_timed_out", (error as Error).message);
      throw error;
    }
    if (!answer.ok) throw sourceError(answer.error.code, answer.error.message);
    return answer.value;
  };
  return success(load);
}

/** A worker's failure, thrown as a source's failure so the routes answer its code and message (503 busy, 500 unreadable). */
function sourceError(code: string, message: string): ClusterSourceError {
  return new ClusterSourceError(code as ConstructorParameters<typeof ClusterSourceError>[0], message);
}
