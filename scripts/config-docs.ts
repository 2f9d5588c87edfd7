/**
 * docs/configuration.md, printed from the schema in lib/config.ts: one table per group, a row per
 * variable with what it does, its default and its unit. `npm run docs:config` writes the file;
 * tests/unit/config.test.ts fails when the committed file differs from what this prints.
 *
 *   tsx scripts/config-docs.ts            prints the page
 *   tsx scripts/config-docs.ts --write    writes docs/configuration.md
 */
import fs from "node:fs";
import path from "node:path";
import { CONFIG_GROUPS, TOOLING_VARIABLES, documentedVariables, type ConfigGroup } from "@/lib/config";

const GROUPS: Record<ConfigGroup, { title: string; intro: string }> = {
  kafka: {
    title: "Kafka connection (one cluster)",
    intro:
      "One live cluster, named `default`. Unset `KAFKA_BOOTSTRAP_SERVERS` and the app shows the built-in demo cluster. Validated by `lib/cluster/connection.ts`; a password never reaches a response, snapshot or log.",
  },
  clusters: {
    title: "Several clusters",
    intro:
      "The first form that is set wins: `KAFKA_BALANCE_CLUSTERS_FILE`, then `KAFKA_BALANCE_CLUSTERS` with its per-cluster variables, then `KAFKA_BOOTSTRAP_SERVERS`, then the demo (`lib/cluster/clusters.ts`). `<NAME>` is the cluster's name upper-cased, `-` as `_`: `prod-eu` → `KAFKA_BALANCE_CLUSTER_PROD_EU_BOOTSTRAP_SERVERS`. A clusters file's `passwordEnv` names any variable holding that cluster's password.",
  },
  dashboard: { title: "Dashboard and metrics", intro: "How clusters are read and shown." },
  writes: { title: "Writes and apply jobs", intro: "Rules in `lib/http/write-access.ts`; leases in `docs/applying-plans.md`." },
  store: { title: "The store", intro: "Links, apply jobs, the audit log, leases and the history (`docs/storage.md`)." },
  history: { title: "History and the collector", intro: "What the collector records and how long each resolution is kept (`docs/history.md`)." },
  requests: { title: "Request sizes", intro: "Request bodies beyond these are refused with 413 while they arrive." },
  links: { title: "Shared links", intro: "What one link, one client and the whole store may hold, and how fast links may arrive (`lib/links/limits.ts`)." },
  simulator: { title: "Simulator", intro: "The largest scenario the simulator runs, each figure at the scenario's largest (413 beyond)." },
  workers: {
    title: "Worker pool",
    intro:
      "The threads that run the heavy work off the request thread (`lib/workers/pool.ts`). Each runs with a young generation of up to 192 MiB (`WORKER_RESOURCE_LIMITS`; a worker's default is 48 MiB): a plan of a large cluster builds millions of objects that live to its end, and copying them through small semi-spaces cost a 2.8 M-replica plan about 6 s. It is reserved only as a task allocates. Memory to budget per busy thread: a 2.8 M-replica plan peaks at about 2.6 GiB (resident, the whole process), a 1.2 M-replica one at about 1.6 GiB (both measured with the cluster built in the same process, as the benches build it).",
  },
  server: { title: "The server (`npm start`)", intro: "Read by `scripts/start.mjs` and `scripts/server.mjs` before a request reaches the app." },
  development: { title: "Development", intro: "Switches for benchmarks and tests; leave them unset in production." },
};

/** A table cell: pipes escaped, one line. */
const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** The page, as docs/configuration.md holds it. */
export function configurationDoc(): string {
  const rows = documentedVariables();
  const out = [
    "# Configuration",
    "",
    "<!-- Printed from lib/config.ts by `npm run docs:config`; edit the schema, not this file. -->",
    "",
    "Kafka Balance is configured by environment variables only. Each is read when it is used, so a change",
    "applies on restart. A value that cannot be used is refused or ignored by the module that reads it, with",
    "a message naming the variable; `validateConfig()` in `lib/config.ts` lists every such value at once, and",
    "the server logs that list when it starts.",
    "",
  ];
  for (const group of CONFIG_GROUPS) {
    const { title, intro } = GROUPS[group];
    out.push(`## ${title}`, "", intro, "", "| variable | what it does | default | unit |", "| --- | --- | --- | --- |");
    for (const { name, doc } of rows.filter((r) => r.doc.group === group)) out.push(`| \`${name}\` | ${cell(doc.does)} | ${cell(doc.default)} | ${cell(doc.unit)} |`);
    out.push("");
  }
  out.push("## Read by the development tools, not the app", "", "| variable | what it is |", "| --- | --- |");
  for (const [name, what] of Object.entries(TOOLING_VARIABLES)) out.push(`| \`${name}\` | ${cell(what)} |`);
  out.push("| `KAFKA_VERSION` | the Kafka version the local test cluster runs (`scripts/kafka/versions.ts`) |", "");
  return out.join("\n");
}

if (process.argv[1]?.endsWith("config-docs.ts")) {
  const page = configurationDoc();
  if (process.argv.includes("--write")) fs.writeFileSync(path.join(process.cwd(), "docs", "configuration.md"), page);
  else process.stdout.write(page);
}
