import { describe, expect, it } from "vitest";
import vectors from "../../fixtures/kafka/vectors.json";
import { currentAssignmentJson, formatReassignmentJson, parseReassignmentJson } from "@/lib/plan";
import { checkReassignmentEntries, rollbackAssignmentJson, rollbackEntries, snapshotPartitions } from "@/lib/model/reassignment-json";
import { cluster, GiB } from "@/tests/support/snapshots";
import { runScenario } from "@/lib/simulate/engine";
import { ScenarioSchema } from "@/lib/simulate/schema";
import { demoSnapshot } from "@/lib/simulate/presets";

type Vector = { id: string } & Record<string, unknown>;
const byId = (id: string) => (vectors.vectors as Vector[]).find((v) => v.id === id)!;

describe("reassignment JSON", () => {
  it("currentAssignmentJson() prints the current replicas of proposed partitions, sorted, dirs any (RP2)", () => {
    const v = byId("RP2") as unknown as { proposed: Record<string, number[]>; current: Record<string, number[]>; json: string };
    expect(currentAssignmentJson(v.proposed, v.current)).toBe(v.json);
  });

  it("rollbackAssignmentJson() pins every replica's current dir, keeps the current order, and includes partitions that only change dirs", () => {
    const snap = cluster({
      brokers: [1, 2, 3].map((id) => ({ id, dirs: ["/d1", "/d2"] })),
      partitions: [
        {
          topic: "orders",
          partition: 0,
          replicas: [
            [2, "/d2", GiB],
            [1, "/d1", GiB],
          ],
        },
        {
          topic: "orders",
          partition: 1,
          replicas: [
            [3, "/d1", GiB],
            [1, "/d2", GiB],
          ],
        },
        { topic: "quiet", partition: 0, replicas: [[1, "/d1", GiB]] },
      ],
    });
    const entries = [
      { topic: "orders", partition: 0, replicas: [3, 1], logDirs: ["/d1", "any"] },
      // A dir-only move: the replica set stays, so Kafka's own rollback (before 4.2) would leave it out.
      { topic: "orders", partition: 1, replicas: [3, 1], logDirs: ["/d2", "/d1"] },
    ];
    expect(JSON.parse(rollbackAssignmentJson(snap, entries))).toEqual({
      version: 1,
      partitions: [
        { topic: "orders", partition: 0, replicas: [2, 1], log_dirs: ["/d2", "/d1"] },
        { topic: "orders", partition: 1, replicas: [3, 1], log_dirs: ["/d1", "/d2"] },
      ],
    });
  });

  it('rollbackEntries() keeps "any" only where the snapshot does not know the dir, and counts those', () => {
    const snap = cluster({
      brokers: [1, 2].map((id) => ({ id, dirs: ["/d1"] })),
      partitions: [
        {
          topic: "t",
          partition: 0,
          replicas: [
            [1, null, GiB],
            [2, "/d1", GiB],
          ],
        },
      ],
    });
    const back = rollbackEntries(snapshotPartitions(snap), [
      { topic: "t", partition: 0 },
      { topic: "t", partition: 0 },
      { topic: "gone", partition: 3 },
    ]);
    expect(back).toEqual({ entries: [{ topic: "t", partition: 0, replicas: [1, 2], logDirs: ["any", "/d1"] }], unpinned: 1 });
  });

  it("parseReassignmentJson() reads replicas and log_dirs (RP3)", () => {
    const v = byId("RP3") as unknown as { json: string; parts: Record<string, number[]>; replicaDirs: Record<string, string> };
    const parsed = parseReassignmentJson(v.json);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const parts = Object.fromEntries(parsed.value.map((e) => [`${e.topic}-${e.partition}`, e.replicas]));
    expect(parts).toEqual(v.parts);
    const dirs: Record<string, string> = {};
    for (const e of parsed.value) e.replicas.forEach((b, i) => (dirs[`${e.topic}-${e.partition}@${b}`] = e.logDirs[i]!));
    expect(dirs).toEqual(v.replicaDirs);
  });

  it("parseReassignmentJson() refuses what --execute refuses, with Kafka's messages (RP3 errors)", () => {
    expect(parseReassignmentJson('{"version":1,"partitions":[]}')).toMatchObject({ ok: false, error: { message: "Partition reassignment list cannot be empty" } });
    const dup = '{"version":1,"partitions":[{"topic":"foo","partition":0,"replicas":[1]},{"topic":"foo","partition":0,"replicas":[2]}]}';
    expect(parseReassignmentJson(dup)).toMatchObject({ ok: false, error: { message: "Partition reassignment contains duplicate topic partitions: foo-0" } });
    const dupBroker = '{"partitions":[{"topic":"foo","partition":0,"replicas":[0,0]}]}';
    expect(parseReassignmentJson(dupBroker)).toMatchObject({
      ok: false,
      error: { message: "Partition replica lists may not contain duplicate entries: foo-0 contains multiple entries for 0" },
    });
    expect(parseReassignmentJson('{"version":2,"partitions":[]}')).toMatchObject({ ok: false, error: { message: "Not supported version field value 2" } });
    expect(parseReassignmentJson('{"partitions":[{"topic":"a","partition":0,"replicas":[1,2],"log_dirs":["any"]}]}')).toMatchObject({
      ok: false,
      error: { code: "log_dirs_length" },
    });
    expect(parseReassignmentJson("{nope")).toMatchObject({
      ok: false,
      error: { code: "invalid_json", message: "line 1, column 2: expected a key in double quotes. The input string is not a valid JSON" },
    });
  });

  it("parseReassignmentJson() says on which line and column a pasted text stops being JSON", () => {
    const text = '{\n  "version": 1,\n  "partitions": [{"topic": "a" "partition": 0}]\n}';
    expect(parseReassignmentJson(text)).toEqual({
      ok: false,
      error: {
        code: "invalid_json",
        message: "line 3, column 32: expected ',' or '}' after a value in an object. The input string is not a valid JSON",
        issues: [{ path: "", message: "expected ',' or '}' after a value in an object", line: 3, column: 32 }],
      },
    });
    expect(parseReassignmentJson('{"partitions":[')).toMatchObject({ ok: false, error: { issues: [{ line: 1, column: 16 }] } });
  });

  it("formatReassignmentJson() sorts by topic as Java strings, then partition", () => {
    const json = formatReassignmentJson([
      { topic: "b", partition: 10, replicas: [1] },
      { topic: "B", partition: 0, replicas: [2], logDirs: ["/d"] },
      { topic: "b", partition: 2, replicas: [3] },
    ]);
    expect(JSON.parse(json).partitions.map((p: { topic: string; partition: number }) => `${p.topic}-${p.partition}`)).toEqual(["B-0", "b-2", "b-10"]);
    expect(json.startsWith('{"version":1,"partitions":[{"topic":"B","partition":0,"replicas":[2],"log_dirs":["/d"]}')).toBe(true);
  });
});

