/**
 * Durability: a process that is storing snapshots is killed with SIGKILL mid-way; after reopening,
 * every id it acknowledged (printed only once `createShare` resolved, i.e. what a client got 201 for)
 * opens intact. Two rounds on the same file, so the second writer also starts from a crashed WAL.
 * SIGKILL tests what a process crash can do; power loss is covered by synchronous=FULL (db.ts),
 * which no test on one machine can prove.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSnapshot } from "@/lib/model/parse";
import { closeStore, openStore } from "@/lib/store";
import { openStoredRecord, startWriter, useTempStore } from "../fixtures/snapshots/harness";
import { writerSnapshot } from "../fixtures/snapshots/writer-snapshot";

const TOPICS = 150;

let temp: ReturnType<typeof useTempStore>;
beforeAll(async () => {
  temp = useTempStore("durability");
});
afterAll(() => temp.cleanup());

async function crashWriter(file: string, acks: number): Promise<{ id: string; n: number }[]> {
  const writer = startWriter(file, "forever", TOPICS);
  await writer.waitForAcks(acks);
  // A few ms more, at a random point in the next share (compressing, inserting or fsyncing).
  await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 30)));
  writer.child.kill("SIGKILL");
  const { signal } = await writer.exited;
  expect(signal).toBe("SIGKILL");
  return [...writer.acked];
}

describe("snapshot store durability", () => {
  it("every acknowledged id opens intact after the writer is killed with SIGKILL, twice", async () => {
    const first = await crashWriter(temp.file, 15);
    const second = await crashWriter(temp.file, 15);
    const acked = [...first, ...second];
    expect(acked.length).toBeGreaterThanOrEqual(30);

    closeStore();
    const store = openStore({ kind: "sqlite", file: temp.file });
    try {
      for (const { id, n } of acked) {
        const opened = await openStoredRecord(id, store.links);
        if (!opened.ok) throw new Error(`acknowledged id ${id} (#${n}) does not open: ${opened.error.message}`);
        const expected = parseSnapshot(writerSnapshot(n, TOPICS));
        if (!expected.ok) throw new Error("writer snapshot does not parse");
        expect(opened.value.snapshot).toEqual(expected.value);
      }
      const { total } = await store.links.list(1, 0);
      // The row being written when the kill landed may or may not be there; nothing else is missing.
      expect(total).toBeGreaterThanOrEqual(acked.length);
      expect(total).toBeLessThanOrEqual(acked.length + 2);
    } finally {
      await store.close();
    }
  });
});
