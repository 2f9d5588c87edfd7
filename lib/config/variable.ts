/**
 * One variable of lib/config.ts: its rule (what a usable value is) and its doc (what it does, its
 * default and its unit), kept in the registry docs/configuration.md is printed from.
 */
import { z } from "zod";
import { GiB, MiB } from "@/lib/model/units";
import type { Rule } from "./rules";

/** The sections of docs/configuration.md, in its order. */
export const CONFIG_GROUPS = ["kafka", "clusters", "dashboard", "writes", "store", "history", "requests", "links", "simulator", "workers", "server", "development"] as const;
export type ConfigGroup = (typeof CONFIG_GROUPS)[number];

/** What docs/configuration.md says of a variable. */
export interface VariableDoc {
  group: ConfigGroup;
  /** What it does, in sentences. */
  does: string;
  /** What applies when it is unset. */
  default: string;
  /** What its value is counted in, or its form. */
  unit: string;
}

/** The doc of each variable's schema (`.describe()` carries the same as one sentence). */
export const configDocs = z.registry<VariableDoc>();

/** A variable's schema: an optional string that `rule` accepts, described and registered with its doc. */
export function variable(rule: Rule, meta: Omit<VariableDoc, "does">, does: string) {
  const doc: VariableDoc = { ...meta, does };
  return z
    .string()
    .superRefine((raw, ctx) => {
      const problem = rule(raw);
      if (problem !== null) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional()
    .describe(`${doc.does} Default: ${doc.default}. Unit: ${doc.unit}.`)
    .register(configDocs, doc);
}

/** A byte count as the docs show it: `16777216 (16 MiB)`. */
export const bytes = (n: number) => (n % GiB === 0 ? `${n} (${n / GiB} GiB)` : `${n} (${n / MiB} MiB)`);
