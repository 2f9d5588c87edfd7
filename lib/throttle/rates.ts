// Port of the throttle-rate resolution of kafka.server.BrokerConfigHandler (Kafka 2.x–4.x), described in
// docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * Effective throttle rates of a broker, as BrokerConfigHandler resolves them: the per-broker dynamic
 * value, else the dynamic cluster default (`<default>` entity), else unlimited (Long.MAX_VALUE).
 */
import type { ClusterSnapshot } from "../model/snapshot";

export type RateOrigin = "broker" | "default" | "unset";

export interface EffectiveRate {
  /** Bytes per second, or null when unlimited. */
  bytesPerSecond: number | null;
  origin: RateOrigin;
}

export interface EffectiveRates {
  broker: number;
  leader: EffectiveRate;
  follower: EffectiveRate;
  alterLogDirs: EffectiveRate;
}

type RateName = "leader" | "follower" | "alterLogDirs";

export function effectiveRates(snapshot: ClusterSnapshot, brokerId: number): EffectiveRates {
  const own = snapshot.throttles.brokers.find((b) => b.broker === brokerId);
  const resolve = (name: RateName): EffectiveRate => {
    const mine = own?.[name] ?? null;
    if (mine !== null) return { bytesPerSecond: mine, origin: "broker" };
    const cluster = snapshot.throttles.defaults[name];
    if (cluster !== null) return { bytesPerSecond: cluster, origin: "default" };
    return { bytesPerSecond: null, origin: "unset" };
  };
  return { broker: brokerId, leader: resolve("leader"), follower: resolve("follower"), alterLogDirs: resolve("alterLogDirs") };
}
