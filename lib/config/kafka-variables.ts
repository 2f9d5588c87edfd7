/**
 * The variables that say which Kafka clusters to read and how to reach them (lib/cluster/connection.ts
 * and lib/cluster/clusters.ts read them): one cluster by the `KAFKA_*` settings, or several by a file
 * or by `KAFKA_BALANCE_CLUSTERS` with each cluster's `KAFKA_BALANCE_CLUSTER_<NAME>_*` settings.
 */
import { anything, booleanText, clientId, clusterList, filePath, hostPorts, pemFile, requestTimeout, saslMechanism } from "./rules";
import { variable } from "./variable";

const TLS_BOOLEAN = "true or false (1/0, yes/no)";

export const CLUSTER_ENV_PREFIX = "KAFKA_BALANCE_CLUSTER_";

/** One cluster (`default`), and the choice between the forms. */
export const KAFKA_VARIABLES = {
  KAFKA_BOOTSTRAP_SERVERS: variable(
    hostPorts,
    { group: "kafka", default: "unset (the demo cluster)", unit: "host:port list" },
    "The live cluster to read: its bootstrap brokers, comma-separated. A scheme (`SASL_SSL://`) or credentials (`user:pass@`) before a host are stripped; a host without a port gets 9092. Unset or blank: the built-in demo cluster.",
  ),
  KAFKA_SASL_MECHANISM: variable(
    saslMechanism,
    { group: "kafka", default: "unset (no SASL)", unit: "PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512" },
    "SASL authentication (any case); needs KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD. Reading needs Describe on the cluster and topics; without DescribeConfigs the throttles cannot be read, and the dashboard says so.",
  ),
  KAFKA_SASL_USERNAME: variable(anything, { group: "kafka", default: "unset", unit: "text" }, "SASL user name; needs KAFKA_SASL_MECHANISM."),
  KAFKA_SASL_PASSWORD: variable(
    anything,
    { group: "kafka", default: "unset", unit: "text" },
    "SASL password; needs KAFKA_SASL_MECHANISM. A secret: never in a response, snapshot or log.",
  ),
  KAFKA_SSL: variable(booleanText, { group: "kafka", default: "false, or true when KAFKA_SSL_CA_FILE is set", unit: TLS_BOOLEAN }, "TLS to the brokers."),
  KAFKA_SSL_CA_FILE: variable(
    pemFile,
    { group: "kafka", default: "unset (Node's own CAs)", unit: "path of a PEM file" },
    "The certificate authorities the brokers' certificates are checked against; setting it turns TLS on unless KAFKA_SSL is false.",
  ),
  KAFKA_SSL_REJECT_UNAUTHORIZED: variable(booleanText, { group: "kafka", default: "true", unit: TLS_BOOLEAN }, "Whether a broker whose certificate does not verify is refused."),
  KAFKA_CLIENT_ID: variable(clientId, { group: "kafka", default: "kafka-balance", unit: "text" }, "The client id the brokers see (letters, digits, '.', '_' and '-')."),
  KAFKA_REQUEST_TIMEOUT_MS: variable(
    requestTimeout,
    { group: "kafka", default: "10000", unit: "ms" },
    "Timeout of one Kafka request, 100 to 600000; a scan gives up after twice this and 1 s.",
  ),

  KAFKA_BALANCE_CLUSTERS_FILE: variable(
    filePath,
    { group: "clusters", default: "unset", unit: "file path" },
    "A JSON file listing the clusters to watch (its form: lib/cluster/clusters.ts); a password is never written in it but named by `passwordEnv` (a variable) or `passwordFile`. Wins over every other form.",
  ),
  KAFKA_BALANCE_CLUSTERS: variable(
    clusterList,
    { group: "clusters", default: "unset", unit: "list of cluster names" },
    `The clusters to watch, comma-separated names (1–63 lower-case letters, digits and '-'; at most 100), each set by its \`${CLUSTER_ENV_PREFIX}<NAME>_*\` variables. Wins over KAFKA_BOOTSTRAP_SERVERS.`,
  ),
};

/**
 * Per cluster of `KAFKA_BALANCE_CLUSTERS`, by suffix: `KAFKA_BALANCE_CLUSTER_<NAME>_<suffix>` (<NAME>:
 * the name upper-cased, '-' as '_'), each as its `KAFKA_<suffix>` counterpart.
 */
export const CLUSTER_VARIABLES = {
  BOOTSTRAP_SERVERS: variable(
    hostPorts,
    { group: "clusters", default: "none: required", unit: "host:port list" },
    "The cluster's bootstrap brokers, as KAFKA_BOOTSTRAP_SERVERS. Required for each listed cluster.",
  ),
  LABEL: variable(anything, { group: "clusters", default: "the bootstrap servers", unit: "text" }, "The name the app shows for the cluster."),
  SASL_MECHANISM: variable(
    saslMechanism,
    { group: "clusters", default: "unset (no SASL)", unit: "PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512" },
    "As KAFKA_SASL_MECHANISM, for this cluster.",
  ),
  SASL_USERNAME: variable(anything, { group: "clusters", default: "unset", unit: "text" }, "As KAFKA_SASL_USERNAME, for this cluster."),
  SASL_PASSWORD: variable(anything, { group: "clusters", default: "unset", unit: "text" }, "As KAFKA_SASL_PASSWORD, for this cluster (a secret)."),
  SASL_PASSWORD_FILE: variable(
    anything,
    { group: "clusters", default: "unset", unit: "file path" },
    "A file holding the SASL password (a mounted secret), read when the password variable is unset; surrounding whitespace is trimmed.",
  ),
  SSL: variable(booleanText, { group: "clusters", default: "false, or true when the CA file is set", unit: TLS_BOOLEAN }, "As KAFKA_SSL, for this cluster."),
  SSL_CA_FILE: variable(pemFile, { group: "clusters", default: "unset (Node's own CAs)", unit: "path of a PEM file" }, "As KAFKA_SSL_CA_FILE, for this cluster."),
  SSL_REJECT_UNAUTHORIZED: variable(booleanText, { group: "clusters", default: "true", unit: TLS_BOOLEAN }, "As KAFKA_SSL_REJECT_UNAUTHORIZED, for this cluster."),
  CLIENT_ID: variable(clientId, { group: "clusters", default: "kafka-balance", unit: "text" }, "As KAFKA_CLIENT_ID, for this cluster."),
  REQUEST_TIMEOUT_MS: variable(requestTimeout, { group: "clusters", default: "10000", unit: "ms" }, "As KAFKA_REQUEST_TIMEOUT_MS, for this cluster."),
};
