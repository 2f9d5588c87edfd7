import { describe, expect, it } from "vitest";
import { clusterFailureAdvice } from "@/lib/view/common/cluster-failure";

const topics = (code: string) => clusterFailureAdvice(code).checks.map((c) => c.topic);

describe("clusterFailureAdvice()", () => {
  it("clusterFailureAdvice() lists bootstrap servers, brokers, network, TLS and SASL for a cluster that cannot be read", () => {
    expect(clusterFailureAdvice("kafka_unreachable").title).toBe("Kafka is unreachable");
    expect(topics("kafka_unreachable")).toEqual(["KAFKA_BOOTSTRAP_SERVERS", "Brokers", "Network", "TLS", "SASL"]);
    expect(clusterFailureAdvice("kafka_error").title).toBe("Kafka could not be read");
    expect(topics("kafka_error")).toEqual(["KAFKA_BOOTSTRAP_SERVERS", "Brokers", "Network", "TLS", "SASL"]);
  });

  it("clusterFailureAdvice() adds the request timeout for a cluster that did not answer in time", () => {
    expect(clusterFailureAdvice("kafka_timeout").title).toBe("Kafka did not answer in time");
    expect(topics("kafka_timeout")).toEqual(["KAFKA_BOOTSTRAP_SERVERS", "Brokers", "Network", "TLS", "SASL", "Timeout"]);
  });

  it("clusterFailureAdvice() points at the settings, not the brokers, when the connection settings are invalid", () => {
    expect(clusterFailureAdvice("kafka_config").title).toBe("The Kafka connection settings are invalid");
    expect(topics("kafka_config")).toEqual(["Settings", "KAFKA_BOOTSTRAP_SERVERS", "SASL", "TLS"]);
  });

  it("clusterFailureAdvice() points at Kafka Balance's own server when the request never reached it", () => {
    expect(clusterFailureAdvice("network").title).toBe("The Kafka Balance server did not answer");
    expect(topics("network")).toEqual(["Server", "Network"]);
  });

  it("clusterFailureAdvice() treats an unknown code as a cluster that could not be read", () => {
    expect(clusterFailureAdvice("internal")).toEqual(clusterFailureAdvice("kafka_error"));
  });
});
