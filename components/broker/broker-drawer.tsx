"use client";
/**
 * The broker drawer: a modal side panel (native <dialog>, so focus is trapped and Escape closes it)
 * with the broker's facts, its log dirs and its largest partition replicas.
 */
import { useEffect, useMemo, useRef } from "react";
import { formatBytes, formatCount, formatUtilization } from "@/lib/model/format";
import { brokerDetail } from "@/lib/view/broker-detail";
import type { ClusterData } from "@/lib/view/cluster-data";
import { shareText } from "@/lib/view/verdict";

interface Props {
  data: ClusterData | null;
  broker: number | null;
  onClose: () => void;
}

const th = "px-2 py-1 text-left font-medium text-zinc-600 dark:text-zinc-400";
const td = "px-2 py-1 tabular-nums";

export function BrokerDrawer({ data, broker, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const detail = useMemo(() => (data && broker !== null ? brokerDetail(data.snapshot, data.report, broker) : null), [data, broker]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (broker !== null && !dialog.open) dialog.showModal();
    if (broker === null && dialog.open) dialog.close();
  }, [broker]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      aria-labelledby="broker-drawer-title"
      data-broker-drawer={broker ?? ""}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(44rem,100vw)] max-w-none overflow-auto border-l border-zinc-300 bg-white p-0 text-zinc-900 shadow-2xl backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
    >
      {detail ? (
        <div className="p-5">
          <header className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id="broker-drawer-title" className="text-xl font-semibold">
                Broker {detail.figures.id}
                {detail.figures.state === "unreachable" ? <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs text-white">unreachable</span> : null}
              </h2>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {detail.host ? `${detail.host}${detail.port !== null ? `:${detail.port}` : ""}` : "host unknown"} · rack {detail.figures.rack ?? "none"}
              </p>
              {detail.error ? <p className="mt-1 text-sm text-red-800 dark:text-red-300">{detail.error}</p> : null}
            </div>
            <button type="button" onClick={onClose} className="rounded border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800" autoFocus>
              Close
            </button>
          </header>
          <dl className="mb-5 grid grid-cols-3 gap-3 text-sm">
            {[
              ["Partition replicas", formatCount(detail.figures.replicas)],
              ["Leaders", formatCount(detail.figures.leaders)],
              ["Bytes", formatBytes(detail.figures.bytes)],
            ].map(([k, v]) => (
              <div key={k} className="rounded border border-zinc-200 p-2 dark:border-zinc-800">
                <dt className="text-xs text-zinc-600 dark:text-zinc-400">{k}</dt>
                <dd className="text-lg font-semibold tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="drawer-dirs" className="mb-5">
            <h3 id="drawer-dirs" className="mb-1 font-semibold">
              Log dirs
            </h3>
            <table className="w-full text-sm">
              <thead className="border-b border-zinc-200 dark:border-zinc-800">
                <tr>
                  <th className={th}>Path</th>
                  <th className={th}>State</th>
                  <th className={`${th} text-right`}>Partitions</th>
                  <th className={`${th} text-right`}>Bytes</th>
                  <th className={`${th} text-right`} title="Share of the broker's bytes">Share</th>
                  <th className={`${th} text-right`}>Capacity</th>
                  <th className={`${th} text-right`}>Used</th>
                </tr>
              </thead>
              <tbody>
                {detail.dirs.map((d) => (
                  <tr key={d.path} className="border-b border-zinc-100 dark:border-zinc-800/60">
                    <td className={`${td} font-mono`}>{d.path}</td>
                    <td className={td}>
                      {d.state}
                      {d.futureReplicas > 0 ? ` · ${d.futureReplicas} moving in` : ""}
                    </td>
                    <td className={`${td} text-right`}>{formatCount(d.partitions)}</td>
                    <td className={`${td} text-right`}>{formatBytes(d.bytes)}</td>
                    <td className={`${td} text-right`}>{detail.figures.bytes > 0 ? shareText(d.bytes / detail.figures.bytes) : "–"}</td>
                    <td className={`${td} text-right`}>{d.totalBytes === null ? "unknown" : formatBytes(d.totalBytes)}</td>
                    <td className={`${td} text-right`}>{formatUtilization(d.utilization)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section aria-labelledby="drawer-largest">
            <h3 id="drawer-largest" className="mb-1 font-semibold">
              Largest partition replicas
            </h3>
            {detail.largest.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">This broker hosts no partition replicas.</p>
            ) : (
              <table className="w-full text-sm">
                <thead className="border-b border-zinc-200 dark:border-zinc-800">
                  <tr>
                    <th className={th}>Partition</th>
                    <th className={th}>Log dir</th>
                    <th className={`${th} text-right`}>Size</th>
                    <th className={th}>Role</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.largest.map((r) => (
                    <tr key={`${r.topic}-${r.partition}`} className="border-b border-zinc-100 dark:border-zinc-800/60">
                      <td className={`${td} font-mono`}>
                        {r.topic}-{r.partition}
                      </td>
                      <td className={`${td} font-mono`}>
                        {r.logDir ?? "unknown"}
                        {r.movingTo ? ` ⇢ ${r.movingTo}` : ""}
                      </td>
                      <td className={`${td} text-right`}>{formatBytes(r.sizeBytes)}</td>
                      <td className={td}>
                        {r.leader ? "leader" : "follower"}
                        {r.inSync ? "" : " · out of sync"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      ) : broker !== null ? (
        <div className="p-5">
          <p>Broker {broker} is not in this snapshot.</p>
          <button type="button" onClick={onClose} className="mt-3 rounded border px-3 py-1 text-sm">
            Close
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
