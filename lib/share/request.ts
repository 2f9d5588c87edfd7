/**
 * The body of `POST /api/snapshots`. Client-safe (zod only), so the Share button builds the same
 * shape the route validates.
 *
 * The snapshot itself is checked by `parseSnapshot`, not here: it upgrades older schema versions
 * before validating, so a client holding a snapshot from an older release can still share it.
 */
import { z } from "zod";
import type { ClusterSnapshotInput } from "@/lib/model/snapshot";
import type { ScenarioInput } from "@/lib/simulate/schema";
import { ScenarioSpecSchema, SharedPlanSchema, SharingSchema, DEFAULT_SHARING, type SharedPlanInput, type Sharing } from "./record";

const required = (what: string) => z.custom<unknown>((value) => value !== undefined && value !== null, `${what} is required`);

const sharing = SharingSchema.default(DEFAULT_SHARING);

export const ShareRequestSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("snapshot"), snapshot: required("snapshot (the ClusterSnapshot to share)"), sharing }),
    z.strictObject({
      kind: z.literal("scenario"),
      scenario: ScenarioSpecSchema.extend({ base: required("scenario.base (the ClusterSnapshot the scenario starts from)") }),
      sharing,
    }),
    z.strictObject({ kind: z.literal("plan"), snapshot: required("snapshot (the ClusterSnapshot the plan was made for)"), plan: SharedPlanSchema, sharing }),
  ],
  { error: () => 'kind must be "snapshot", "scenario" or "plan"' },
);

/** What a client sends; `sharing` defaults to hosts redacted, topic names kept. */
export type ShareRequestInput =
  | { kind: "snapshot"; snapshot: ClusterSnapshotInput; sharing?: Partial<Sharing> }
  | { kind: "scenario"; scenario: ScenarioInput; sharing?: Partial<Sharing> }
  | { kind: "plan"; snapshot: ClusterSnapshotInput; plan: SharedPlanInput; sharing?: Partial<Sharing> };

/** `POST /api/snapshots` answers 201 with this. */
export interface ShareResponse {
  id: string;
  url: string;
  /** What the server changed to store the link (e.g. a label trimmed to its maximum length), in words. */
  notices?: string[];
}
