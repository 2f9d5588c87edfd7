// Every schema that reads a request is strict at every level: an unknown key is a 400 naming it, never
// dropped (`options.throttle.replicationBytesPerSec` used to be dropped, and the plan throttled at the
// 50 MiB/s default instead of the 200 bytes/s asked). The walk covers every zod schema the request
// modules export, nested objects inside defaults, unions, arrays, pipes and lazies included, so a
// future non-strict one fails here; the source scan covers the schemas they do not export.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as importRequest from "@/lib/import/request";
import * as historyQuery from "@/lib/model/history-query";
import * as snapshotModel from "@/lib/model/snapshot";
import * as applyRequest from "@/lib/plan/apply-request";
import * as planOptions from "@/lib/plan/options";
import * as planRequest from "@/lib/plan/request";
import * as simulateRequest from "@/lib/simulate/request";
import * as simulateSchema from "@/lib/simulate/schema";
import * as snapshotRecord from "@/lib/share/record";
import * as shareRequest from "@/lib/share/request";
import * as share from "@/lib/links/share";
import * as brokerDetail from "@/lib/view/overview/broker-detail";
import * as overviewModel from "@/lib/view/overview/overview-model";
import * as topicPage from "@/lib/view/overview/topic-page";

const REQUEST_MODULES: Record<string, Record<string, unknown>> = {
  "lib/import/request": importRequest,
  "lib/model/history-query": historyQuery,
  "lib/model/snapshot": snapshotModel,
  "lib/plan/apply-request": applyRequest,
  "lib/plan/options": planOptions,
  "lib/plan/request": planRequest,
  "lib/simulate/request": simulateRequest,
  "lib/simulate/schema": simulateSchema,
  "lib/share/record": snapshotRecord,
  "lib/share/request": shareRequest,
  "lib/links/share": share,
  "lib/view/overview/broker-detail": brokerDetail,
  "lib/view/overview/overview-model": overviewModel,
  "lib/view/overview/topic-page": topicPage,
};

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | null)?._zod?.def;
const isSchema = (value: unknown): value is z.ZodType => defOf(value) !== undefined;

/** The paths of the object nodes under `schema` that accept unknown keys (no `never` catchall). */
function looseObjects(schema: z.ZodType, at: string, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return [];
  seen.add(schema);
  const out: string[] = [];
  const walk = (child: unknown, where: string) => {
    if (isSchema(child)) out.push(...looseObjects(child, where, seen));
  };
  if (def.type === "object") {
    if (defOf(def.catchall)?.type !== "never") out.push(at || "(top)");
    for (const [key, child] of Object.entries(def.shape ?? {})) walk(child, `${at}.${key}`);
    return out;
  }
  if (def.type === "lazy") walk((def.getter as () => unknown)(), at);
  for (const key of ["innerType", "element", "in", "out", "left", "right", "keyType", "valueType", "rest"]) walk(def[key], at);
  for (const key of ["options", "items"]) for (const [i, child] of ((def[key] as unknown[]) ?? []).entries()) walk(child, `${at}|${i}`);
  return out;
}

describe("request schemas are strict at every level", () => {
  const schemas = Object.entries(REQUEST_MODULES).flatMap(([module, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => isSchema(value))
      .map(([name, value]) => ({ name: `${module}.${name}`, schema: value as z.ZodType })),
  );

  it("finds the request schemas (the walk is not vacuous)", () => {
    const names = schemas.map((s) => s.name);
    for (const name of [
      "lib/plan/request.PlanRequestSchema",
      "lib/plan/options.PlanOptionsSchema",
      "lib/plan/apply-request.ApplyControlSchema",
      "lib/share/request.ShareRequestSchema",
      "lib/import/request.ImportRequestSchema",
      "lib/model/snapshot.ClusterSnapshotSchema",
      "lib/simulate/schema.ScenarioSchema",
    ]) {
      expect(names).toContain(name);
    }
  });

  it("no object node of any of them drops unknown keys", () => {
    const loose = schemas.flatMap(({ name, schema }) => looseObjects(schema, "").map((p) => `${name}${p}`));
    expect(loose, "make each of these z.strictObject (or .strict())").toEqual([]);
  });

  it("the walk finds a loose object nested in a default, a union and an array", async () => {
    const { z } = await import("zod");
    const nested = z.strictObject({ a: z.array(z.union([z.strictObject({}), z.strictObject({ b: z.object({ c: z.number() }).default({ c: 1 }) })])) });
    expect(looseObjects(nested, "")).toEqual([".a|1.b"]);
  });
});

describe("prototype keys in a body are unknown keys", () => {
  it("an own __proto__, constructor or prototype key (as JSON.parse makes it) is refused by name, at the top and nested", () => {
    for (const key of ["__proto__", "constructor", "prototype"]) {
      const cases: [z.ZodType, string][] = [
        [planRequest.PlanRequestSchema, `{"${key}":{"options":{}}}`],
        [planRequest.PlanRequestSchema, `{"options":{"throttle":{"${key}":{"replicationBytesPerSecond":1}}}}`],
        [importRequest.ImportRequestSchema, `{"logDirs":"x","${key}":{"topics":"y"}}`],
        [applyRequest.ApplyControlSchema, `{"jobId":"x","action":"pause","${key}":1}`],
      ];
      for (const [schema, text] of cases) {
        const parsed = schema.safeParse(JSON.parse(text));
        expect(parsed.success, text).toBe(false);
        expect(
          parsed.error!.issues.some((i) => i.code === "unrecognized_keys" && i.keys.includes(key)),
          text,
        ).toBe(true);
      }
    }
  });
});

describe("no loose object schema in the sources", () => {
  /** Files whose loose objects read no request, with the reason. */
  const ALLOWED: Record<string, string> = {
    "lib/cluster/connection.ts": "reads process.env, which holds every variable of the process",
  };
  const LOOSE = /\.\s*object\s*\(|\blooseObject\s*\(|\.\s*passthrough\s*\(|\.\s*catchall\s*\(|\.\s*loose\s*\(/;

  function sources(dir: string): string[] {
    return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(full);
      return /\.tsx?$/.test(entry.name) ? [full] : [];
    });
  }

  it("every zod object in lib/ and app/ is strict, or its file is allowed with a reason", () => {
    const root = path.resolve(__dirname, "../../..");
    const offenders = ["lib", "app"]
      .flatMap((d) => sources(path.join(root, d)))
      .map((f) => path.relative(root, f).split(path.sep).join("/"))
      .filter((f) => !(f in ALLOWED))
      .filter((f) => {
        const text = fs.readFileSync(path.join(root, f), "utf8");
        return /from "zod"/.test(text) && LOOSE.test(text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, ""));
      });
    expect(offenders).toEqual([]);
  });
});
