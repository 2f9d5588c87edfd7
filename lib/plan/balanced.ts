/**
 * The one definition of "balanced" and of the size floor below which skew is not called skew.
 *
 * Balanced means the planner's tolerances (goals.ts, tolerance.ts) hold: every view — the overview's
 * verdict and cards, the trap cards, the metrics, the simulator's timeline and the planner's "nothing
 * to do" — asks this module, so none of them calls a cluster balanced that the planner would move, or
 * uneven when the planner would leave it.
 *
 * The size floor: a difference of bytes smaller than SKEW_FLOOR_SHARE of the disks it is measured on
 * (when their capacity is known), or than SKEW_FLOOR_BYTES (when it is not), is not skew: 3.00× of
 * 16 KiB is nothing to move, and no ratio is printed as a problem below it.
 */

/** 1 GiB: the floor when capacity is unknown. */
export const SKEW_FLOOR_BYTES = 1024 ** 3;
/** 1 % of capacity: the floor when the dirs' capacity is known. */
export const SKEW_FLOOR_SHARE = 0.01;

/** The floor for a spread measured on dirs (or brokers) whose capacity is `capacityBytes` each (null = unknown). */
export function skewFloorBytes(capacityBytes: number | null): number {
  return capacityBytes !== null && capacityBytes > 0 ? capacityBytes * SKEW_FLOOR_SHARE : SKEW_FLOOR_BYTES;
}

/** True when a spread of bytes is too small to call skew. */
export function belowSkewFloor(spreadBytes: number, capacityBytes: number | null): boolean {
  return spreadBytes < skewFloorBytes(capacityBytes);
}
