/**
 * How apply jobs share work between instances on one store, from the environment in one place:
 * `KAFKA_BALANCE_JOB_LEASE_MS`, how long a job's lease lasts without renewal. The process running a job
 * renews it every third of that; another instance takes the job over once it has run out, looking every
 * third of it too (the orphan watch), so a job whose process died goes on within about 1⅓ leases.
 */

import { currentEnv, type Env } from "@/lib/config";

export const JOB_LEASE_ENV = "KAFKA_BALANCE_JOB_LEASE_MS";
/** 15 s: a deploy's restart is quicker than that, and a lost job waits no longer than a few polls' worth. */
export const DEFAULT_JOB_LEASE_MS = 15_000;
/** 3 s: renewals once a second; shorter would be lost to an ordinary pause of a busy process. */
export const MIN_JOB_LEASE_MS = 3_000;

/** The job lease from the environment; a value that does not parse is reported once and the default used. */
export function jobLeaseMsFromEnv(env: Record<string, string | undefined>): { ok: true; leaseMs: number } | { ok: false; message: string } {
  const raw = env[JOB_LEASE_ENV]?.trim();
  if (!raw) return { ok: true, leaseMs: DEFAULT_JOB_LEASE_MS };
  const leaseMs = Number(raw);
  if (!Number.isInteger(leaseMs) || leaseMs < MIN_JOB_LEASE_MS)
    return { ok: false, message: `${JOB_LEASE_ENV} is a whole number of ms, at least ${MIN_JOB_LEASE_MS}, got "${raw.slice(0, 40)}"` };
  return { ok: true, leaseMs };
}

let warned = false;
/** This process's job lease (ms). */
export function jobLeaseMs(env: Env = currentEnv()): number {
  const r = jobLeaseMsFromEnv(env);
  if (r.ok) return r.leaseMs;
  if (!warned) console.error(`${r.message}; using ${DEFAULT_JOB_LEASE_MS} ms.`);
  warned = true;
  return DEFAULT_JOB_LEASE_MS;
}

/** How often an instance looks for jobs whose lease has run out: a third of the lease. */
export function orphanWatchMs(leaseMs: number = jobLeaseMs()): number {
  return Math.max(1_000, Math.floor(leaseMs / 3));
}
