import { describe, expect, it } from "vitest";
import { draftFromPreset } from "@/lib/view/simulate/scenario-draft";
import { decodeScenarioLink, encodeScenarioLink, fitsInLink, forecastSimulatorPath, MAX_LINK_CHARS, type LinkScenario } from "@/lib/simulate/scenario-url";

const GiB = 1024 ** 3;

const scenario: LinkScenario = {
  base: { kind: "demo" },
  policy: { brokerPlacement: "zk-admin-utils", logDirPlacement: "least-bytes", kafkaVersion: "4.3" },
  seed: 12345,
  steps: [
    { kind: "addLogDir", broker: "all", path: "/data/d4", totalBytes: 512 * GiB },
    { kind: "createTopic", name: "orders.v2_x-1", partitions: 30, replicationFactor: 2, size: { kind: "zipf", totalBytes: 900 * GiB, exponent: 1.2 } },
    { kind: "reassign", partitions: [{ topic: "orders", partition: 0, replicas: [1, 2], log_dirs: ["/data/d1", "any"] }] },
  ],
};

async function deflateToParam(text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return (
    "1." +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "")
  );
}

describe("encodeScenarioLink() / decodeScenarioLink()", () => {
  it("encodeScenarioLink() round-trips base, policy, seed and steps exactly", async () => {
    const param = await encodeScenarioLink(scenario);
    expect(await decodeScenarioLink(param)).toEqual({ ok: true, value: scenario });
  });

  it("encodeScenarioLink() writes URL-safe text behind the format version", async () => {
    const param = await encodeScenarioLink(scenario);
    expect(param).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(encodeURIComponent(param)).toBe(param);
  });

  it("encodeScenarioLink() keeps a preset scenario far below the link limit", async () => {
    const { presetId: _p, ...preset } = draftFromPreset("padding-workaround");
    const param = await encodeScenarioLink(preset);
    expect(param.length).toBeLessThan(600);
    expect(fitsInLink(param)).toBe(true);
    expect((await decodeScenarioLink(param)).ok).toBe(true);
  });

  it("encodeScenarioLink() carries every kind of base reference but an inline snapshot", async () => {
    for (const base of [
      { kind: "current" },
      { kind: "imported" },
      { kind: "preset", id: "size-aware" },
      { kind: "synthetic", options: { brokers: 10, dirsPerBroker: 4, replicas: 3000, skew: 1.5 } },
    ] as LinkScenario["base"][]) {
      const decoded = await decodeScenarioLink(await encodeScenarioLink({ ...scenario, base }));
      expect(decoded.ok && decoded.value.base).toEqual(base);
    }
  });

  it("decodeScenarioLink() refuses an unknown format, damaged text and non-JSON", async () => {
    expect(await decodeScenarioLink("2.abc")).toMatchObject({ ok: false, error: { issues: [{ message: expect.stringMatching(/unknown format/) }] } });
    expect(await decodeScenarioLink("1.a+b/")).toMatchObject({ ok: false, error: { issues: [{ message: expect.stringMatching(/not base64url/) }] } });
    expect(await decodeScenarioLink("1.AAAA")).toMatchObject({ ok: false, error: { issues: [{ message: expect.stringMatching(/damaged/) }] } });
    expect(await decodeScenarioLink(await deflateToParam("{not json"))).toMatchObject({ ok: false, error: { issues: [{ message: expect.stringMatching(/not JSON/) }] } });
  });

  it("decodeScenarioLink() validates with the scenario schema and names the bad field", async () => {
    const bad = await deflateToParam(JSON.stringify({ ...scenario, steps: [{ kind: "createTopic", name: "t", partitions: 0, replicationFactor: 1 }] }));
    expect(await decodeScenarioLink(bad)).toMatchObject({ ok: false, error: { issues: [{ path: "steps.0.partitions", message: "partitions must be at least 1" }] } });
  });

  it("decodeScenarioLink() refuses a snapshot inside a link", async () => {
    const param = await deflateToParam(JSON.stringify({ ...scenario, base: { snapshot: { schema: 1 } } }));
    expect((await decodeScenarioLink(param)).ok).toBe(false);
  });

  it("decodeScenarioLink() refuses links that are too long or inflate past 1 MB", async () => {
    expect(await decodeScenarioLink(`1.${"A".repeat(MAX_LINK_CHARS + 1)}`)).toMatchObject({
      ok: false,
      error: { issues: [{ message: expect.stringMatching(/longer than 4000/) }] },
    });
    const bomb = await deflateToParam(" ".repeat(2 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(MAX_LINK_CHARS);
    expect(await decodeScenarioLink(bomb)).toMatchObject({ ok: false, error: { issues: [{ message: expect.stringMatching(/more than 1 MB/) }] } });
  });

  it("forecastSimulatorPath() opens the simulator on the forecast, on the page's cluster", () => {
    expect(forecastSimulatorPath(30, null)).toBe("/simulate?forecast=30");
    expect(forecastSimulatorPath(7, "prod eu")).toBe("/simulate?forecast=7&cluster=prod%20eu");
  });
});
