// Every snapshot schema version ever written keeps opening: one fixture folder per version
// (tests/fixtures/snapshots/v<N>, see its README), each record stored as that release stored it.
import { statusFor } from "@/lib/http/status";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/model/json-depth";
import { SNAPSHOT_SCHEMA_VERSION } from "@/lib/model/snapshot";
import { encodePayload } from "@/lib/links/codec";
import { newSnapshotId } from "@/lib/links/ids";
import { insertRecord, type StoredPayload } from "@/lib/links/share";
import { getStore } from "@/lib/store";
import type { RecordKind } from "@/lib/share/record";
import { openStoredRecord, useTempStore } from "../fixtures/snapshots/harness";

const FIXTURES = path.resolve("tests/fixtures/snapshots");
const versions = fs
  .readdirSync(FIXTURES)
  .filter((d) => /^v\d+$/.test(d))
  .map((d) => Number(d.slice(1)))
  .sort((a, b) => a - b);

interface FixtureRecord {
  kind: RecordKind;
  schemaVersion: number;
  createdAt: string;
  payload: StoredPayload;
}

let temp: ReturnType<typeof useTempStore>;
// The fixtures keep the createdAt their release wrote, which is older than the default retention:
// this file is about schema upgrades, so links are kept forever here (expiry: snapshots-quotas.test.ts).
beforeAll(() => {
  temp = useTempStore("versions");
  process.env.KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS = "0";
});
afterAll(() => {
  delete process.env.KAFKA_BALANCE_SNAPSHOT_RETENTION_DAYS;
  temp.cleanup();
});

describe("snapshot schema versions", () => {
  it(`has a fixture folder for every version from 1 to ${SNAPSHOT_SCHEMA_VERSION}`, () => {
    expect(versions).toEqual(Array.from({ length: SNAPSHOT_SCHEMA_VERSION }, (_, i) => i + 1));
  });

  for (const version of versions) {
    for (const kind of ["snapshot", "scenario", "plan"] as const) {
      it(`a ${kind} record written at schema v${version} opens, upgraded to v${SNAPSHOT_SCHEMA_VERSION}`, async () => {
        const file = path.join(FIXTURES, `v${version}`, `${kind}.json`);
        expect(fs.existsSync(file), `${file} is missing`).toBe(true);
        const record = JSON.parse(fs.readFileSync(file, "utf8")) as FixtureRecord;
        expect(record.schemaVersion).toBe(version);
        expect((record.payload.snapshot as { schema: number }).schema).toBe(version);
        const id = await insertRecord(getStore().links, record);
        const opened = await openStoredRecord(id);
        if (!opened.ok) throw new Error(`v${version} ${kind} did not open: ${opened.error.message}`);
        expect(opened.value).toMatchObject({ kind, schemaVersion: version, createdAt: record.createdAt });
        expect(opened.value.snapshot.schema).toBe(SNAPSHOT_SCHEMA_VERSION);
        expect(opened.value.snapshot.topics.length).toBeGreaterThan(0);
        if (kind === "scenario") expect(opened.value.scenario?.steps.length).toBeGreaterThan(0);
        if (kind === "plan") expect(opened.value.plan?.reassignmentJson).toBeTruthy();
      });
    }
  }

  it("a record from a newer schema than this server reads answers 500 saying to upgrade", async () => {
    const record = JSON.parse(fs.readFileSync(path.join(FIXTURES, "v1", "snapshot.json"), "utf8")) as FixtureRecord;
    const future = SNAPSHOT_SCHEMA_VERSION + 1;
    const id = await insertRecord(getStore().links, {
      ...record,
      schemaVersion: future,
      payload: { ...record.payload, snapshot: { ...(record.payload.snapshot as object), schema: future } },
    });
    const opened = await openStoredRecord(id);
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.error).toMatchObject({ code: "record_unreadable" });
      expect(statusFor(opened.error.code)).toBe(500);
      expect(opened.error.message).toMatch(/upgrade/i);
    }
  });

  it("a stored record nested 100,000 levels deep answers record_unreadable naming the depth, not a stack overflow", async () => {
    const deep = '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000);
    const encoded = await encodePayload(`{"snapshot":${deep},"scenario":null,"plan":null,"sharing":{}}`);
    const id = newSnapshotId();
    await getStore().links.insert({
      id,
      kind: "snapshot",
      schemaVersion: SNAPSHOT_SCHEMA_VERSION,
      createdAt: new Date().toISOString(),
      sizeBytes: encoded.sizeBytes,
      encoding: encoded.encoding,
      payload: encoded.data,
      summary: "{}",
    });
    const opened = await openStoredRecord(id);
    expect(opened.ok).toBe(false);
    if (!opened.ok) {
      expect(opened.error.code).toBe("record_unreadable");
      expect(opened.error.message).toContain(`the limit is ${MAX_JSON_DEPTH}`);
    }
  });
});
