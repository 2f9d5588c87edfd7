import { describe, expect, it } from "vitest";
import { DIRECTORY_ID, createLogIn, logDirCandidates } from "@/lib/placement";

const liveDirs = ["/d0", "/d1", "/d2"];
const directoryIds = { "/d0": "id0", "/d1": "id1", "/d2": "id2" };

describe("logDirCandidates", () => {
  it("logDirCandidates() falls back to nextLogDirs without a target or preference", () => {
    expect(logDirCandidates({ liveDirs, logCounts: { "/d0": 2, "/d1": 1 } })).toEqual(["/d2", "/d1", "/d0"]);
  });

  it("logDirCandidates() puts only the targeted dir, however loaded", () => {
    expect(logDirCandidates({ liveDirs, logCounts: { "/d2": 50 }, directoryIds, targetDirectoryId: "id2" })).toEqual(["/d2"]);
  });

  it("logDirCandidates() prefers an AlterReplicaLogDirs preference over the controller's target", () => {
    expect(logDirCandidates({ liveDirs, logCounts: {}, directoryIds, targetDirectoryId: "id2", preferredLogDir: "/d1" })).toEqual(["/d1"]);
  });

  it("logDirCandidates() treats MIGRATING or an unknown target id as no preference", () => {
    for (const target of [DIRECTORY_ID.MIGRATING, "unknown-id"]) {
      expect(logDirCandidates({ liveDirs, logCounts: { "/d0": 1 }, directoryIds, targetDirectoryId: target })).toEqual(["/d1", "/d2", "/d0"]);
    }
  });

  it("logDirCandidates() honours cordons and tie order when it falls back to nextLogDirs", () => {
    expect(logDirCandidates({ liveDirs, logCounts: {}, cordoned: ["/d0"] })).toEqual(["/d1", "/d2"]);
  });
});

describe("createLogIn", () => {
  it("createLogIn() returns null and every dir tried when no candidate works", () => {
    expect(createLogIn(["/a", "/b"], () => false)).toEqual({ dir: null, failed: ["/a", "/b"] });
  });

  it("createLogIn() stops at the first dir that works", () => {
    const tried: string[] = [];
    expect(createLogIn(["/a", "/b", "/c"], (d) => (tried.push(d), d === "/b"))).toEqual({ dir: "/b", failed: ["/a"] });
    expect(tried).toEqual(["/a", "/b"]);
  });
});
