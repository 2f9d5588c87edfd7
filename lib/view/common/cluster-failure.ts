/**
 * What the overview says when the current cluster cannot be read: a title naming what failed, and
 * the list of things to check, most likely first (the page shows the bootstrap servers beside them). `code` is the error code the cluster
 * route answers with (lib/cluster/source.ts: kafka_unreachable, kafka_timeout, kafka_config,
 * kafka_error) or the browser fetcher's own (`network`: the Kafka Balance server did not answer).
 */

export interface FailureCheck {
  /** What to look at: "KAFKA_BOOTSTRAP_SERVERS", "Brokers", "TLS" … */
  topic: string;
  text: string;
}

export interface ClusterFailureAdvice {
  title: string;
  checks: FailureCheck[];
}

/** 10000: KAFKA_REQUEST_TIMEOUT_MS's default (lib/cluster/connection.ts). */
const DEFAULT_TIMEOUT_MS = 10_000;

export function clusterFailureAdvice(code: string): ClusterFailureAdvice {
  if (code === "network") {
    return {
      title: "The Kafka Balance server did not answer",
      checks: [
        { topic: "Server", text: "Kafka Balance itself is still running (npm start) and reachable from this browser." },
        { topic: "Network", text: "Nothing between this browser and the server (a proxy, a VPN that dropped) blocks the request." },
      ],
    };
  }
  if (code === "kafka_config") {
    return {
      title: "The Kafka connection settings are invalid",
      checks: [
        { topic: "Settings", text: "Fix the variable the message names in Kafka Balance's environment, then restart it." },
        { topic: "KAFKA_BOOTSTRAP_SERVERS", text: "host:port entries separated by commas, e.g. broker-1:9092,broker-2:9092." },
        { topic: "SASL", text: "KAFKA_SASL_MECHANISM (PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512) needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD." },
        { topic: "TLS", text: "KAFKA_SSL_CA_FILE must name a PEM file this server can read." },
      ],
    };
  }
  const title = code === "kafka_timeout" ? "Kafka did not answer in time" : code === "kafka_unreachable" ? "Kafka is unreachable" : "Kafka could not be read";
  const checks: FailureCheck[] = [
    { topic: "KAFKA_BOOTSTRAP_SERVERS", text: "It must name the brokers' host:port as this server reaches them, not only as the brokers' own hosts see them." },
    { topic: "Brokers", text: "The brokers are up, and a listener accepts connections on those ports." },
    { topic: "Network", text: "This server can resolve and reach the brokers and the addresses they advertise (advertised.listeners): firewalls, DNS, security groups." },
    {
      topic: "TLS",
      text: "A TLS listener needs KAFKA_SSL=true (and KAFKA_SSL_CA_FILE for a private CA); a plaintext listener needs it off. A mismatch looks like a hang or a closed connection.",
    },
    { topic: "SASL", text: "KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD match a user the brokers accept, with Describe on the cluster." },
  ];
  if (code === "kafka_timeout") {
    checks.push({ topic: "Timeout", text: `A slow or distant cluster may need a longer KAFKA_REQUEST_TIMEOUT_MS (default ${DEFAULT_TIMEOUT_MS} ms).` });
  }
  return { title, checks };
}
