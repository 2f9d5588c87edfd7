// Several production app instances (the built app, `next start`) on one shared store, for tests of
// what instances share and hand over: links, the collector's lease, apply jobs. Each instance gets its
// own id (`KAFKA_BALANCE_INSTANCE_ID`, which names it as a lease owner) and a port from the test's
// range; `kill -9` one with `kill(i)`.
//
// The store is a parameter: a SQLite file every instance opens (`KAFKA_BALANCE_DB`), or a PostgreSQL
// database (`KAFKA_BALANCE_DATABASE_URL`) when the caller has one — `sharedStore()` takes the URL
// from the environment when a harness supplies it there.
import net from "node:net";
import path from "node:path";
import { startApp, type AppServer } from "./e2e-server";

export type SharedStore = { kind: "sqlite"; file: string } | { kind: "postgres"; url: string; file: string };

/**
 * The store the instances share: PostgreSQL at `KAFKA_BALANCE_DATABASE_URL` when the environment
 * names one, else a SQLite file in `dir`. The SQLite path is passed in both cases, so an app that
 * keeps its links in PostgreSQL and anything else in a file still shares that file.
 */
export function sharedStore(dir: string, env: Record<string, string | undefined> = process.env): SharedStore {
  const file = path.join(dir, "shared.db");
  const url = env.KAFKA_BALANCE_DATABASE_URL?.trim();
  return url ? { kind: "postgres", url, file } : { kind: "sqlite", file };
}

/** The environment that points an instance at the store. */
export function storeEnv(store: SharedStore): Record<string, string> {
  return store.kind === "postgres" ? { KAFKA_BALANCE_DB: store.file, KAFKA_BALANCE_DATABASE_URL: store.url } : { KAFKA_BALANCE_DB: store.file };
}

export interface Instance extends AppServer {
  /** Its `KAFKA_BALANCE_INSTANCE_ID`: lease owners it holds start with `<id>:`. */
  id: string;
  port: number;
}

export interface InstancesOptions {
  store: SharedStore;
  /** Environment shared by every instance (the cluster, tokens, intervals). */
  env: Record<string, string>;
  /** The ports the instances may take, inclusive; each instance takes the next free one. */
  ports: { from: number; to: number };
  /** Instance ids are `<prefix>-<n>`, n from 1. Default "app". */
  prefix?: string;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** Instances on one store: start more at any time, kill one with SIGKILL, stop them all. */
export class Instances {
  readonly all: Instance[] = [];
  private next = 1;
  private readonly claimed = new Set<number>();

  constructor(private readonly options: InstancesOptions) {}

  private async port(): Promise<number> {
    for (let p = this.options.ports.from; p <= this.options.ports.to; p++) {
      if (this.claimed.has(p)) continue;
      this.claimed.add(p);
      if (await portIsFree(p)) return p;
    }
    throw new Error(`no free port in ${this.options.ports.from}–${this.options.ports.to} for another app instance`);
  }

  /** Starts `count` instances, one after the other (two `next start`s at once only slow each other down), each answering when returned. */
  async start(count = 1): Promise<Instance[]> {
    const started: Instance[] = [];
    for (let i = 0; i < count; i++) {
      const id = `${this.options.prefix ?? "app"}-${this.next++}`;
      const port = await this.port();
      const app = await startApp({ ...this.options.env, ...storeEnv(this.options.store), KAFKA_BALANCE_INSTANCE_ID: id }, 90_000, { port });
      const instance: Instance = Object.assign(app, { id, port });
      this.all.push(instance);
      started.push(instance);
    }
    return started;
  }

  alive(): Instance[] {
    return this.all.filter((i) => i.alive());
  }

  /** The live instance whose id owns `owner` (a lease owner, `<id>:pid:random`), if any. */
  owning(owner: string | null | undefined): Instance | undefined {
    return owner ? this.alive().find((i) => owner.startsWith(`${i.id}:`)) : undefined;
  }

  /** `kill -9`: the instance dies at once, holding whatever it held; nothing is released. */
  async kill(instance: Instance): Promise<void> {
    await instance.kill!("SIGKILL");
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.all.map((i) => i.stop()));
  }
}
