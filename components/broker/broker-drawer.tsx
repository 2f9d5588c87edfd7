"use client";
/**
 * The broker drawer, the same wherever a heatmap opens it (overview, simulator, planner): a modal side
 * sheet (Radix Dialog: focus is trapped, Escape and a click outside close it, focus goes back to the
 * cell or row that opened it) with the broker's facts, its log dirs and its largest partition replicas.
 * The figures come from the report the heatmap draws; the replica list needs the snapshot behind it,
 * which a simulated or planned cluster fetches when the drawer opens (lib/client/use-snapshot-behind);
 * the overview of a cluster the server reads asks the server for this one broker's details instead.
 */
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useMemo, useRef, useState } from "react";
import { errorMessage } from "@/lib/client/fetch-json";
import { useSnapshotBehind, type SnapshotBehind, type SnapshotSource } from "@/lib/client/use-snapshot-behind";
import { formatBytes, formatCount, formatCountOf, formatUtilization } from "@/lib/model/format";
import { brokerDetail, type BrokerDetail, type BrokerDetailReport } from "@/lib/view/overview/broker-detail";
import { shareText } from "@/lib/view/overview/verdict";

/** What a heatmap shows: its report, and the snapshot behind it (at hand, to fetch, or none). */
export interface BrokerDrawerData {
  report: BrokerDetailReport;
  snapshot: SnapshotSource;
  /** Which cluster, on a page that shows several ("After the plan"); shown under the title. */
  context?: string;
  /** The broker's details from the server that holds the snapshot (the overview of a cluster it reads), instead of `snapshot`. */
  loadDetail?: (broker: number) => Promise<BrokerDetail>;
}

interface Props {
  data: BrokerDrawerData | null;
  broker: number | null;
  onClose: () => void;
}

const th = "px-2 py-1 text-left font-medium text-zinc-600 dark:text-zinc-400";
const td = "px-2 py-1 tabular-nums";
const closeButton =
  "rounded border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-700 dark:hover:bg-zinc-800";

