/**
 * Which Kafka versions the local cluster can run, and where their jars live.
 * Keep KAFKA_VERSIONS in step with DEFAULT_VERSIONS in install.sh.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The newest release the version matrix covers (the 4.4 row); what tests and `kafka:up` run by default. */
export const DEFAULT_KAFKA_VERSION = "4.4.0";
/** The newest 3.9 patch: the last line with ZooKeeper support, still common in production. */
export const KAFKA_3_VERSION = "3.9.2";
/**
 * The newest patch of every release line the product supports, oldest first: the version matrix
 * (tests/integration/kafka-version-matrix.test.ts, `npm run kafka:matrix`) runs each on a real broker.
 * One per row of lib/model/kafka-versions.ts.
 */
export const KAFKA_VERSIONS = [KAFKA_3_VERSION, "4.0.2", "4.1.2", "4.2.2", "4.3.1", DEFAULT_KAFKA_VERSION] as const;

// tsx runs this repo's .ts as CommonJS (no "type": "module"), vitest as ESM: support both.
export const KAFKA_SCRIPTS_DIR = typeof __dirname !== "undefined" ? __dirname : path.dirname(fileURLToPath(import.meta.url));

/** The version to run: an explicit one, else `KAFKA_VERSION` from the environment, else the default. */
export function resolveKafkaVersion(version?: string): string {
  return version ?? process.env.KAFKA_VERSION ?? DEFAULT_KAFKA_VERSION;
}

export function jarsDir(version: string): string {
  return path.join(KAFKA_SCRIPTS_DIR, "lib", version);
}

export function majorVersion(version: string): number {
  return Number(version.split(".")[0]);
}

/**
 * The `java -cp` value for a version, or an error that says how to install it. `install.sh` writes
 * `.complete` last, so a folder without it is an interrupted download.
 */
export function classpathFor(version: string): string {
  const dir = jarsDir(version);
  if (!existsSync(path.join(dir, ".complete")) || !readdirSync(dir).some((f) => f.startsWith("kafka_2.13-"))) {
    throw new Error(`Kafka ${version} jars are not installed in ${dir}. Run: bash scripts/kafka/install.sh ${version} (needs Java 17+ and Maven).`);
  }
  return `${dir}${path.sep}*`;
}
