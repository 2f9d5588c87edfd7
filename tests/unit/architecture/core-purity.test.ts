import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCoreImpurities } from "@/scripts/core-purity";
import { tempRepo } from "@/tests/support/temp-repo";

const repoRoot = path.resolve(__dirname, "../../..");

describe("core purity", () => {
  it("findCoreImpurities() finds nothing in this repository's core", () => {
    expect(findCoreImpurities(repoRoot)).toEqual([]);
  });

  it("findCoreImpurities() flags Node I/O, React, Kafka clients, lib/cluster, and lib/view imported from below it, in the core", () => {
    const root = tempRepo({
      "lib/plan/a.ts": 'import fs from "node:fs";\nimport { x } from "../model/b";\n',
      "lib/model/b.ts": 'export const x = 1;\nimport React from "react";\n',
      "lib/placement/c.ts": 'import { Admin } from "@platformatic/kafka";\nimport "../cluster/live";\n',
      "lib/simulate/d.ts": 'export { y } from "@/lib/snapshots/store";\nconst z = await import("fs");\nimport { z as q } from "zod";\n',
      "lib/cluster/ok.ts": 'import fs from "node:fs";\n',
      "lib/view/e.ts": 'import { useState } from "react";\nimport { x } from "@/lib/model/b";\nimport { f } from "./f";\n',
      "lib/view/f.ts": "export const f = 1;\n",
      "lib/simulate/g.ts": 'import { f } from "@/lib/view/f";\nimport { e } from "../view/e";\n',
      "lib/forecast/h.ts": 'import { useState } from "react";\n',
      "lib/plan/i.ts": 'export const on = process.env.FLAG === "1";\nexport const fine = (o: { process: { env: number } }) => o.process.env;\n',
    });
    const found = findCoreImpurities(root).map((p) => `${p.file}:${p.line}:${p.specifier}`);
    expect(found.sort()).toEqual(
      [
        "lib/plan/a.ts:1:node:fs",
        "lib/model/b.ts:2:react",
        "lib/placement/c.ts:1:@platformatic/kafka",
        "lib/placement/c.ts:2:../cluster/live",
        "lib/simulate/d.ts:1:@/lib/snapshots/store",
        "lib/simulate/d.ts:2:fs",
        "lib/view/e.ts:1:react",
        "lib/simulate/g.ts:1:@/lib/view/f",
        "lib/simulate/g.ts:2:../view/e",
        "lib/forecast/h.ts:1:react",
        "lib/plan/i.ts:1:process",
      ].sort(),
    );
  });
});
