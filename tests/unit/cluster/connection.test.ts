import { describe, expect, it } from "vitest";
import { describeCluster } from "@/lib/cluster/clusters";
import { bootstrapLabel, connectionFromEnv, connectionLabel, redactSecrets } from "@/lib/cluster/connection";

describe("connectionFromEnv", () => {
  it("connectionFromEnv() reports a missing KAFKA_BOOTSTRAP_SERVERS as missing, not as an error", () => {
    const result = connectionFromEnv({});
    expect(result).toMatchObject({ ok: false, error: { code: "no_live_cluster" } });
  });

  it("connectionFromEnv() applies the defaults: client id kafka-balance, 10 s timeout, no SASL, no TLS", () => {
    const result = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: "a:9092, b:9093" });
    expect(result).toEqual({
      ok: true,
      value: { bootstrapServers: ["a:9092", "b:9093"], clientId: "kafka-balance", requestTimeoutMs: 10_000, sasl: null, tls: null },
    });
  });

  it("connectionFromEnv() reads SASL SCRAM and TLS settings", () => {
    const result = connectionFromEnv({
      KAFKA_BOOTSTRAP_SERVERS: "k1:9094",
      KAFKA_SASL_MECHANISM: "scram-sha-512",
      KAFKA_SASL_USERNAME: "u",
      KAFKA_SASL_PASSWORD: "p",
      KAFKA_SSL: "true",
      KAFKA_SSL_REJECT_UNAUTHORIZED: "false",
      KAFKA_CLIENT_ID: "ops-1",
      KAFKA_REQUEST_TIMEOUT_MS: "2500",
    });
    expect(result).toEqual({
      ok: true,
      value: {
        bootstrapServers: ["k1:9094"],
        clientId: "ops-1",
        requestTimeoutMs: 2500,
        sasl: { mechanism: "SCRAM-SHA-512", username: "u", password: "p" },
        tls: { ca: null, rejectUnauthorized: false },
      },
    });
  });

  it("connectionFromEnv() names the env var that is wrong", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SASL_MECHANISM: "GSSAPI" }, /KAFKA_SASL_MECHANISM/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SASL_MECHANISM: "PLAIN" }, /KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SASL_PASSWORD: "x" }, /KAFKA_SASL_MECHANISM/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_REQUEST_TIMEOUT_MS: "fast" }, /KAFKA_REQUEST_TIMEOUT_MS/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SSL: "maybe" }, /KAFKA_SSL/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SSL_CA_FILE: "/nonexistent/ca.pem" }, /KAFKA_SSL_CA_FILE/],
      [{ KAFKA_BOOTSTRAP_SERVERS: "a b:1" }, /KAFKA_BOOTSTRAP_SERVERS/],
    ];
    for (const [env, message] of cases) {
      const result = connectionFromEnv(env);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(message);
    }
  });

  it("connectionFromEnv() never puts the password into an error message", () => {
    const result = connectionFromEnv({ KAFKA_BOOTSTRAP_SERVERS: "a:1", KAFKA_SASL_MECHANISM: "OAUTH-s3cret", KAFKA_SASL_USERNAME: "u", KAFKA_SASL_PASSWORD: "s3cret" });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).not.toContain("s3cret");
  });
});

describe("bootstrapLabel", () => {
  it("bootstrapLabel() strips schemes and credentials from bootstrap entries", () => {
    expect(bootstrapLabel("SASL_SSL://alice:pw@k1:9093, k2:9093")).toBe("k1:9093,k2:9093");
    expect(bootstrapLabel(["k1:9092"])).toBe("k1:9092");
  });

  it("redactSecrets() replaces the password and bootstrap credentials in any text", () => {
    const env = { KAFKA_BOOTSTRAP_SERVERS: "SASL_SSL://alice:pw1@k1:9093", KAFKA_SASL_PASSWORD: "hunter2" };
    expect(redactSecrets("failed for hunter2 and alice:pw1@k1", env)).toBe("failed for *** and ***@k1");
  });
});

describe("describeCluster", () => {
  it("describeCluster() is the demo when KAFKA_BOOTSTRAP_SERVERS is unset or blank", () => {
    expect(describeCluster(null, {})).toEqual({ kind: "demo", label: "Demo cluster", name: "demo" });
    expect(describeCluster(null, { KAFKA_BOOTSTRAP_SERVERS: "  " })).toEqual({ kind: "demo", label: "Demo cluster", name: "demo" });
  });

  it("describeCluster() labels a live cluster as its snapshots are labelled, without schemes or credentials", () => {
    const env = { KAFKA_BOOTSTRAP_SERVERS: "SASL_SSL://alice:pw1@k1:9093, k2", KAFKA_SASL_MECHANISM: "PLAIN", KAFKA_SASL_USERNAME: "alice", KAFKA_SASL_PASSWORD: "hunter2" };
    const parsed = connectionFromEnv(env);
    expect(describeCluster(null, env)).toEqual({ kind: "live", label: "k1:9093,k2:9092", name: "default" });
    expect(parsed.ok && connectionLabel(parsed.value)).toBe("k1:9093,k2:9092");
  });
});
