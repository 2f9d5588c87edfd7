// Broker id validation shared by the placers (not a Kafka port: Kafka's broker lists come from maps keyed by id, so
// they never repeat an id; we reject a repeated id instead of producing a partition with a broker twice). Used by the
// ports described in docs/algorithms/rack-aware-assignment.md and docs/algorithms/striped-replica-placer.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0).

import { PlacementError } from "./errors";

/** Throws PlacementError "duplicate_broker" if an id appears twice. O(n) when ids are increasing, the usual case. */
export function rejectDuplicateBrokerIds(brokers: readonly { id: number }[]): void {
  let increasing = true;
  for (let i = 1; i < brokers.length && increasing; i++) {
    increasing = (brokers[i - 1] as { id: number }).id < (brokers[i] as { id: number }).id;
  }
  if (increasing) return;
  const ids = Float64Array.from(brokers, (b) => b.id).sort(); // numeric sort, no comparator callback
  for (let i = 1; i < ids.length; i++) {
    if (ids[i] === ids[i - 1]) {
      const brokerId = ids[i] as number;
      throw new PlacementError("duplicate_broker", `Broker ${brokerId} is listed more than once.`, { brokerId });
    }
  }
}
