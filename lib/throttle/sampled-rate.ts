// Port of org.apache.kafka.common.metrics.stats.SampledStat / SimpleRate (Kafka 3.8+, and the
// pre-3.8 variant), as ReplicationQuotaManager uses them; described in docs/algorithms/replication-throttling.md.
// Licensed under the Apache License, Version 2.0 (https://www.apache.org/licenses/LICENSE-2.0); follows Apache Kafka's behaviour.
/**
 * A windowed byte rate, in bytes per second.
 *
 * - 3.8+ ("Fix rate metric spikes"): a ring of N+1 samples; a sample is complete when `t − start ≥ W`;
 *   samples whose LAST event is ≥ N·W old are reset at measure time; the oldest sample is the one with
 *   the smallest start time.
 * - Before 3.8: a ring of N samples, expiry and "oldest" by the sample's start time.
 * - SimpleRate: rate = Σ sample values ÷ max(now − oldest.start, W) seconds (no padding to N−1
 *   windows, unlike the client-quota Rate).
 * Time is a parameter (ms); nothing here reads a clock.
 */
export interface SampledRateConfig {
  /** `replication.quota.window.num` (default 11). */
  samples: number;
  /** `replication.quota.window.size.seconds` × 1000 (default 1000 ms). */
  windowMs: number;
  variant: "3.8+" | "legacy";
}

export const DEFAULT_REPLICATION_QUOTA_WINDOW: SampledRateConfig = { samples: 11, windowMs: 1000, variant: "3.8+" };

interface Sample {
  value: number;
  eventCount: number;
  startTimeMs: number;
  lastEventMs: number;
}

export class SampledRate {
  private readonly samples: Sample[] = [];
  private current = 0;

  constructor(readonly config: SampledRateConfig = DEFAULT_REPLICATION_QUOTA_WINDOW) {}

  private ringSize(): number {
    return this.config.variant === "3.8+" ? this.config.samples + 1 : this.config.samples;
  }

  private reset(s: Sample, now: number): void {
    s.value = 0;
    s.eventCount = 0;
    s.startTimeMs = now;
    s.lastEventMs = now;
  }

  private currentSample(now: number): Sample {
    if (this.samples.length === 0) this.samples.push({ value: 0, eventCount: 0, startTimeMs: now, lastEventMs: now });
    return this.samples[this.current]!;
  }

  record(value: number, now: number): void {
    let sample = this.currentSample(now);
    if (now - sample.startTimeMs >= this.config.windowMs) {
      this.current = (this.current + 1) % this.ringSize();
      if (this.current >= this.samples.length) {
        sample = { value: 0, eventCount: 0, startTimeMs: now, lastEventMs: now };
        this.samples.push(sample);
      } else {
        sample = this.samples[this.current]!;
        this.reset(sample, now);
      }
    }
    sample.value += value;
    sample.eventCount += 1;
    sample.lastEventMs = now;
  }

  private purge(now: number): void {
    const expireAge = this.config.samples * this.config.windowMs;
    for (const s of this.samples) {
      const age = this.config.variant === "3.8+" ? now - s.lastEventMs : now - s.startTimeMs;
      if (age >= expireAge) this.reset(s, now);
    }
  }

  private oldestStart(now: number): number {
    if (this.samples.length === 0) this.samples.push({ value: 0, eventCount: 0, startTimeMs: now, lastEventMs: now });
    let oldest = this.samples[0]!.startTimeMs;
    for (const s of this.samples) oldest = Math.min(oldest, s.startTimeMs);
    return oldest;
  }

  /** Bytes per second at `now`. */
  measure(now: number): number {
    this.purge(now);
    let sum = 0;
    for (const s of this.samples) sum += s.value;
    const windowMs = Math.max(now - this.oldestStart(now), this.config.windowMs);
    return sum / (windowMs / 1000);
  }
}
