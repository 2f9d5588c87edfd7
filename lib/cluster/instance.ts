/**
 * This process, as an owner of leases (the collector's, apply jobs'): the instance's name, its pid and
 * a random part (pids are reused across restarts, so a restarted process never mistakes an old holding
 * for its own). The name is `KAFKA_BALANCE_INSTANCE_ID` when set — what an operator running several
 * instances on one store reads in the audit log, the job log and the collector's state — else the host name.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { currentEnv, type Env } from "@/lib/config";

export const INSTANCE_ID_ENV = "KAFKA_BALANCE_INSTANCE_ID";

/** The instance's name from the environment (trimmed, at most 100 characters), else the host name. */
export function instanceName(env: Env = currentEnv()): string {
  const named = env[INSTANCE_ID_ENV]?.trim().slice(0, 100);
  return named ? named : os.hostname();
}

export const PROCESS_OWNER = `${instanceName()}:${process.pid}:${randomUUID().slice(0, 8)}`;
