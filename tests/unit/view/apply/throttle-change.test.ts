import { describe, expect, it } from "vitest";
import { throttleChange, throttleForm } from "@/lib/view/apply/throttle-change";

const MiB = 1024 ** 2;
const current = { replicationBytesPerSecond: 50 * MiB, alterLogDirsBytesPerSecond: 100 * MiB };

describe("throttleForm()", () => {
  it("throttleForm() shows the rates in force with their unit", () => {
    expect(throttleForm(current)).toEqual({ replication: "50 MiB/s", alterLogDirs: "100 MiB/s" });
  });
});

describe("throttleChange()", () => {
  it("throttleChange() sends only the rates that differ from those in force", () => {
    expect(throttleChange({ replication: "80 MiB/s", alterLogDirs: "100 MiB/s" }, current)).toEqual({ ok: true, value: { replicationBytesPerSecond: 80 * MiB } });
    expect(throttleChange({ replication: "50MiB", alterLogDirs: "1 GiB/s" }, current)).toEqual({ ok: true, value: { alterLogDirsBytesPerSecond: 1024 * MiB } });
    expect(throttleChange(throttleForm(current), current)).toEqual({ ok: true, value: {} });
  });

  it("throttleChange() names each field's problem at once", () => {
    const r = throttleChange({ replication: "80", alterLogDirs: "0 MiB/s" }, current);
    expect(!r.ok && r.error.issues).toEqual([
      { path: "replication", message: 'a rate needs a unit, e.g. "80 MiB/s"' },
      { path: "alterLogDirs", message: "a rate must be at least 1 B/s" },
    ]);
  });
});
