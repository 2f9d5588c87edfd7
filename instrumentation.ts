/**
 * Runs once when the server starts (Next's instrumentation hook): it logs every environment variable
 * the server cannot use (lib/config.ts), and with a live cluster configured, it
 * picks up apply jobs a previous server left unfinished (stopped, crashed or killed mid-move) and
 * keeps looking every few seconds, so a job whose process died is taken over once its lease runs out;
 * and it starts the history collector, which records every live cluster each interval (the demo
 * cluster is not collected).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // Every variable the server cannot use, at once: each module would otherwise say so only on first use.
  const { validateConfig } = await import("@/lib/config");
  const checked = validateConfig();
  const problems = checked.ok ? (checked.warnings ?? []) : checked.error.issues;
  if (problems.length > 0) {
    console.warn(
      `Kafka Balance: ${checked.ok ? "variables it does not read" : "configuration values it cannot use"} (docs/configuration.md):\n${problems.map((i) => `  ${i.path}: ${i.message}`).join("\n")}`,
    );
  }
  const { clusterList } = await import("@/lib/cluster/clusters");
  if (!clusterList().some((c) => c.kind === "live")) return;
  const { watchForOrphanedJobs } = await import("@/lib/cluster/writes");
  try {
    watchForOrphanedJobs();
  } catch (error) {
    console.error(`Looking for unfinished apply jobs failed: ${(error as Error).message}`);
  }
  const { startCollectors } = await import("@/lib/collector");
  try {
    startCollectors();
  } catch (error) {
    console.error(`Starting the history collector failed: ${(error as Error).message}`);
  }
}
