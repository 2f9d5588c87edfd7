// The example alert rules (ops/prometheus) and the Grafana dashboard (ops/grafana) name only metrics
// GET /api/metrics exposes (lib/metrics/families.ts). promtool checks and tests the rules in
// tests/integration/prometheus-rules.test.ts; the dashboard's queries run on a real Prometheus in
// tests/integration/prometheus.test.ts.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { METRIC_FAMILIES } from "@/lib/metrics/families";

const root = path.resolve(__dirname, "../../..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const metricNames = (text: string) => [...new Set(text.match(/kafka_balance_[a-z0-9_]+/g) ?? [])];

interface Panel {
  id: number;
  type: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string; refId: string }[];
}

describe("ops files", () => {
  it("the alert rules name only exposed metrics", () => {
    const names = metricNames(read("ops/prometheus/kafka-balance.rules.yml"));
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((n) => !(n in METRIC_FAMILIES))).toEqual([]);
  });

  it("the dashboard names only exposed metrics, and every query is filtered by the cluster variable", () => {
    const dashboard = JSON.parse(read("ops/grafana/kafka-balance.json")) as { panels: Panel[]; templating: { list: { name: string }[] } };
    expect(dashboard.templating.list.map((v) => v.name)).toEqual(["datasource", "cluster"]);
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    expect(metricNames(exprs.join("\n")).filter((n) => !(n in METRIC_FAMILIES))).toEqual([]);
    for (const expr of exprs) {
      for (const selector of expr.match(/kafka_balance_[a-z0-9_]+(\{[^}]*\})?/g) ?? []) expect(selector, expr).toContain('cluster=~"$cluster"');
    }
  });

  it("the dashboard's panels have unique ids and do not overlap", () => {
    const { panels } = JSON.parse(read("ops/grafana/kafka-balance.json")) as { panels: Panel[] };
    expect(new Set(panels.map((p) => p.id)).size).toBe(panels.length);
    const cells = new Set<string>();
    for (const { gridPos: g, title } of panels as (Panel & { title: string })[]) {
      expect(g.x + g.w, title).toBeLessThanOrEqual(24);
      for (let x = g.x; x < g.x + g.w; x++) {
        for (let y = g.y; y < g.y + g.h; y++) {
          expect(cells.has(`${x},${y}`), `${title} overlaps at ${x},${y}`).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
  });

  it("every exposed metric is used by an alert rule or a dashboard panel", () => {
    const used = new Set([...metricNames(read("ops/prometheus/kafka-balance.rules.yml")), ...metricNames(read("ops/grafana/kafka-balance.json"))]);
    expect(Object.keys(METRIC_FAMILIES).filter((n) => !used.has(n))).toEqual([]);
  });
});
