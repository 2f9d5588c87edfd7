/**
 * Every metric family GET /api/metrics exposes: its name, help text and labels, in one place (the
 * alert rules in ops/prometheus and the dashboard in ops/grafana use these names).
 *
 * Help texts are plain ASCII (some tools mangle anything else). Naming follows Prometheus's conventions: the `kafka_balance_` prefix, the unit last (`_bytes`,
 * `_seconds`, `_ratio` for a 0–1 share or a max / mean figure), gauges only. Labels: `cluster` (the
 * configured name, lib/cluster/clusters.ts), `broker` (the broker id as a string) and `log_dir` (the
 * path as the broker reports it).
 */

const DIR = ["cluster", "broker", "log_dir"] as const;
const BROKER = ["cluster", "broker"] as const;
const CLUSTER = ["cluster"] as const;

export const METRIC_FAMILIES = {
  kafka_balance_log_dir_used_bytes: {
    labels: DIR,
    help: "Bytes used on the log dir's disk (total - usable when the broker reports capacity, else the replica bytes Kafka reports).",
  },
  kafka_balance_log_dir_capacity_bytes: { labels: DIR, help: "Size of the log dir's disk (DescribeLogDirs v4); absent when the broker does not report it." },
  kafka_balance_log_dir_kafka_bytes: { labels: DIR, help: "Bytes of the partition replicas in the log dir, including -future replicas being copied into it." },
  kafka_balance_log_dir_utilization_ratio: { labels: DIR, help: "Used bytes / capacity of the log dir (0 to 1); absent when capacity is unknown." },
  kafka_balance_log_dir_partitions: {
    labels: DIR,
    help: "Partition logs in the log dir, -future replicas being copied in included: what Kafka's count rule (LogManager.nextLogDirs) counts.",
  },
  kafka_balance_log_dir_online: { labels: DIR, help: "1 when the log dir is online (or cordoned), 0 when offline." },
  kafka_balance_log_dir_next_placement_trap: {
    labels: DIR,
    help: "1 when Kafka's count rule (LogManager.nextLogDirs) puts the broker's next new partition into this dir although it is already the broker's fullest, well above its mean, or above 85%; else 0.",
  },
  kafka_balance_log_dir_forecast_85_seconds: {
    labels: DIR,
    help: "Forecast seconds until the log dir reaches 85% of its capacity; absent when it is not growing, its capacity is unknown, or its history is too short to fit yet (under 6 h).",
  },
  kafka_balance_log_dir_forecast_95_seconds: {
    labels: DIR,
    help: "Forecast seconds until the log dir reaches 95% of its capacity; absent when it is not growing, its capacity is unknown, or its history is too short to fit yet (under 6 h).",
  },
  kafka_balance_log_dir_forecast_full_seconds: {
    labels: DIR,
    help: "Forecast seconds until the log dir is full; absent when it is not growing, its capacity is unknown, or its history is too short to fit yet (under 6 h).",
  },
  kafka_balance_broker_bytes: { labels: BROKER, help: "Bytes of the partition replicas the broker hosts; absent while the broker cannot be read." },
  kafka_balance_broker_partitions: { labels: BROKER, help: "Partition replicas assigned to the broker." },
  kafka_balance_broker_leaders: { labels: BROKER, help: "Partitions the broker leads." },
  kafka_balance_broker_dir_skew_ratio: { labels: BROKER, help: "Max / mean utilisation of the broker's online log dirs with known capacity (1 is even)." },
  kafka_balance_cluster_broker_bytes_skew_ratio: { labels: CLUSTER, help: "Max / mean bytes of the brokers that could be read (1 is even)." },
  kafka_balance_cluster_dir_skew_ratio: { labels: CLUSTER, help: "The worst broker's max / mean log-dir utilisation (1 is even)." },
  kafka_balance_cluster_balanced: {
    labels: CLUSTER,
    help: "1 when every soft goal the planner measures is within its default tolerance (or below the size floor): a rebalance has nothing to move; 0 when the planner would move data. The overview's verdict uses the same definition.",
  },
  kafka_balance_cluster_brokers: { labels: CLUSTER, help: "Brokers the cluster lists, reachable or not." },
  kafka_balance_broker_up: {
    labels: BROKER,
    help: "1 when the broker answered the latest scan, 0 when the cluster lists it (or assigns it replicas) but it did not answer; absent when the source cannot tell (an import).",
  },
  kafka_balance_cluster_under_replicated_partitions: {
    labels: CLUSTER,
    help: "Partitions with fewer in-sync replicas than replicas; absent when the source does not carry the ISR.",
  },
  kafka_balance_cluster_under_min_isr_partitions: {
    labels: CLUSTER,
    help: "Partitions with fewer in-sync replicas than their topic's min.insync.replicas (acks=all writes are refused); absent when the ISR or a topic's min.insync.replicas could not be read.",
  },
  kafka_balance_cluster_offline_partitions: {
    labels: CLUSTER,
    help: "Partitions without a leader (nothing can be read or written); absent when the source does not carry leaders.",
  },
  kafka_balance_collector_up: {
    labels: CLUSTER,
    help: "1 when the cluster's latest scan succeeded and its figures in this scrape are current; 0 when it could not be read, and then none of its figures are exported.",
  },
  kafka_balance_collector_last_success_timestamp_seconds: { labels: CLUSTER, help: "Unix time of the collector's last successful scan of the cluster." },
  kafka_balance_collector_scan_duration_seconds: { labels: CLUSTER, help: "How long the collector's latest scan of the cluster took, successful or not." },
  kafka_balance_collector_interval_seconds: {
    labels: CLUSTER,
    help: "How often the collector scans the cluster (KAFKA_BALANCE_COLLECT_INTERVAL_MS): staleness is measured in these.",
  },
} as const;

export type MetricName = keyof typeof METRIC_FAMILIES;

export interface Sample {
  name: MetricName;
  labels: Record<string, string>;
  value: number;
}
