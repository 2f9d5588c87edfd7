/**
 * The log dirs of one simulated broker and the rule that picks a dir for a new replica.
 *
 * Invariants:
 * - `dirs` keeps `log.dirs` order; a dir added later is appended, as an operator appends to log.dirs.
 * - Counts include current and future logs (what LogManager.nextLogDirs counts); bytes likewise.
 * - `kafka-count` asks the incremental LogDirChooser, which makes exactly nextLogDirs' choice.
 *   `least-bytes` / `least-utilization` are not Kafka's: they skip cordoned dirs where the line has
 *   cordons (4.3+; on older lines a dir marked cordoned is an open dir, as for `kafka-count`),
 *   break ties in log.dirs order, and see every placed partition at its eventual size (an idealised
 *   size-aware rule; KIP-178 was never merged).
 * - `otherBytes` is disk usage that is not Kafka's (from a live snapshot: total − usable − replica
 *   bytes), kept constant so simulated utilisation stays comparable with the real one.
 */
import { LogDirChooser } from "../placement";
import { maxOf } from "../model/min-max";
import type { LogDir } from "../model/snapshot";
import { kafkaBehaviour, type KafkaLine } from "../model/kafka-versions";
import type { LogDirPlacement } from "./schema";
import { SimulationError } from "./errors";

export interface SimDir {
  path: string;
  state: LogDir["state"];
  totalBytes: number | null;
  otherBytes: number;
  bytes: number;
  count: number;
  /**
   * Whether the base snapshot has this dir on a filesystem it shares with other dirs of its broker
   * (lib/model/disks.ts). The simulator keeps each dir's usage apart, so a dir that does not share one
   * is written with its own path as `disk`: its simulated figures never make it look shared.
   */
  sharesDisk?: boolean;
}

export class BrokerDisks {
  readonly dirs: SimDir[] = [];
  private readonly byPath = new Map<string, SimDir>();
  private readonly chooser: LogDirChooser;

  /** `kafkaLine`: the release whose LogManager this broker runs (tie order, cordons). */
  constructor(
    readonly brokerId: number,
    dirs: SimDir[],
    readonly kafkaLine: KafkaLine,
  ) {
    const { logDirTieOrder: tieOrder, cordonedLogDirs } = kafkaBehaviour(kafkaLine);
    for (const d of dirs) {
      this.dirs.push(d);
      this.byPath.set(d.path, d);
    }
    const live = dirs.filter((d) => d.state !== "offline");
    // Own properties (a dir may be named `__proto__`: `counts[path] =` on a {} would drop its count).
    const counts = Object.fromEntries(live.map((d) => [d.path, d.count]));
    this.chooser = new LogDirChooser(
      live.map((d) => d.path),
      { tieOrder, cordoned: cordonedLogDirs ? live.filter((d) => d.state === "cordoned").map((d) => d.path) : [], counts },
    );
  }

  dir(path: string): SimDir {
    const d = this.byPath.get(path);
    if (!d) throw new SimulationError("unknown_log_dir", `broker ${this.brokerId} has no log dir ${path}`);
    return d;
  }

  has(path: string): boolean {
    return this.byPath.has(path);
  }

  /** Picks the dir for a new replica that will grow to `bytes`. */
  choose(policy: LogDirPlacement): string {
    if (policy === "kafka-count") {
      if (this.chooser.liveDirs().length === 0) throw this.noLiveDir();
      return this.chooser.next();
    }
    const live = this.dirs.filter((d) => d.state !== "offline");
    if (live.length === 0) throw this.noLiveDir();
    const honoursCordons = kafkaBehaviour(this.kafkaLine).cordonedLogDirs;
    const open = honoursCordons ? live.filter((d) => d.state !== "cordoned") : live;
    if (open.length === 0) return live[0]!.path; // as Kafka 4.3+: everything cordoned → first live dir
    const knownCapacity = Math.max(0, maxOf(open.map((d) => d.totalBytes ?? 0)));
    const load = (d: SimDir): number => {
      if (policy === "least-bytes" || knownCapacity === 0) return d.bytes;
      return (d.bytes + d.otherBytes) / (d.totalBytes ?? knownCapacity);
    };
    let best = open[0]!;
    let bestLoad = load(best);
    for (let i = 1; i < open.length; i++) {
      const l = load(open[i]!);
      if (l < bestLoad) {
        best = open[i]!;
        bestLoad = l;
      }
    }
    return best.path;
  }

  addLog(path: string, bytes: number): void {
    const d = this.dir(path);
    d.count += 1;
    d.bytes += bytes;
    if (d.state !== "offline") this.chooser.add(path);
  }

  removeLog(path: string, bytes: number): void {
    const d = this.dir(path);
    d.count -= 1;
    d.bytes -= bytes;
    if (d.state !== "offline") this.chooser.remove(path);
  }

  addBytes(path: string, delta: number): void {
    this.dir(path).bytes += delta;
  }

  addDir(path: string, totalBytes: number | null): void {
    if (this.byPath.has(path)) throw new SimulationError("duplicate_log_dir", `broker ${this.brokerId} already has log dir ${path}`);
    const d: SimDir = { path, state: "online", totalBytes, otherBytes: 0, bytes: 0, count: 0 };
    this.dirs.push(d);
    this.byPath.set(path, d);
    this.chooser.addLiveDir(path);
  }

  failDir(path: string): void {
    const d = this.dir(path);
    if (d.state === "offline") throw new SimulationError("log_dir_offline", `log dir ${path} on broker ${this.brokerId} is already offline`);
    d.state = "offline";
    this.chooser.failDir(path);
  }

  setCordoned(path: string, cordoned: boolean): void {
    if (!kafkaBehaviour(this.kafkaLine).cordonedLogDirs) {
      throw new SimulationError(
        "cordon_unsupported",
        `broker ${this.brokerId} runs Kafka ${kafkaBehaviour(this.kafkaLine).label}, which has no cordoned.log.dirs (KIP-1066 arrived in Kafka 4.3): pick Kafka 4.3 or newer to simulate cordons`,
      );
    }
    const d = this.dir(path);
    if (d.state === "offline") throw new SimulationError("log_dir_offline", `log dir ${path} on broker ${this.brokerId} is offline and cannot be cordoned`);
    d.state = cordoned ? "cordoned" : "online";
    this.chooser.setCordoned(path, cordoned);
  }

  /**
   * Kafka's BrokerRegistration.hasUncordonedDirs as the controller sees this broker: true unless its line has
   * cordons (4.3+) and every registered dir is cordoned. The registered dirs are the live ones (the controller
   * drops a failed dir from the registration); a broker with none counts as having an uncordoned dir.
   */
  hasUncordonedDirs(): boolean {
    if (!kafkaBehaviour(this.kafkaLine).cordonedLogDirs) return true;
    const live = this.dirs.filter((d) => d.state !== "offline");
    return live.length === 0 || live.some((d) => d.state !== "cordoned");
  }

  private noLiveDir(): SimulationError {
    return new SimulationError("no_live_log_dirs", `broker ${this.brokerId} has no live log dir to create a replica in (Kafka fails with KafkaStorageException)`);
  }
}
