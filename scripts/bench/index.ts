/**
 * `npm run bench [-- --json] [-- --only name[,name]]`: runs the benchmarks and reports figures.
 * Benchmarks are not tests: they measure, print, and exit 0; targets are printed beside the figures.
 * With --json each bench prints one JSON line `{"<name>": {...figures}}` on stdout (the name its `jsonKey`
 * gives, when it has one) and its human summary on stderr, so stdout stays one JSON line per bench.
 */
import { applySummary, benchApply, DEFAULT_APPLY_BENCH, type ApplyBenchFigures } from "./apply";
import { benchEventLoop, eventLoopSummary, type EventLoopBenchFigures } from "./event-loop";
import { benchHistory, historySummary, type HistoryBenchFigures } from "./history";
import { benchForecastAccuracy, forecastSummary, type ForecastBenchFigures } from "./forecast";
import { benchImport, importSummary, type ImportBenchFigures } from "./import";
import { benchLimits, type GrowthRow } from "./limits";
import { benchOverviewScale, overviewScaleSummary, type OverviewScaleFigures } from "./overview-scale";
import { benchPlacement } from "./placement";
import { benchPlanner } from "./planner";
import { inPlanWorker } from "./plan-worker-host";
import { plannerScaleSummary, type PlannerScaleFigures } from "./planner-scale";
import { plannerShapesSummary, type ShapeFigures } from "./planner-shapes";
import { benchScan } from "./scan";
import { benchSimulate } from "./simulate";
import { benchUi } from "./ui";

type Figures = Record<string, unknown>;
interface Bench {
  run: () => Promise<Figures>;
  /** A one-line human summary of the figures, with the target. */
  summary: (f: Figures) => string;
  /** The key of the --json line, when it is not the bench's name. */
  jsonKey?: string;
}