describe("one set of reassignment rules", () => {
  it("parseReassignmentJson() names the field in dotted path form, and allows an empty list only when asked", () => {
    expect(parseReassignmentJson('{"partitions":[{"topic":"x"}]}')).toMatchObject({ ok: false, error: { issues: [{ path: "partitions.0.partition" }] } });
    expect(parseReassignmentJson('{"version":1,"partitions":[]}')).toMatchObject({ ok: false, error: { code: "empty_reassignment" } });
    expect(parseReassignmentJson('{"version":1,"partitions":[]}', { allowEmpty: true })).toEqual({ ok: true, value: [] });
  });

  it("the simulator's reassign step refuses with Kafka's message from the same checks", () => {
    const result = runScenario(
      ScenarioSchema.parse({
        base: demoSnapshot(),
        steps: [
          {
            kind: "reassign",
            partitions: [
              { topic: "orders", partition: 0, replicas: [1, 2] },
              { topic: "orders", partition: 0, replicas: [2, 3] },
            ],
          },
        ],
      }),
    );
    const expected = checkReassignmentEntries([
      { topic: "orders", partition: 0, replicas: [1, 2], logDirs: ["any", "any"] },
      { topic: "orders", partition: 0, replicas: [2, 3], logDirs: ["any", "any"] },
    ]);
    expect(expected).toMatchObject({ ok: false, error: { code: "duplicate_partitions" } });
    expect(result.steps[0]!.error).toEqual({ code: "duplicate_partitions", message: !expected.ok && expected.error.message });
  });
});
