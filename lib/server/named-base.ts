/**
 * Which base needing I/O a simulator or planner body names (the current cluster, a snapshot link, a
 * forecast), looked up without validating the body (the worker validates). Pure, so both threads use
 * it: the request thread for a body it parsed, the worker for a large body it parsed itself.
 */
import { ForecastBaseSchema } from "@/lib/simulate/request";

export interface NamedBase {
  current: boolean;
  shared: string | null;
  forecastDays: number | null;
}

/** Which base needing I/O a request body names, looked up without validating it (the worker validates). */
export function namedBase(raw: unknown): NamedBase {
  const base = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as { base?: unknown }).base : undefined;
  const ref = base && typeof base === "object" && !Array.isArray(base) ? (base as { shared?: unknown; forecast?: unknown }) : undefined;
  const days = ref?.forecast && typeof ref.forecast === "object" ? (ref.forecast as { days?: unknown }).days : undefined;
  // Only a valid number of days is worth loading for; anything else the worker refuses with its path.
  const forecastDays = typeof days === "number" && ForecastBaseSchema.shape.days.safeParse(days).success ? days : null;
  return { current: base === "current", shared: typeof ref?.shared === "string" ? ref.shared : null, forecastDays };
}

/** Whether the body names a base only the request thread can load. */
export const needsIo = (named: NamedBase) => named.current || named.shared !== null || named.forecastDays !== null;

/** Whether a plan body carries its own snapshot (else the route loads the current cluster). */
export function planHasSnapshot(raw: unknown): boolean {
  return raw !== null && typeof raw === "object" && !Array.isArray(raw) && (raw as { snapshot?: unknown }).snapshot !== undefined;
}