const BENCHES: Record<string, Bench> = {
  apply: {
    run: async () => ({ ...(await benchApply({ ...DEFAULT_APPLY_BENCH, log: (m) => process.stderr.write(`${m}\n`) })) }),
    summary: (f) => applySummary(f as unknown as ApplyBenchFigures),
  },
  "event-loop": {
    run: async () => ({ ...(await benchEventLoop((m) => process.stderr.write(`${m}\n`))) }),
    summary: (f) => eventLoopSummary(f as unknown as EventLoopBenchFigures),
    jsonKey: "eventLoop",
  },
  history: {
    run: async () => ({ ...(await benchHistory((m) => process.stderr.write(`${m}\n`))) }),
    summary: (f) => historySummary(f as unknown as HistoryBenchFigures),
  },
  import: {
    run: async () => ({ ...(await benchImport()) }),
    summary: (f) => importSummary(f as unknown as ImportBenchFigures),
  },
  limits: {
    run: async () => ({ ...(await benchLimits()) }),
    summary: (f) => {
      const rows = (f.growth as GrowthRow[]).map(
        (r) =>
          `  ${r.route} by ${r.dimension}: ${r.small.toLocaleString("en-US")} → ${r.large.toLocaleString("en-US")} took ${r.smallMs.toFixed(0)} → ${r.largeMs.toFixed(0)} ms (${r.ratio.toFixed(1)}×)`,
      );
      const resp = f.responsiveness as { pageP95Ms: number; pageMaxMs: number; pageRequests: number; simulationMs: number; simulationReplicas: number };
      return (
        `limits: worst growth ${Number(f.worstRatio).toFixed(1)}× for 8× the input (target ≤ 10×); GET / p95 ${resp.pageP95Ms.toFixed(0)} ms (max ${resp.pageMaxMs.toFixed(0)} ms, ${resp.pageRequests} requests) ` +
        `while a ${resp.simulationReplicas.toLocaleString("en-US")}-replica simulation ran for ${(resp.simulationMs / 1000).toFixed(1)} s (target < 300 ms)\n${rows.join("\n")}`
      );
    },
  },
  "overview-scale": {
    run: async () => ({ ...(await benchOverviewScale((m) => process.stderr.write(`${m}\n`))) }),
    summary: (f) => overviewScaleSummary(f as unknown as OverviewScaleFigures),
    jsonKey: "overviewScale",
  },
  placement: {
    run: async () => ({ ...(await benchPlacement()) }),
    summary: (f) =>
      `placement: ${f.replicas} replicas on ${f.brokers} brokers × ${f.dirs} dirs in ${Number(f.seconds).toFixed(3)} s ` +
      `(${Math.round(Number(f.replicasPerSecond)).toLocaleString("en-US")} replicas/s; target < 1 s); ` +
      `incremental chooser ${Number(f.speedupOverLiteral).toFixed(1)}× faster than the literal nextLogDirs (target ≥ 20×)`,
  },
  planner: {
    run: async () => ({ ...(await benchPlanner()) }),
    summary: (f) =>
      `planner: ${f.replicas} replicas on ${f.brokers} brokers × ${f.dirs} dirs in ${Number(f.seconds).toFixed(3)} s (target < 2 s); ` +
      `max dir deviation ${Number(f.maxDirDeviationPoints).toFixed(2)} points (target ≤ 5); ` +
      `moved ${Number(f.movedOverLowerBound).toFixed(3)} × the lower bound (target ≤ 1.25)`,
  },
  "planner-scale": {
    run: async () => ({ ...(await inPlanWorker<PlannerScaleFigures>("planner-scale")) }),
    summary: (f) => plannerScaleSummary(f as unknown as PlannerScaleFigures),
    jsonKey: "plannerScale",
  },
  "planner-shapes": {
    // PLANNER_SHAPES=held-out,uneven-racks runs only those shapes.
    run: async () => ({
      ...(await inPlanWorker<{ shapes: ShapeFigures[] }>("planner-shapes", process.env.PLANNER_SHAPES?.split(",").filter(Boolean))),
    }),
    summary: (f) => plannerShapesSummary(f as unknown as { shapes: ShapeFigures[] }),
    jsonKey: "plannerShapes",
  },
  simulate: {
    run: async () => ({ ...(await benchSimulate()) }),
    summary: (f) =>
      `simulate: ${f.replicas}-replica scenario (${f.steps} steps) through POST /api/simulate, median round trip ${Number(f.medianMs).toFixed(0)} ms over ${f.runs} runs (target < 300 ms)`,
  },
  scan: {
    run: async () => ({ ...(await benchScan()) }),
    summary: (f) =>
      `scan: ${f.partitions} partitions (${f.replicas} replicas) on local Kafka ${String(f.kafkaVersion)} read in ${Number(f.seconds).toFixed(3)} s, median (target < 2 s)`,
  },
  forecast: {
    run: async () => ({ ...(await benchForecastAccuracy()) }),
    summary: (f) => forecastSummary(f as unknown as ForecastBenchFigures),
  },
  ui: {
    run: async () => ({ ...(await benchUi()) }),
    summary: (f) =>
      `ui: broker × dir heatmap ${f.brokers} × ${f.dirs} rendered in ${Number(f.brokerDirHeatmapMs).toFixed(0)} ms (target < 100 ms); ` +
      `topic × broker heatmap ${f.topics} × ${f.topicBrokers} in ${Number(f.topicBrokerHeatmapMs).toFixed(0)} ms (target < 200 ms); median of ${f.runs}`,
  },
};

function parseArgs(argv: string[]): { json: boolean; only: string[] } {
  let json = false;
  let only: string[] = Object.keys(BENCHES);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--json") json = true;
    else if (arg === "--only") only = (argv[++i] ?? "").split(",").filter(Boolean);
    else if (arg.startsWith("--only=")) only = arg.slice(7).split(",").filter(Boolean);
    else throw new Error(`unknown argument ${arg}; use --json and --only ${Object.keys(BENCHES).join(",")}`);
  }
  for (const name of only) {
    if (!BENCHES[name]) throw new Error(`unknown bench "${name}"; choose from ${Object.keys(BENCHES).join(", ")}`);
  }
  return { json, only };
}

async function main(): Promise<void> {
  const { json, only } = parseArgs(process.argv.slice(2));
  for (const name of only) {
    const bench = BENCHES[name]!;
    const figures = await bench.run();
    if (json) {
      process.stdout.write(`${JSON.stringify({ [bench.jsonKey ?? name]: figures })}\n`);
      process.stderr.write(`${bench.summary(figures)}\n`);
    } else {
      process.stdout.write(`${bench.summary(figures)}\n`);
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
