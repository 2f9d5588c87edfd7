/**
 * The entry of the planner benches' worker (plan-worker-host.ts starts it): bundled with lib/plan as the
 * worker pool bundles its tasks, it runs one planner bench and posts its figures back. Its progress
 * lines go to stderr.
 */
import { parentPort, workerData } from "node:worker_threads";
import * as Plan from "@/lib/plan";
import { benchPlannerScale } from "./planner-scale";
import { benchPlannerShapes } from "./planner-shapes";

/** The benches this worker runs. */
export type PlanBench = "planner-scale" | "planner-shapes";

const { bench, only } = workerData as { bench: PlanBench; only?: string[] };
const log = (m: string) => process.stderr.write(`${m}\n`);
const figures = bench === "planner-scale" ? benchPlannerScale(Plan) : benchPlannerShapes(Plan, log, only);
figures.then(
  (value) => parentPort!.postMessage({ ok: true, value }),
  (error: unknown) => parentPort!.postMessage({ ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