export function BrokerDrawer({ data, broker, onClose }: Props) {
  const open = broker !== null;
  const behind = useSnapshotBehind(data?.snapshot ?? null, open);
  const loaded = useLoadedDetail(data?.loadDetail, broker);
  const snapshot = behind.state === "ready" ? behind.snapshot : null;
  const local = useMemo(() => (data && broker !== null ? brokerDetail(snapshot, data.report, broker) : null), [data, snapshot, broker]);
  const detail = loaded.state === "ready" ? loaded.detail : local;
  const replicas: SnapshotBehind = data?.loadDetail ? (loaded.state === "ready" ? { state: "none" } : loaded) : behind;
  // Focus goes back where it was when the drawer opened (a heatmap cell): there is no trigger button.
  const returnTo = useRef<HTMLElement | null>(null);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnTo.current?.isConnected) returnTo.current.focus();
          }}
          data-broker-drawer={broker ?? ""}
          className="fixed inset-y-0 right-0 z-50 h-full w-[min(44rem,100vw)] overflow-auto border-l border-zinc-300 bg-white text-zinc-900 shadow-2xl focus:outline-none dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
        >
          {detail ? (
            <div className="p-5">
              <header className="mb-4 flex items-start justify-between gap-4">
                <div>
                  <Dialog.Title className="text-xl font-semibold">
                    Broker {detail.figures.id}
                    {detail.figures.state === "unreachable" ? <span className="ml-2 rounded bg-red-700 px-1.5 py-0.5 text-xs text-white">unreachable</span> : null}
                  </Dialog.Title>
                  {data?.context ? (
                    <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300" data-broker-drawer-context>
                      {data.context}
                    </p>
                  ) : null}
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">
                    {detail.host ? `${detail.host}${detail.port !== null ? `:${detail.port}` : ""}` : snapshot ? "host unknown" : "host not known here"} · rack{" "}
                    {detail.figures.rack ?? (detail.known?.racks === false ? "unknown" : "none")}
                  </p>
                  {detail.error ? <p className="mt-1 text-sm text-red-800 dark:text-red-300">{detail.error}</p> : null}
                </div>
                <Dialog.Close className={closeButton} data-broker-drawer-close>
                  Close
                </Dialog.Close>
              </header>
              <dl className="mb-5 grid grid-cols-3 gap-3 text-sm">
                {[
                  ["Partition replicas", formatCount(detail.figures.replicas)],
                  ["Leaders", detail.known?.leadership === false ? "unknown" : formatCount(detail.figures.leaders)],
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
                <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="drawer-dirs">
                  {/* Three columns, each figure with its context on a second line: readable on a phone too. */}
                  <table className="w-full text-sm">
                    <thead className="border-b border-zinc-200 dark:border-zinc-800">
                      <tr>
                        <th className={th}>Path · state · partitions</th>
                        <th className={`${th} text-right`}>Bytes (share of the broker)</th>
                        <th className={`${th} text-right`}>Used (capacity)</th>
                      </tr>
                    </thead>
                    <tbody>
                      {detail.dirs.map((d) => (
                        <tr key={d.path} className="border-b border-zinc-100 align-top dark:border-zinc-800/60">
                          <td className={td}>
                            <span className="block font-mono break-all">{d.path}</span>
                            <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                              {d.state === "online" && detail.known?.cordons === false ? "online (cordons unknown)" : d.state} · {formatCountOf(d.partitions, "partition")}
                              {d.futureReplicas > 0 ? ` · ${d.futureReplicas} moving in` : ""}
                            </span>
                          </td>
                          <td className={`${td} text-right whitespace-nowrap`}>
                            {formatBytes(d.bytes)}
                            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{detail.figures.bytes > 0 ? shareText(d.bytes / detail.figures.bytes) : "–"}</span>
                          </td>
                          <td className={`${td} text-right whitespace-nowrap`}>
                            {formatUtilization(d.utilization)}
                            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{d.totalBytes === null ? "capacity unknown" : `of ${formatBytes(d.totalBytes)}`}</span>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>
              <section aria-labelledby="drawer-largest">
                <h3 id="drawer-largest" className="mb-1 font-semibold">
                  Largest partition replicas
                </h3>
                {detail.largest === null ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400" role="status" data-broker-drawer-replicas={replicas.state}>
                    {replicas.state === "loading"
                      ? "Reading this cluster's replicas…"
                      : replicas.state === "error"
                        ? `The replicas could not be read: ${replicas.message}`
                        : "The replicas of this cluster are not known here; the figures above are all there is."}
                  </p>
                ) : detail.largest.length === 0 ? (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">This broker hosts no partition replicas.</p>
                ) : (
                  <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="drawer-largest">
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
                              {detail.known?.leadership === false ? (
                                "unknown (no kafka-topics output)"
                              ) : (
                                <>
                                  {r.leader ? "leader" : "follower"}
                                  {r.inSync ? "" : " · out of sync"}
                                </>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            </div>
          ) : broker !== null ? (
            <div className="p-5">
              <Dialog.Title className="text-xl font-semibold">Broker {broker}</Dialog.Title>
              <p className="mt-1">Broker {broker} is not in this cluster.</p>
              <Dialog.Close className={`mt-3 ${closeButton}`} data-broker-drawer-close>
                Close
              </Dialog.Close>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type LoadedDetail = { state: "none" } | { state: "loading" } | { state: "ready"; detail: BrokerDetail } | { state: "error"; message: string };

/** The broker's details from `load`, fetched when the drawer opens on it (nothing without a loader). */
function useLoadedDetail(load: ((broker: number) => Promise<BrokerDetail>) | undefined, broker: number | null): LoadedDetail {
  const [answer, setAnswer] = useState<{ load: typeof load; broker: number; value: LoadedDetail } | null>(null);
  useEffect(() => {
    if (!load || broker === null) return;
    let live = true;
    load(broker).then(
      (detail) => live && setAnswer({ load, broker, value: { state: "ready", detail } }),
      (error: unknown) => live && setAnswer({ load, broker, value: { state: "error", message: errorMessage(error) } }),
    );
    return () => {
      live = false;
    };
  }, [load, broker]);
  if (!load || broker === null) return { state: "none" };
  return answer?.load === load && answer.broker === broker ? answer.value : { state: "loading" };
}
