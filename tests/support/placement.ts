// What the placement tests share: typed access to the Kafka fixtures — vectors.json (Kafka's own test cases,
// copied from shared/kafka) and golden.json (outputs recorded from the real Kafka 3.9.2 jars, the JDK and
// scala-library; see GenerateGolden.java) — and the helpers that compare our errors and brokers with Kafka's.
import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { PlacementError, type PlacementErrorCode, type UsableBroker } from "@/lib/placement";
import vectorsJson from "../fixtures/kafka/vectors.json";

export type KafkaError = { type: string; message: string };
export type Call = [bound: number, value: number];
export type GoldenBroker = [id: number, rack: string | null, fenced: boolean];

export interface Golden {
  javaRandom: { seed: string; calls: Call[] }[];
  mockRandom: { seed: string; calls: Call[] }[];
  shuffle: { rng: "java" | "mock"; seed: string; list: number[]; twiceShuffled: number[]; then: number }[];
  stringHashCode: [string, number][];
  hashMapOrder: { inserted: (string | null)[]; order: (string | null)[] }[];
  hashMapCollisionOrder: { inserted: (string | null)[]; order: (string | null)[]; treeified: boolean }[];
  scalaMapOrder: {
    scalaVersion: string;
    cases: { dirs: string[]; counts: Record<string, number>; iteration: string[]; sortedByCount: string[] }[];
  };
  adminUtils: {
    brokers: [number, string | null][];
    nPartitions: number;
    rf: number;
    fixedStartIndex: number;
    startPartitionId: number;
    seed: string;
    result?: [number, number[]][];
    thenNextInt?: number;
    error?: KafkaError;
  }[];
  createPartitions: {
    brokers: [number, string | null][];
    existing: Record<string, number[]>;
    newPartitionCount: number;
    result?: [number, number[]][];
    error?: KafkaError;
  }[];
  striped: {
    rng: "java" | "mock";
    seed: string;
    calls: { brokers: GoldenBroker[]; numPartitions: number; rf: number; result?: number[][]; error?: KafkaError }[];
  }[];
}

export const golden: Golden = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../fixtures/kafka/golden.json"), "utf8")) as Golden;

export interface Vector {
  id: string;
  test?: string;
  kind?: string;
  [key: string]: unknown;
}

const allVectors = (vectorsJson as { vectors: Vector[] }).vectors;

export function vector<T = Vector>(id: string): T & Vector {
  const v = allVectors.find((x) => x.id === id);
  if (!v) throw new Error(`vector ${id} is missing from tests/fixtures/kafka/vectors.json`);
  return v as T & Vector;
}

export const vectorIds = allVectors.map((v) => v.id);

/** Golden seeds are Java longs written as strings. */
export function seedOf(s: string): bigint {
  return BigInt(s);
}

/** Properties run hundreds of cases; allow for a loaded machine (timings belong to the bench, not to tests). */
export const PROPERTY_TIMEOUT = { timeout: 60_000 };

/** Our PlacementError code for the Java exception Kafka throws in the placers' golden and vector cases. */
export const CODE_OF_KAFKA_EXCEPTION: Record<string, PlacementErrorCode> = {
  InvalidPartitionsException: "invalid_partitions",
  InvalidReplicationFactorException: "invalid_replication_factor",
  AdminOperationException: "inconsistent_racks",
};

/** The PlacementError `fn` throws; fails the test when it returns or throws anything else. */
export function thrown(fn: () => unknown): PlacementError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PlacementError) return e;
    throw e;
  }
  throw new Error("expected a PlacementError");
}

/** Our error carries Kafka's exception class and Kafka's message. */
export function expectKafkaError(error: PlacementError, kafka: KafkaError): void {
  expect(error.kafkaException).toBe(kafka.type);
  expect(error.message).toBe(kafka.message);
}

/** Golden brokers ([id, rack, fenced]) as the striped placer takes them. */
export function usable(brokers: GoldenBroker[]): UsableBroker[] {
  return brokers.map(([id, rack, fenced]) => ({ id, rack, fenced }));
}

/** An assignment (partition → replicas) as entries in partition order, the form golden.json records. */
export function sortedEntries(assignment: Map<number, number[]>): [number, number[]][] {
  return [...assignment.entries()].sort((a, b) => a[0] - b[0]);
}
