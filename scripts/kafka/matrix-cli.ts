/**
 * `npm run kafka:matrix`: the version matrix (scripts/kafka/version-matrix.ts) at a longer size than
 * the CI test: more rounds, a restart with a dir appended, every installed version unless named; on
 * versions with cordons (4.3+), also the cordoned-broker case (scripts/kafka/cordon-placement.ts).
 *
 *   npm run kafka:matrix                               # every version in versions.ts, 3 rounds
 *   npm run kafka:matrix -- --rounds 6 --seed 7 4.3.1  # one version
 * Exits 0 only when every step of every version matched.
 */
import path from "node:path";
import { intFlag } from "../cli-args";
import { kafkaBehaviour, kafkaLineOf } from "@/lib/model/kafka-versions";
import { runCordonPlacement } from "./cordon-placement";
import { runVersionMatrix } from "./version-matrix";
import { KAFKA_VERSIONS } from "./versions";

async function main(): Promise<boolean> {
  const args = process.argv.slice(2);
  const rounds = intFlag(args, "rounds", 3);
  const seed = intFlag(args, "seed", 1);
  const dirs = intFlag(args, "dirs", 6);
  const versions = args.filter((a, i) => /^\d+\.\d+\.\d+$/.test(a) && !["--rounds", "--seed", "--dirs"].includes(args[i - 1] ?? ""));
  let allOk = true;
  let cordonRuns = 0;
  for (const [i, version] of (versions.length > 0 ? versions : [...KAFKA_VERSIONS]).entries()) {
    const result = await runVersionMatrix({
      version,
      baseDir: path.resolve(`.kafka/matrix-${version}`),
      basePort: 19800 + i * 5,
      seed,
      rounds,
      dirs,
      restart: true,
      log: (l) => console.log(l),
    });
    console.log(
      `Kafka ${version}: ${result.ok ? "every step matched" : "MISMATCH"} (${result.steps.length} steps, detected ${result.detected}; told apart from the rules of ${result.discriminates.join(", ") || "none"})`,
    );
    allOk &&= result.ok;
    const line = kafkaLineOf(version);
    if (line && kafkaBehaviour(line).cordonedLogDirs) {
      const cordons = await runCordonPlacement({
        version,
        baseDir: path.resolve(`.kafka/matrix-cordon-${version}`),
        basePort: 19830 + 5 * cordonRuns++,
        seed,
        log: (l) => console.log(l),
      });
      console.log(
        `Kafka ${version}, cordoned brokers: ${cordons.ok ? "every step matched" : "MISMATCH"} (${cordons.steps.length} steps; Kafka 4.2's rules wrong on ${cordons.discriminating.length})`,
      );
      allOk &&= cordons.ok;
    }
  }
  return allOk;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
