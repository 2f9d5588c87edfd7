import { describe, expect, it } from "vitest";
import { isSnapshotId, newSnapshotId, snapshotUrl } from "@/lib/links/ids";

describe("snapshot ids", () => {
  it("newSnapshotId() gives 22 base64url characters that isSnapshotId() accepts", () => {
    const ids = Array.from({ length: 200 }, newSnapshotId);
    for (const id of ids) {
      expect(id).toHaveLength(22);
      expect(isSnapshotId(id)).toBe(true);
      expect(Buffer.from(id, "base64url")).toHaveLength(16);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("isSnapshotId() refuses other lengths, other characters and non-canonical last characters", () => {
    const id = newSnapshotId();
    expect(isSnapshotId(id.slice(1))).toBe(false);
    expect(isSnapshotId(`${id}A`)).toBe(false);
    expect(isSnapshotId(`${id.slice(0, 21)}+`)).toBe(false);
    // 16 bytes leave 4 unused bits in the 22nd character: only A, Q, g, w are canonical.
    expect(isSnapshotId(`${id.slice(0, 21)}B`)).toBe(false);
    expect(isSnapshotId("../../etc/passwd")).toBe(false);
  });

  it("snapshotUrl() is the relative /s/<id> path", () => {
    expect(snapshotUrl("AAAAAAAAAAAAAAAAAAAAAA")).toBe("/s/AAAAAAAAAAAAAAAAAAAAAA");
  });
});
