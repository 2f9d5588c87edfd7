/**
 * The first step of `npm run lint` (then ESLint, the Prettier check and knip): the core (CORE_DIRS in
 * core-purity.ts: model, placement, import, simulate, plan, throttle, forecast, share, view) stays pure TypeScript. It may import only zod, other core folders and relative files
 * inside the core; never Next, React, Node built-ins, Kafka clients, storage, `lib/cluster` or
 * `lib/links`; and only lib/view imports lib/view; nor does it read Node's `process` global. Exits 1
 * and lists every offending import or read otherwise. The same check runs as a unit test (tests/unit/architecture).
 */
import { findCoreImpurities } from "./core-purity";

const root = process.argv[2] ?? process.cwd();
const problems = findCoreImpurities(root);
if (problems.length > 0) {
  process.stderr.write(`The core must stay pure; these lines break that:\n`);
  for (const p of problems) process.stderr.write(`  ${p.file}:${p.line}  ${p.specifier === "process" ? "reads" : "imports"} "${p.specifier}" (${p.reason})\n`);
  process.exit(1);
}
process.stdout.write("core purity: ok\n");
