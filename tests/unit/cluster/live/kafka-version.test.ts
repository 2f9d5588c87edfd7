import { describe, expect, it } from "vitest";
import { apiFingerprint, clusterKafkaVersion, detectKafkaVersion, guessKafkaVersion, VERSION_MARKER_CONFIGS } from "@/lib/cluster/live/kafka-version";
import type { ApiRange } from "@/lib/cluster/live/protocol";
import { kafkaLineOf, possibleKafkaLines } from "@/lib/model/kafka-versions";
import recorded from "../../../fixtures/kafka/broker-fingerprints.json";

function tableOf(fingerprint: string): ApiRange[] {
  return fingerprint.split(" ").map((part) => {
    const [key, range] = part.split(":");
    const [min, max] = range!.split("-");
    return { apiKey: Number(key), minVersion: Number(min), maxVersion: Number(max) };
  });
}

const brokers = recorded.brokers.map((b) => ({ ...b, line: kafkaLineOf(b.version)!, apis: tableOf(b.fingerprint) }));

describe("detectKafkaVersion()", () => {
  it("recorded tables of all six lines differ, and round-trip through apiFingerprint()", () => {
    expect(brokers.map((b) => b.line)).toEqual(["3.9", "4.0", "4.1", "4.2", "4.3", "4.4"]);
    expect(new Set(brokers.map((b) => b.fingerprint)).size).toBe(6);
    for (const b of brokers) expect(apiFingerprint([...b.apis].reverse())).toBe(b.fingerprint);
  });

  it.each(brokers.map((b) => [b.version, b] as const))("detectKafkaVersion() names the line of a real %s broker from its ApiVersions table alone", (_, b) => {
    expect(detectKafkaVersion(b.apis)).toEqual({ version: b.line, lines: [b.line], zookeeper: false });
  });

  it.each(brokers.map((b) => [b.version, b] as const))("detectKafkaVersion() pins %s from the marker configs when its table is one it has not seen", (_, b) => {
    // An unrecorded patch or vendor build: one API's maximum one higher than recorded.
    const bumped = b.apis.map((a, i) => (i === 3 ? { ...a, maxVersion: a.maxVersion + 1 } : a));
    const markers = b.configs.filter((c) => VERSION_MARKER_CONFIGS.some((m) => m.key === c));
    const detected = detectKafkaVersion(bumped, markers);
    expect(detected.lines).toEqual([b.line]);
    expect(possibleKafkaLines(detected.version)).toEqual([b.line]);
  });

  it("detectKafkaVersion() without configs narrows an unseen table to the lines it can be, never to one it cannot", () => {
    const b43 = brokers.find((b) => b.line === "4.3")!;
    const bumped = b43.apis.map((a) => (a.apiKey === 0 ? { ...a, maxVersion: a.maxVersion + 1 } : a));
    const detected = detectKafkaVersion(bumped);
    expect(detected.lines).toContain("4.3");
    expect(detected.lines).not.toContain("4.2");
    expect(possibleKafkaLines(detected.version)).toEqual(detected.lines);
  });

  it("detectKafkaVersion() tells 3.x from 4.x by Fetch's lowest version, spots ZooKeeper brokers, and gives null without data", () => {
    expect(guessKafkaVersion([{ apiKey: 1, minVersion: 0, maxVersion: 17 }])).toBe("3.x or older");
    expect(guessKafkaVersion([{ apiKey: 1, minVersion: 4, maxVersion: 99 }])).toBe("4.x");
    expect(guessKafkaVersion([])).toBeNull();
    const zk = [...brokers[0]!.apis, { apiKey: 4, minVersion: 0, maxVersion: 7 }];
    expect(detectKafkaVersion(zk)).toMatchObject({ zookeeper: true, lines: ["3.9"] });
  });

  it("clusterKafkaVersion() gives the shared version, or names both lines of a fleet mid-upgrade", () => {
    const d = (v: string) => detectKafkaVersion(brokers.find((b) => b.line === v)!.apis);
    expect(clusterKafkaVersion([d("4.3"), d("4.3")])).toBe("4.3");
    expect(clusterKafkaVersion([d("4.4"), d("4.3"), d("4.4")])).toBe("4.3 and 4.4");
    expect(possibleKafkaLines("4.3 and 4.4")).toEqual(["4.3", "4.4"]);
    expect(clusterKafkaVersion([])).toBeNull();
  });
});
