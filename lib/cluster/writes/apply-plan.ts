/**
 * The requests around a reassignment that are the same for every job: where each request goes
 * (`endpoints`: a broker's own configs to that broker, the rest to any online broker) and the
 * PREFERRED leader election once the data is in place. The job itself, step by step, is
 * lib/plan/job.ts, run by job-runner.ts.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { ElectionOutcome } from "@/lib/plan/job-step";
import type { KafkaConnection } from "../connection";
import { createAdmin, describeFailure } from "../live/protocol";
import { sortElectionAnswers } from "./apply-work";
import { electPreferredLeaders, type Endpoint } from "./requests";

export type { ElectionOutcome };

/** No online broker to send a request to; caught by the job runner, which records it on the job. */
export class WriteTargetError extends Error {
  override readonly name = "WriteTargetError";
  readonly code = "kafka_unreachable";
}

/** Where requests go: `of(broker)` for a broker's own configs and dirs, `any` for the rest. Throws WriteTargetError when none is online. */
export function endpoints(snapshot: ClusterSnapshot): { of: (broker: number) => Endpoint; any: Endpoint } {
  const online = snapshot.brokers.filter((b) => b.state === "online" && b.host && b.port);
  const first = online[0];
  if (!first) throw new WriteTargetError("No broker of the live snapshot is reachable; nothing was changed.");
  const of = (broker: number): Endpoint => {
    const b = online.find((x) => x.id === broker);
    if (!b) throw new WriteTargetError(`Broker ${broker} is not reachable; nothing was changed.`);
    return { host: b.host!, port: b.port! };
  };
  return { of, any: { host: first.host!, port: first.port! } };
}

/**
 * A PREFERRED leader election for these partitions, sent to any broker. PREFERRED_LEADER_NOT_AVAILABLE
 * (the new first replica not yet in the ISR as the controller sees it) is asked again every
 * `retryMs` until `retryForMs` has passed; ELECTION_NOT_NEEDED counts as done.
 */
export async function electPreferred(
  connection: KafkaConnection,
  snapshot: ClusterSnapshot,
  partitions: ReadonlyArray<{ topic: string; partition: number }>,
  options: { retryMs?: number; retryForMs?: number } = {},
): Promise<ElectionOutcome> {
  const outcome: ElectionOutcome = { requested: partitions.length, elected: 0, notNeeded: 0, failed: [] };
  if (partitions.length === 0) return outcome;
  const admin = createAdmin(connection);
  try {
    const ep = endpoints(snapshot);
    const deadline = Date.now() + (options.retryForMs ?? 30_000);
    let pending = partitions.map((p) => ({ topic: p.topic, partition: p.partition }));
    for (;;) {
      const sorted = sortElectionAnswers(await electPreferredLeaders(admin, ep.any, pending, connection.requestTimeoutMs));
      outcome.elected += sorted.elected + sorted.notNeeded;
      outcome.notNeeded += sorted.notNeeded;
      outcome.failed.push(...sorted.failed);
      if (sorted.retry.length === 0) break;
      if (Date.now() > deadline) {
        outcome.failed.push(...sorted.retry.map((r) => `${r.topic}-${r.partition}: ${r.error}`));
        break;
      }
      pending = sorted.retry.map(({ topic, partition }) => ({ topic, partition }));
      await new Promise((r) => setTimeout(r, options.retryMs ?? 1000));
    }
    return outcome;
  } catch (error) {
    outcome.failed.push(describeFailure(error));
    return outcome;
  } finally {
    await admin.close().catch(() => undefined);
  }
}
