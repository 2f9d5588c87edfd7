/**
 * A log dir's history as data: the points the history store records for each dir, oldest first. The
 * forecast (lib/forecast/series.ts) cleans and fits them; the history figures (history-figures.ts)
 * fold them; neither owns the shape.
 */

/** One recorded scan of one log dir. Points come oldest first; gaps (failed scans) are simply absent. */
export interface DirPoint {
  /** ms since the epoch */
  t: number;
  /** bytes used on the disk (capacity − usable, includes non-Kafka files), null when the capacity is unknown */
  usedBytes: number | null;
  /** Kafka's bytes in the dir (sum of its replicas) */
  kafkaBytes: number;
  /** partition directories in the dir (what Kafka's count rule sees) */
  partitions: number;
  /** capacity, null when unknown */
  totalBytes: number | null;
}

export interface DirSeries {
  broker: number;
  dir: string;
  points: DirPoint[];
}
