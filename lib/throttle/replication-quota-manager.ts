// Port of ReplicationQuotaManager (Scala kafka.server up to Kafka 4.3, Java org.apache.kafka.server.quota from 4.4)
// and the throttle conditions of ReplicaManager.shouldLeaderThrottle / RemoteLeaderEndPoint.buildFetch, described in
// docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * One quota (leader, follower or alter-log-dirs) on one broker.
 *
 * - `isQuotaExceeded` ⇔ measured rate > upper bound; no bound (or Long.MAX_VALUE) never exceeds.
 * - `isThrottled(topic, partition)`: the topic is listed and the list is `ALL` or holds the partition.
 * - A follower's fetch skips a partition only when the replica is out of sync AND listed AND the
 *   quota is exceeded; the leader answers empty for it under the same three conditions. Bytes of
 *   listed partitions are recorded whether in sync or not. Followers in the ISR are never throttled.
 * - Alter-log-dirs: no list and no ISR condition; over quota → no fetch at all.
 */
import { SampledRate, type SampledRateConfig, DEFAULT_REPLICATION_QUOTA_WINDOW } from "./sampled-rate";

/** Long.MAX_VALUE (2^63 − 1), the default of every replication throttle rate: effectively unlimited. As a double it is 2^63. */
export const UNLIMITED_RATE = 2 ** 63;

export class ReplicationQuotaManager {
  private readonly throttled = new Map<string, Set<number> | "ALL">();
  private readonly rate: SampledRate;
  private upperBound: number | null = null;

  constructor(config: SampledRateConfig = DEFAULT_REPLICATION_QUOTA_WINDOW) {
    this.rate = new SampledRate(config);
  }

  /** Sets the byte rate; null (or Long.MAX_VALUE) removes the bound. */
  updateQuota(bytesPerSecond: number | null): void {
    this.upperBound = bytesPerSecond === null || bytesPerSecond >= UNLIMITED_RATE ? null : bytesPerSecond;
  }

  markThrottled(topic: string, partitions: number[] | "ALL"): void {
    this.throttled.set(topic, partitions === "ALL" ? "ALL" : new Set(partitions));
  }

  removeThrottle(topic: string): void {
    this.throttled.delete(topic);
  }

  isThrottled(topic: string, partition: number): boolean {
    const list = this.throttled.get(topic);
    return list !== undefined && (list === "ALL" || list.has(partition));
  }

  record(bytes: number, nowMs: number): void {
    this.rate.record(bytes, nowMs);
  }

  rateAt(nowMs: number): number {
    return this.rate.measure(nowMs);
  }

  isQuotaExceeded(nowMs: number): boolean {
    if (this.upperBound === null) return false;
    return this.rate.measure(nowMs) > this.upperBound;
  }
}

/** RemoteLeaderEndPoint.buildFetch: leave the partition out of this fetch? */
export function followerSkipsPartition(args: { inSync: boolean; throttled: boolean; quotaExceeded: boolean }): boolean {
  return !args.inSync && args.throttled && args.quotaExceeded;
}

/** ReplicaManager.shouldLeaderThrottle: answer this follower with empty records? */
export function leaderThrottles(args: { followerInIsr: boolean; throttled: boolean; quotaExceeded: boolean }): boolean {
  return !args.followerInIsr && args.throttled && args.quotaExceeded;
}
