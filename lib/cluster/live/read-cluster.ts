/**
 * The live reader: one scan of a running cluster → a ClusterSnapshot (source kind "kafka").
 *
 * Throws ClusterUnreachableError only when no bootstrap server answers; every other failure (a broker
 * that does not answer, a dir with an error, configs that cannot be read) is data in the snapshot.
 * Messages never carry credentials: they pass through `redactSecrets` on the way out.
 */
import type { ClusterSnapshot } from "@/lib/model/snapshot";
import { currentEnv } from "@/lib/config";
import { configuredDisk, parseDiskMapping, type DiskMapping } from "@/lib/model/disks";
import { connectionLabel, redactSecrets, type KafkaConnection } from "../connection";
import { assembleSnapshot } from "./assemble";
import { ClusterUnreachableError, fetchCluster } from "./fetch-cluster";

export interface ReadClusterOptions {
  /** The capture time; default now. */
  now?: () => Date;
  /** Which dirs share a disk (lib/model/disks.ts); default KAFKA_BALANCE_DISKS (`auto`: detected from the figures, nothing written). */
  disks?: DiskMapping;
}

/** KAFKA_BALANCE_DISKS as a mapping; `auto` when unset or malformed (validateConfig names a malformed one at start-up). */
function disksFromEnv(): DiskMapping {
  const parsed = parseDiskMapping(currentEnv().KAFKA_BALANCE_DISKS);
  return "mapping" in parsed ? parsed.mapping : { kind: "auto" };
}

function scrub(text: string, connection: KafkaConnection): string {
  let out = redactSecrets(text);
  if (connection.sasl) out = out.split(connection.sasl.password).join("***");
  return out;
}

export async function readCluster(connection: KafkaConnection, options: ReadClusterOptions = {}): Promise<ClusterSnapshot> {
  const label = connectionLabel(connection);
  let raw;
  try {
    raw = await fetchCluster(connection);
  } catch (error) {
    if (error instanceof ClusterUnreachableError) throw new ClusterUnreachableError(scrub(error.message, connection), error.timedOut);
    // No `cause`: the client's error may carry the connection's secrets, which only the scrubbed message leaves out.
    // eslint-disable-next-line preserve-caught-error
    throw new Error(scrub(error instanceof Error ? error.message : String(error), connection));
  }
  const snapshot = assembleSnapshot(raw, label, (options.now ?? (() => new Date()))().toISOString());
  for (const broker of snapshot.brokers) if (broker.error) broker.error = scrub(broker.error, connection);
  const disks = options.disks ?? disksFromEnv();
  if (disks.kind !== "auto") {
    for (const broker of snapshot.brokers) {
      for (const dir of broker.logDirs) {
        const disk = configuredDisk(disks, broker.id, dir.path);
        if (disk !== null) dir.disk = disk;
      }
    }
  }
  // No schema parse here: the assembler builds the exact type (the compiler checks it) and a zod pass
  // over 20,000 replicas costs more than the rest of the scan. tests/unit/cluster/live proves the
  // assembled snapshot passes ClusterSnapshotSchema unchanged.
  return snapshot;
}

export { ClusterUnreachableError };
