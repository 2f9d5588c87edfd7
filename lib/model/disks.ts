/**
 * The disks of a broker: its log dirs grouped by the filesystem they live on. Moving a replica between
 * two dirs of one filesystem frees no space, so utilisation, capacity sums, dir skew, alerts and the
 * planner's dir goal count a disk, not a dir.
 *
 * Invariants:
 * - A dir whose snapshot entry names a `disk` (written by the reader from KAFKA_BALANCE_DISKS) is on
 *   that disk, with every dir of its broker naming the same one: decided by `configured`.
 * - Among the other dirs of a broker, those reporting identical non-null `totalBytes` AND `usableBytes`
 *   (DescribeLogDirs v4 describes the filesystem, not the dir; usable within `sameFigureSlack`, as a
 *   busy filesystem changes between the broker's asks) are one disk, when at least two do: decided
 *   by `reported`. Identical figures are what dirs on one filesystem report — and what a mount
 *   that failed at boot looks like (the dirs fell through to the root filesystem). Two checks keep
 *   separate disks that happen to report the same figures apart, when the caller gives each dir's
 *   Kafka bytes: one filesystem holds all its dirs' bytes, so the group is one disk only when their
 *   sum fits in its used bytes (separate disks each holding their own do not), and the used bytes are
 *   not 0 (identical empty disks say nothing). A compressing filesystem can hold more than it uses:
 *   KAFKA_BALANCE_DISKS says so there.
 * - Every other dir is a disk of its own (`own`): capacity unknown (null) is never evidence of sharing.
 * - Disks keep the order of their first dir in `log.dirs`; a disk's dirs keep `log.dirs` order. Offline
 *   dirs report no capacity and are their own disks.
 * - A disk's capacity is its first dir's reported figures (the dirs of a configured disk that report
 *   others are still counted once, by the first that reports both).
 * - Linear in the broker's dirs times its distinct filesystems.
 */
import type { LogDir } from "./snapshot";

export type DiskDecision = "own" | "reported" | "configured";

export interface Disk {
  /** Unique within the broker: the configured name, else the first dir's path. */
  id: string;
  /** Paths of its dirs, in `log.dirs` order. */
  dirs: string[];
  totalBytes: number | null;
  usableBytes: number | null;
  /** totalBytes − usableBytes when both are known, else null. */
  usedBytes: number | null;
  decidedBy: DiskDecision;
}

/** What grouping reads of a dir (a snapshot's LogDir, or a report's row). */
type DiskSource = Pick<LogDir, "path" | "totalBytes" | "usableBytes" | "state"> & { disk?: string | null };

/**
 * How far apart the usable bytes of one filesystem's dirs may be and still be "the same": the broker
 * asks the filesystem once per dir, and a busy one changes between the asks. 0.01 % of its capacity
 * (100 MiB of 1 TiB), at least 16 MiB. Separate disks this close are told apart by their Kafka bytes.
 */
export function sameFigureSlack(totalBytes: number): number {
  return Math.max(16 * 1024 * 1024, totalBytes * 1e-4);
}

/** The disks of one broker's dirs (the broker's `logDirs`, as the snapshot lists them). */
export function brokerDisks(logDirs: readonly DiskSource[], kafkaBytesOf?: (path: string) => number): Disk[] {
  const disks: Disk[] = [];
  const configured = new Map<string, Disk>();
  /** Reported groups, each with the figures of its first dir. */
  const reported: { disk: Disk; total: number; usable: number }[] = [];
  const source = new Map<string, DiskSource>();
  for (const d of logDirs) {
    if (source.has(d.path)) continue;
    source.set(d.path, d);
    if (typeof d.disk === "string" && d.disk.length > 0) {
      const disk = configured.get(d.disk);
      if (disk) {
        disk.dirs.push(d.path);
        if (disk.totalBytes === null || disk.usableBytes === null) setCapacity(disk, d);
        continue;
      }
      const made = newDisk(d.disk, d, "configured");
      configured.set(d.disk, made);
      disks.push(made);
      continue;
    }
    if (d.state !== "offline" && d.totalBytes !== null && d.usableBytes !== null) {
      const total = d.totalBytes;
      const usable = d.usableBytes;
      const group = reported.find((g) => g.total === total && Math.abs(g.usable - usable) <= sameFigureSlack(total));
      if (group) {
        group.disk.dirs.push(d.path);
        group.disk.decidedBy = "reported";
        continue;
      }
      const made = newDisk(d.path, d, "own");
      reported.push({ disk: made, total, usable });
      disks.push(made);
      continue;
    }
    disks.push(newDisk(d.path, d, "own"));
  }
  if (!kafkaBytesOf) return disks;
  // A reported group whose dirs hold more Kafka bytes than the filesystem uses (or that uses nothing) is separate disks after all.
  return disks.flatMap((disk) => {
    if (disk.decidedBy !== "reported") return [disk];
    const sum = disk.dirs.reduce((s, p) => s + kafkaBytesOf(p), 0);
    if (disk.usedBytes! > 0 && sum <= disk.usedBytes!) return [disk];
    return disk.dirs.map((path) => newDisk(path, source.get(path)!, "own"));
  });
}

