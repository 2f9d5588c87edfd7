/**
 * Snapshot links, server side. Client components import the client-safe modules directly:
 * `record` and `request` (types and zod schemas), `client` (fetch helpers), `export` (CSV/JSON).
 */
export { createShare, readShareRow, listShares, deleteShare, parseShareRequest } from "./share";
export { sharedPlanLink, type PlanLink } from "./open";
export { applySharing, redactHosts, hashTopics } from "./redact";
export { snapshotLimitBytes, SNAPSHOT_LIMIT_ENV } from "./limits";
export { isSnapshotId, snapshotUrl } from "./ids";
export { openerPath, storedScenario, SHARED_PARAM, type SharedRecord, type RecordKind, type Sharing, type SharedPlan, type ScenarioSpec } from "../share/record";
export type { ShareRequestInput, ShareResponse } from "../share/request";
