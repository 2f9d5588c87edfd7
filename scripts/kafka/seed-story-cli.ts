/**
 * `npm run kafka:seed-story`: replays the __consumer_offsets story on a real local cluster and prints
 * predicted and actual per-dir partition counts and bytes. Exits 0 only if the counts match exactly.
 */
import path from "node:path";
import { formatStoryTable, runSeedStory } from "./seed-story";

const root = path.resolve(process.cwd(), ".kafka", "seed-story");
const started = Date.now();
runSeedStory({ baseDir: root, basePort: Number(process.env.SEED_STORY_PORT ?? 19600), log: (l) => process.stdout.write(`${l}\n`) })
  .then((result) => {
    process.stdout.write(`\n${formatStoryTable(result.rows, root)}\n\n`);
    process.stdout.write(
      result.countsMatch
        ? `Predicted and actual partition counts match in every dir (${((Date.now() - started) / 1000).toFixed(0)} s).\n`
        : "Predicted and actual partition counts DIFFER: the simulator does not reproduce Kafka here.\n",
    );
    process.exit(result.countsMatch ? 0 : 1);
  })
  .catch((error: unknown) => {
    process.stderr.write(`seed story failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
