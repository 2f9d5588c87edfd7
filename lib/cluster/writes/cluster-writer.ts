/**
 * The writes an apply job makes, behind one small interface (`ClusterWriter`), so that the job's
 * executor (job-runner.ts) can be driven by a hand-written writer in tests. `kafkaWriter` is the real
 * one: the requests of requests.ts, routed by `endpoints` (apply-plan.ts) from the latest scan.
 *
 * Each write answers with its per-item errors; only `scan` and `alterPartitionReassignments` throw (no
 * answer), and the executor turns that into the action's answer. Requests between two `release()`
 * calls share one admin client, as one round of the job's requests.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ConfigChange, DirMove, DirMoveFailure, ElectionOutcome } from "@/lib/plan/job-step";
import type { KafkaConnection } from "../connection";
import { readCluster } from "../live";
import { createAdmin, describeFailure } from "../live/protocol";
import { electPreferred, endpoints } from "./apply-plan";
import { alterConfigs, alterPartitionReassignments, alterReplicaLogDirs } from "./requests";

export interface ClusterWriter {
  scan(): Promise<ClusterSnapshot>;
  /** IncrementalAlterConfigs on one resource; one error line per refusal (a request with no answer included). */
  alterConfigs(snapshot: ClusterSnapshot, change: ConfigChange): Promise<string[]>;
  /** Starts reassignments, or cancels them (replicas null); one error line per refused partition. Throws when Kafka gave no answer. */
  alterPartitionReassignments(snapshot: ClusterSnapshot, partitions: { topic: string; partition: number; replicas: number[] | null }[]): Promise<string[]>;
  /** AlterReplicaLogDirs on one broker; the moves it did not take (error code -1: no answer). */
  alterReplicaLogDirs(snapshot: ClusterSnapshot, broker: number, moves: DirMove[]): Promise<DirMoveFailure[]>;
  /** A PREFERRED election, asked again while the new leader is not in the ISR yet. */
  electLeaders(snapshot: ClusterSnapshot, partitions: { topic: string; partition: number }[]): Promise<ElectionOutcome>;
  /** Ends a round of requests. */
  release(): Promise<void>;
}

export function kafkaWriter(connection: KafkaConnection, options: { electionRetryForMs?: number } = {}): ClusterWriter {
  let admin: ReturnType<typeof createAdmin> | null = null;
  const client = () => (admin ??= createAdmin(connection));
  const timeoutMs = connection.requestTimeoutMs;
  return {
    scan: () => readCluster(connection),
    alterConfigs: (snapshot, change) =>
      Promise.resolve()
        .then(() => {
          const ep = endpoints(snapshot);
          return alterConfigs(client(), change.resource.kind === "broker" ? ep.of(change.resource.id) : ep.any, [change], timeoutMs);
        })
        .catch((e: unknown) => [describeFailure(e)]),
    alterPartitionReassignments: async (snapshot, partitions) => alterPartitionReassignments(client(), endpoints(snapshot).any, partitions, timeoutMs),
    alterReplicaLogDirs: (snapshot, broker, moves) =>
      Promise.resolve()
        .then(() => alterReplicaLogDirs(client(), endpoints(snapshot).of(broker), moves, timeoutMs))
        .catch((e: unknown) => moves.map((m) => ({ ...m, errorCode: -1, error: describeFailure(e) }))),
    electLeaders: (snapshot, partitions) => electPreferred(connection, snapshot, partitions, { retryForMs: options.electionRetryForMs }),
    release: async () => {
      const a = admin;
      admin = null;
      await a?.close().catch(() => undefined);
    },
  };
}