function newDisk(id: string, d: DiskSource, decidedBy: DiskDecision): Disk {
  const disk: Disk = { id, dirs: [d.path], totalBytes: null, usableBytes: null, usedBytes: null, decidedBy };
  setCapacity(disk, d);
  return disk;
}

function setCapacity(disk: Disk, d: Pick<LogDir, "totalBytes" | "usableBytes">): void {
  if (d.totalBytes === null || d.usableBytes === null) return;
  disk.totalBytes = d.totalBytes;
  disk.usableBytes = d.usableBytes;
  disk.usedBytes = Math.max(0, d.totalBytes - d.usableBytes);
}

/** Per dir path, the id of its disk (as `brokerDisks` groups them). */
export function diskOfDir(disks: readonly Disk[]): Map<string, Disk> {
  const out = new Map<string, Disk>();
  for (const disk of disks) for (const path of disk.dirs) out.set(path, disk);
  return out;
}

/** How the operator says which dirs share a disk (KAFKA_BALANCE_DISKS). */
export type DiskMapping =
  | { kind: "auto" }
  | { kind: "separate" }
  /** Groups of dirs, each one disk: on `broker` (null: every broker). A dir no group names is its own disk. */
  | { kind: "groups"; groups: { broker: number | null; dirs: string[] }[] };

/**
 * KAFKA_BALANCE_DISKS's text → a mapping, or the problem with it. `auto` (or empty): detect;
 * `separate`: every dir is its own disk; else groups separated by `;`, each `[<broker>:]<dir>,<dir>…`
 * (e.g. `1:/data/a,/data/b;*:/k1,/k2`; `*` or no broker: every broker).
 */
export function parseDiskMapping(text: string | undefined): { mapping: DiskMapping } | { problem: string } {
  const raw = (text ?? "").trim();
  if (raw === "" || raw === "auto") return { mapping: { kind: "auto" } };
  if (raw === "separate") return { mapping: { kind: "separate" } };
  const groups: { broker: number | null; dirs: string[] }[] = [];
  for (const part of raw.split(";")) {
    const item = part.trim();
    if (item === "") continue;
    const m = /^(?:(\*|\d+):)?(\/.*)$/.exec(item);
    if (!m) return { problem: `"${item}" is not a group: write [<broker id>:]<dir>,<dir> with absolute paths (e.g. 1:/data/a,/data/b), or auto, or separate` };
    const dirs = m[2]!
      .split(",")
      .map((p) => p.trim())
      .filter((p) => p !== "");
    if (dirs.some((p) => !p.startsWith("/"))) return { problem: `"${item}": every dir is an absolute path (starts with /)` };
    if (dirs.length < 2) return { problem: `"${item}": a group names at least two dirs that share one disk (a dir named nowhere is its own disk)` };
    groups.push({ broker: m[1] === undefined || m[1] === "*" ? null : Number(m[1]), dirs });
  }
  if (groups.length === 0) return { problem: "no group given: write auto, separate, or [<broker id>:]<dir>,<dir>;…" };
  return { mapping: { kind: "groups", groups } };
}

/**
 * The `disk` each dir of a broker is written with under `mapping` (the reader writes it into the
 * snapshot): none under `auto` (detected when read), its own path under `separate`, the group's name
 * (its dirs joined with '+') for a dir a group names, else its own path.
 */
export function configuredDisk(mapping: DiskMapping, broker: number, path: string): string | null {
  if (mapping.kind === "auto") return null;
  if (mapping.kind === "separate") return path;
  for (const g of mapping.groups) if ((g.broker === null || g.broker === broker) && g.dirs.includes(path)) return g.dirs.join("+");
  return path;
}

/** A dir that shares its disk with other dirs of its broker: the disk's id and how that was decided (a report's `DirFigures.sharedDisk`). */
export interface SharedDisk {
  id: string;
  decidedBy: Exclude<DiskDecision, "own">;
}

/**
 * One broker's dirs (or anything keyed like them) grouped by disk: each group is one disk, in the
 * order of its first dir; a dir without `sharedDisk` is a group of its own. Linear.
 */
export function groupByDisk<T extends { path: string; sharedDisk?: SharedDisk | null }>(dirs: readonly T[]): T[][] {
  const groups: T[][] = [];
  const byId = new Map<string, T[]>();
  for (const d of dirs) {
    if (!d.sharedDisk) {
      groups.push([d]);
      continue;
    }
    const group = byId.get(d.sharedDisk.id);
    if (group) group.push(d);
    else {
      const made = [d];
      byId.set(d.sharedDisk.id, made);
      groups.push(made);
    }
  }
  return groups;
}
