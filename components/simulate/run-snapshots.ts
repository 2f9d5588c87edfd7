/**
 * The snapshots behind a simulator run's panels, as loaders (lib/client/use-snapshot-behind): the run
 * sends reports only (a snapshot per step would be megabytes), so the broker drawer and the JSON export
 * ask the server to run the same scenario again, cut after the step shown or under another log-dir rule,
 * with `snapshot: true`. The engine is deterministic, so that is the cluster the panel draws. Each
 * loader is made once per run, so every part of the page shares one fetch per cluster.
 */
import { simulatedSnapshot } from "@/lib/client/simulated-snapshot";
import type { SnapshotSource } from "@/lib/client/use-snapshot-behind";
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import type { LogDirPlacement } from "@/lib/simulate/schema";
import { draftBody, type Draft } from "@/lib/view/simulate/scenario-draft";
import type { SimulationSnapshots } from "@/components/share/export-sets";

export interface RunSnapshots extends SimulationSnapshots {
  /** The cluster after step `index` (0-based) under the scenario's own rule. */
  step: (index: number) => SnapshotSource;
}

/** `draft`: the scenario as it was run; `imported`: this tab's import, for an imported base. */
export function runSnapshots(draft: Draft, imported: ClusterSnapshot | null): RunSnapshots {
  const loaders = new Map<string, () => Promise<ClusterSnapshot>>();
  const loader = (key: string, d: Draft): (() => Promise<ClusterSnapshot>) => {
    let load = loaders.get(key);
    if (!load) {
      load = () => {
        const body = draftBody(d, imported, { compare: false, snapshot: true });
        return body.ok ? simulatedSnapshot(body.value) : Promise.reject(new Error(body.error.message));
      };
      loaders.set(key, load);
    }
    return load;
  };
  const after = (policy: LogDirPlacement) => loader(`after:${policy}`, { ...draft, policy: { ...draft.policy, logDirPlacement: policy } });
  return {
    base: draft.base.kind === "imported" && imported ? imported : loader("base", { ...draft, steps: [] }),
    after,
    step: (index) => (index >= draft.steps.length - 1 ? after(draft.policy.logDirPlacement) : loader(`step:${index}`, { ...draft, steps: draft.steps.slice(0, index + 1) })),
  };
}
