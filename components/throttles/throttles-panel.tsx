"use client";
/**
 * Throttles & reassignments: replication rates per broker and the cluster defaults, throttled
 * replica lists per topic, partition reassignments and log-dir moves in flight. What the snapshot's
 * source did not carry is said to be unknown, with the command that teaches it (lib/view/overview/throttles.ts). The throttle doctor (stale or
 * ineffective throttles, from the planner work) plugs into the `doctor` slot; until then the slot
 * says what will appear there.
 */
import type { ReactNode } from "react";
import type { RateRow } from "@/lib/view/overview/throttles";
import { WidgetCard } from "@/components/ui/widget-card";
import { widgetState, type WidgetProps } from "@/components/ui/widget-state";

interface Props extends WidgetProps {
  /** Findings of the throttle doctor, when available. */
  doctor?: ReactNode;
}

const th = "px-2 py-1 text-left font-medium text-zinc-600 dark:text-zinc-400";
const td = "px-2 py-1 tabular-nums";

function RateTable({ rows }: { rows: RateRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Replication throttle rates</caption>
      <thead className="border-b border-zinc-200 dark:border-zinc-800">
        <tr>
          <th className={th}>Scope</th>
          <th className={th} title="leader.replication.throttled.rate">
            Leader
          </th>
          <th className={th} title="follower.replication.throttled.rate">
            Follower
          </th>
          <th className={th} title="replica.alter.log.dirs.io.max.bytes.per.second">
            Alter log dirs
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.scope} className="border-b border-zinc-100 dark:border-zinc-800/60">
            <td className={td}>{r.scope}</td>
            <td className={td}>{r.leader.text}</td>
            <td className={td}>{r.follower.text}</td>
            <td className={td}>{r.alterLogDirs.text}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ThrottlesPanel({ data, failure, doctor }: Props) {
  const view = data?.throttles ?? null;
  const state = widgetState(data, failure, () => null);
  return (
    <WidgetCard
      id="throttles"
      title="Throttles & reassignments"
      subtitle="Replication quotas (KIP-73), log-dir move rate (KIP-113) and partition moves in flight."
      bodyClassName="min-h-80"
      state={state}
    >
      {view ? (
        // As tall as what it says: an unknown's note or a list of moves is never hidden below a scroll.
        <div role="region" aria-label="Throttles and reassignments" className="grid gap-4 lg:grid-cols-[3fr_2fr]">
          <div className="min-w-0 space-y-4">
            <p
              className={`rounded border border-dashed p-3 text-sm ${view.unknown.length > 0 ? "border-amber-400 text-amber-900 dark:border-amber-700 dark:text-amber-200" : "border-zinc-300 text-zinc-600 dark:border-zinc-700 dark:text-zinc-400"}`}
              data-throttles-summary
              data-throttles-empty={view.empty ? "" : undefined}
            >
              {view.summary}
            </p>
            {view.unknown.length > 0 ? (
              <ul className="space-y-1 text-sm text-amber-900 dark:text-amber-200" aria-label="Unknown facts">
                {view.unknown.map((u) => (
                  <li key={u.fact} data-throttles-unknown={u.fact}>
                    {u.text}
                  </li>
                ))}
              </ul>
            ) : null}
            <section aria-label="Rates">
              <h3 className="mb-1 text-sm font-semibold">Rates</h3>
              <RateTable rows={[view.defaults, ...view.brokers]} />
              {view.unthrottledBrokers.length > 0 ? (
                <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                  {view.unthrottledBrokers.length === 1 ? "Broker" : "Brokers"} {view.unthrottledBrokers.join(", ")}: no rate set (unlimited).
                </p>
              ) : null}
              {view.unknownRateBrokers.length > 0 ? (
                <p className="mt-1 text-xs text-amber-800 dark:text-amber-300" data-unknown-rates>
                  {view.unknownRateBrokers.length === 1 ? "Broker" : "Brokers"} {view.unknownRateBrokers.join(", ")}: rates unknown
                  {view.known.throttles ? " (not reachable when the snapshot was taken)" : ""}.
                </p>
              ) : null}
            </section>
            <section aria-label="Throttled replica lists">
              <h3 className="mb-1 text-sm font-semibold">Throttled replicas per topic</h3>
              {view.topics.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{view.known.throttles ? "No topic lists throttled replicas." : "Unknown (see above)."}</p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="border-b border-zinc-200 dark:border-zinc-800">
                    <tr>
                      <th className={th}>Topic</th>
                      <th className={th}>Leader replicas</th>
                      <th className={th}>Follower replicas</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.topics.map((t) => (
                      <tr key={t.topic} className="border-b border-zinc-100 dark:border-zinc-800/60">
                        <td className={`${td} font-mono`}>{t.topic}</td>
                        <td className={td} title={t.leader.raw ?? undefined}>
                          {t.leader.text}
                        </td>
                        <td className={td} title={t.follower.raw ?? undefined}>
                          {t.follower.text}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-label="Reassignments in flight">
              <h3 className="mb-1 text-sm font-semibold">Reassignments in flight</h3>
              {view.reassignments.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{view.known.reassignments ? "None." : "Unknown (see above)."}</p>
              ) : (
                <table className="w-full text-sm">
                  <thead className="border-b border-zinc-200 dark:border-zinc-800">
                    <tr>
                      <th className={th}>Partition</th>
                      <th className={th}>Replicas</th>
                      <th className={th}>Adding</th>
                      <th className={th}>Removing</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.reassignments.map((r) => (
                      <tr key={r.topicPartition} className="border-b border-zinc-100 dark:border-zinc-800/60">
                        <td className={`${td} font-mono`}>{r.topicPartition}</td>
                        <td className={td}>{r.replicas}</td>
                        <td className={td}>{r.adding}</td>
                        <td className={td}>{r.removing}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
            <section aria-label="Log-dir moves in flight">
              <h3 className="mb-1 text-sm font-semibold">Log-dir moves in flight</h3>
              {view.dirMoves.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">None.</p>
              ) : (
                <table className="w-full text-sm" data-dir-moves>
                  <thead className="border-b border-zinc-200 dark:border-zinc-800">
                    <tr>
                      <th className={th}>Partition</th>
                      <th className={th}>Broker</th>
                      <th className={th}>From</th>
                      <th className={th}>To</th>
                    </tr>
                  </thead>
                  <tbody>
                    {view.dirMoves.map((m) => (
                      <tr key={`${m.topicPartition}-${m.broker}`} className="border-b border-zinc-100 dark:border-zinc-800/60">
                        <td className={`${td} font-mono`}>{m.topicPartition}</td>
                        <td className={td}>{m.broker}</td>
                        <td className={`${td} font-mono`}>{m.from}</td>
                        <td className={`${td} font-mono`}>{m.to}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </div>
          <aside aria-label="Throttle doctor" className="rounded-lg border-2 border-dashed border-zinc-300 p-3 dark:border-zinc-700" data-throttle-doctor-slot>
            <h3 className="text-sm font-semibold">Throttle doctor</h3>
            {doctor ?? (
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                Findings about stale or ineffective throttles (a rate left after a move, a list without a rate) will appear here.
              </p>
            )}
          </aside>
        </div>
      ) : null}
    </WidgetCard>
  );
}
