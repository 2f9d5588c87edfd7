/**
 * What the overview says of dirs that share one filesystem (lib/model/disks.ts; a report's dirs carry
 * `sharedDisk`): which dirs, on which brokers, how it was decided, and what it means — they are
 * counted as one disk, and moving replicas between them frees no space. Brokers whose shared dirs are
 * the same paths decided the same way are said in one sentence ("On brokers 1, 2, 3 and 4, …"), so a
 * 100-broker cluster of one layout gets one finding. Identical figures are also what dirs whose mount
 * failed at boot report (they fell through to the root filesystem): the sentence says that possibility.
 */
import type { BalanceReport, DirFigures } from "@/lib/model/report";
import { groupByDisk } from "@/lib/model/disks";
import { formatCount } from "@/lib/model/format";

/** At most this many sentences; the rest are counted in the last. */
const MAX_SENTENCES = 3;

export interface SharedDiskGroup {
  /** Brokers with this layout, ascending. */
  brokers: number[];
  /** The dirs of one shared disk, in `log.dirs` order. */
  dirs: string[];
  decidedBy: "reported" | "configured";
}

/** The shared disks of a report's online brokers, grouped by layout (paths and how it was decided), in broker order. */
export function sharedDiskGroups(report: Pick<BalanceReport, "brokers" | "dirs">): SharedDiskGroup[] {
  const online = new Set(report.brokers.filter((b) => b.state === "online").map((b) => b.id));
  const byBroker = new Map<number, DirFigures[]>();
  for (const d of report.dirs) {
    if (!d.sharedDisk || !online.has(d.broker)) continue;
    const list = byBroker.get(d.broker);
    if (list) list.push(d);
    else byBroker.set(d.broker, [d]);
  }
  const groups = new Map<string, SharedDiskGroup>();
  for (const broker of [...byBroker.keys()].sort((a, b) => a - b)) {
    for (const disk of groupByDisk(byBroker.get(broker)!)) {
      if (disk.length < 2) continue;
      const decidedBy = disk[0]!.sharedDisk!.decidedBy;
      const dirs = disk.map((d) => d.path);
      const key = `${decidedBy}\u0000${dirs.join("\u0000")}`;
      const g = groups.get(key);
      if (g) g.brokers.push(broker);
      else groups.set(key, { brokers: [broker], dirs, decidedBy });
    }
  }
  return [...groups.values()];
}

function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function someText(items: readonly string[], n: number): string {
  return items.length <= n ? listText(items) : `${items.slice(0, n).join(", ")} and ${formatCount(items.length - n)} more`;
}

/** One sentence per layout (at most MAX_SENTENCES, the last counting the rest); empty when no dirs share a disk. */
export function sharedDiskSentences(report: Pick<BalanceReport, "brokers" | "dirs">): string[] {
  const groups = sharedDiskGroups(report);
  const allBrokers = report.brokers.filter((b) => b.state === "online").length;
  const sentence = (g: SharedDiskGroup) => {
    const why =
      g.decidedBy === "configured"
        ? "as KAFKA_BALANCE_DISKS says"
        : "identical total and usable bytes: dirs on one filesystem report that, and so do dirs whose mount failed at boot";
    const dirs = someText(g.dirs, 4);
    const who =
      g.brokers.length === 1
        ? `Broker ${g.brokers[0]}'s dirs ${dirs} share one filesystem`
        : `On ${g.brokers.length === allBrokers && allBrokers > 2 ? "every broker" : `brokers ${someText(g.brokers.map(String), 5)}`}, the dirs ${dirs} share one filesystem`;
    return `${who} (${why}): counted as one disk${g.brokers.length === 1 ? "" : " per broker"}; moving replicas between them frees no space.`;
  };
  const shown = groups.slice(0, MAX_SENTENCES).map(sentence);
  if (groups.length > MAX_SENTENCES) {
    const rest = groups.slice(MAX_SENTENCES);
    const brokers = new Set(rest.flatMap((g) => g.brokers)).size;
    shown.push(`${formatCount(rest.length)} more shared disk${rest.length === 1 ? "" : "s"} on ${formatCount(brokers)} broker${brokers === 1 ? "" : "s"}: the heatmap marks them.`);
  }
  return shown;
}
