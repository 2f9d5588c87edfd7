import type { BalanceReport } from "@/lib/model/report";
import { formatBytes, formatCount, formatPercent } from "@/lib/model/format";
import type { KnownFacts } from "@/lib/model/facts";

const th = "px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-400";
const td = "px-3 py-1.5 tabular-nums";

/** Per-broker and per-log-dir figures as plain tables: the accessible fallback of every chart. */
/** `facts`: which facts the snapshot carried; the others read "unknown", not 0 or "–". */
export function BalanceTables({ report, facts }: { report: BalanceReport; facts?: KnownFacts }) {
  const leaders = facts?.leadership !== false;
  const racks = facts?.racks !== false;
  return (
    <div className="grid gap-8">
      <section aria-labelledby="brokers-heading">
        <h2 id="brokers-heading" className="mb-2 text-lg font-semibold">
          Brokers
        </h2>
        <table className="w-full border-collapse text-sm">
          <thead className="border-b border-zinc-300 dark:border-zinc-700">
            <tr>
              <th className={th}>Broker</th>
              <th className={th}>Rack</th>
              <th className={`${th} text-right`}>Replicas</th>
              <th className={`${th} text-right`}>Leaders</th>
              <th className={`${th} text-right`}>Bytes</th>
              <th className={`${th} text-right`}>Log dirs</th>
            </tr>
          </thead>
          <tbody>
            {report.brokers.map((b) => (
              <tr key={b.id} className="border-b border-zinc-100 dark:border-zinc-800">
                <td className={td}>
                  {b.id}
                  {b.state !== "online" ? ` (${b.state})` : ""}
                </td>
                <td className={td}>{b.rack ?? (racks ? "–" : "unknown")}</td>
                <td className={`${td} text-right`}>{formatCount(b.replicas)}</td>
                <td className={`${td} text-right`}>{leaders ? formatCount(b.leaders) : "unknown"}</td>
                <td className={`${td} text-right`}>{formatBytes(b.bytes)}</td>
                <td className={`${td} text-right`}>{b.logDirs}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="dirs-heading">
        <h2 id="dirs-heading" className="mb-2 text-lg font-semibold">
          Log dirs
        </h2>
        <table className="w-full border-collapse text-sm">
          <thead className="border-b border-zinc-300 dark:border-zinc-700">
            <tr>
              <th className={th}>Broker</th>
              <th className={th}>Log dir</th>
              <th className={th}>State</th>
              <th className={`${th} text-right`}>Partitions</th>
              <th className={`${th} text-right`}>Bytes</th>
              <th className={`${th} text-right`}>Capacity</th>
              <th className={`${th} text-right`}>Used</th>
            </tr>
          </thead>
          <tbody>
            {report.dirs.map((d) => (
              <tr key={`${d.broker}:${d.path}`} className="border-b border-zinc-100 dark:border-zinc-800">
                <td className={td}>{d.broker}</td>
                <td className={`${td} font-mono`}>{d.path}</td>
                <td className={td}>{d.state}</td>
                <td className={`${td} text-right`}>{formatCount(d.partitions)}</td>
                <td className={`${td} text-right`}>{formatBytes(d.bytes)}</td>
                <td className={`${td} text-right`}>{d.totalBytes === null ? "unknown" : formatBytes(d.totalBytes)}</td>
                <td className={`${td} text-right`}>{formatPercent(d.utilization)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
