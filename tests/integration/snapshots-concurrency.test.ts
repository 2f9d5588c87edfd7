/**
 * 100 shares and 100 opens in flight at once through the route handlers of this process, while a
 * second process writes to the same SQLite file: WAL lets the reads run beside the writes, and
 * busy_timeout makes each process wait for the other's write lock instead of failing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getRecord } from "@/app/api/snapshots/[id]/route";
import { POST as postRecord } from "@/app/api/snapshots/route";
import type { SharedRecord } from "@/lib/share/record";
import { jsonRequest, openStoredRecord, params, startWriter, useTempStore } from "../fixtures/snapshots/harness";
import { writerSnapshot } from "../fixtures/snapshots/writer-snapshot";

const IN_PROCESS = 100;

let temp: ReturnType<typeof useTempStore>;
// 100 shares at once are far over the default rate of new links; this file is about concurrency,
// so the rate limits are off here and in the writer process, which inherits this env.
beforeAll(() => {
  temp = useTempStore("concurrency");
  process.env.KAFKA_BALANCE_SNAPSHOT_RATE_LINKS = "0";
  process.env.KAFKA_BALANCE_SNAPSHOT_RATE_BYTES = "0";
});
afterAll(() => {
  delete process.env.KAFKA_BALANCE_SNAPSHOT_RATE_LINKS;
  delete process.env.KAFKA_BALANCE_SNAPSHOT_RATE_BYTES;
  temp.cleanup();
});

describe("snapshot store under concurrent use", () => {
  it("100 concurrent stores and reads succeed while another process writes to the same file", async () => {
    // Opens the file first so both processes do not race to create it (that race is also handled,
    // by the IMMEDIATE migration transaction, but it is not what this test is about).
    expect((await openStoredRecord("AAAAAAAAAAAAAAAAAAAAAA")).ok).toBe(false);
    // The other process writes until this test is done, so its writes surely overlap ours.
    const other = startWriter(temp.file, "forever", 40);
    await other.waitForAcks(1);
    const ackedBefore = other.acked.length;

    const results = await Promise.all(
      Array.from({ length: IN_PROCESS }, async (_, n) => {
        const created = await postRecord(jsonRequest("/api/snapshots", { body: { kind: "snapshot", snapshot: writerSnapshot(1000 + n, 20), sharing: { redactHosts: false } } }));
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const opened = await getRecord(jsonRequest(`/api/snapshots/${id}`), params(id));
        expect(opened.status).toBe(200);
        return { n, record: (await opened.json()) as SharedRecord };
      }),
    );
    for (const { n, record } of results) expect(record.snapshot.source.label).toBe(`writer ${1000 + n}`);

    expect(other.acked.length, "the other process wrote while this one did").toBeGreaterThan(ackedBefore);
    other.child.kill("SIGTERM");
    await other.exited;
    expect(other.stderr()).toBe("");
    const reads = await Promise.all(other.acked.map(({ id }) => getRecord(jsonRequest(`/api/snapshots/${id}`), params(id))));
    expect(reads.map((r) => r.status)).toEqual(other.acked.map(() => 200));
  });
});
