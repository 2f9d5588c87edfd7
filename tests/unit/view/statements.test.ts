/**
 * What the overview says of each snapshot of the statements corpus (tests/fixtures/statements/corpus.ts):
 * the verdict's headline and every finding with its actions (each plan link's query, each command), each
 * skew card, each broker's next-placement line, the throttles panel's sentences, the throttle doctor's,
 * the import's cross-checks. Operators act on these sentences, so each is asserted whole: a change of
 * wording shows here and is read again before it lands.
 *
 * The statements are taken from the server's overview model (lib/view/overview/overview-model.ts overviewFigures,
 * the same object the page renders); the components print these strings as they are.
 */
import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { overviewFigures } from "@/lib/view/overview/overview-model";
import { statementCorpus } from "@/tests/fixtures/statements/corpus";

interface Statements {
  headline: string;
  tone: string;
  /** Each finding after the headline's: "kind (tone): text", then "→ label: what it does" per action. */
  findings: string[];
  cards: string[];
  placements: string[];
  throttles: string[];
  doctor: string[];
  checks: string[];
}

type Action = {
  kind: string;
  label: string;
  goals?: string[];
  operation?: { kind: string; brokers: number[] };
  steps?: { kind: string }[];
  commands?: string[];
  note?: string;
  href?: string;
};

function actionText(a: Action): string {
  if (a.kind === "plan")
    return `→ ${a.label}: /plan?${[a.operation ? `operation=${a.operation.kind}&brokers=${a.operation.brokers.join(",")}` : null, a.goals ? `goals=${a.goals.join(",")}` : null].filter(Boolean).join("&")}`;
  if (a.kind === "simulate") return `→ ${a.label}: simulate ${(a.steps ?? []).map((s) => s.kind).join(", ")}`;
  // A command by its first line (a heredoc's JSON is the plan's, tested with it), cut at 160 characters.
  const line = (c: string) => {
    const first = c.split("\n")[0]!;
    return first.length > 160 ? `${first.slice(0, 160)}…` : first;
  };
  if (a.kind === "commands") return `→ ${a.label}: ${(a.commands ?? []).map(line).join(" ⏎ ")}${a.note ? ` (${a.note})` : ""}`;
  return `→ ${a.label}: ${a.href ?? ""}`;
}

function statementsOf(id: string): Statements {
  const snapshot = statementCorpus().find((c) => c.id === id)!.snapshot;
  const f = overviewFigures(snapshot, balanceReport(snapshot));
  const v = f.verdict as typeof f.verdict & { findings?: { kind: string; tone: string; text: string; actions?: Action[] }[] };
  const findings = v.findings ?? v.details.map((text) => ({ kind: "detail", tone: v.tone, text, actions: [] }));
  const throttles = f.throttles as typeof f.throttles & { summary?: string; unknown?: { text: string }[] };
  const doctor = f.doctor as typeof f.doctor & { summary?: string; notes?: string[] };
  return {
    headline: v.headline,
    tone: v.tone,
    findings: findings.flatMap((x, i) => [...(i === 0 && x.text === v.headline ? [] : [`${x.kind} (${x.tone}): ${x.text}`]), ...(x.actions ?? []).map(actionText)]),
    cards: f.cards.map((k) =>
      [`${k.title}: ${k.figure} (${k.tone})`, k.spread, k.detail, k.worst, (k as { note?: string | null }).note]
        .filter((p) => p !== null && p !== undefined && p !== "")
        .join(" · "),
    ),
    placements: f.placements.map(
      (p) =>
        `broker ${p.broker}: ${p.dir ?? "none"} — ${p.reason}${p.warning ? `; ⚠ ${p.warning}` : ""}${p.alternatives.length > 0 ? `; on Kafka ${p.lines}, or ${p.alternatives.map((a) => `${a.dir} on Kafka ${a.lines}`).join(", ")}` : ""}`,
    ),
    throttles: [throttles.summary ?? "(no sentence)", ...(throttles.unknown ?? []).map((u) => u.text)],
    doctor: [doctor.summary ?? "(no sentence)", ...(doctor.notes ?? []), ...f.doctor.findings.map((x) => `${x.severity}: ${x.message}`)],
    checks: f.checks ? [f.checks.title, ...f.checks.items, ...(f.checks.skewScope ? [f.checks.skewScope] : [])] : [],
  };
}

// Sentences every import without kafka-configs, capacity or a version says, whatever its cluster.
const THROTTLES_UNKNOWN =
  "unknown-facts (info): Whether replication throttles are set is unknown: to learn it, paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --entity-type brokers` and `… --describe --entity-type topics` into the import's kafka-configs box, or connect Kafka Balance to the cluster.";
const CAPACITY_UNKNOWN =
  "unknown-facts (info): Disk capacity is unknown, so fullness is not judged and skew is floored at 1 GiB: to learn it, connect Kafka Balance to the cluster: kafka-log-dirs prints no disk sizes, and brokers on Kafka 3.3 or newer report each dir's total and usable bytes to a live read.";
const VERSION_UNKNOWN =
  "unknown-facts (info): The Kafka version is unknown, so the next placement is shown for every rule it could follow: to learn it, connect Kafka Balance to the cluster (it tells the version from the brokers' API versions); no pasted output names it.";
const CORDONS_UNKNOWN =
  "unknown-facts (info): Whether any log dir is cordoned is unknown: to learn it, paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --all --entity-type brokers` (it shows cordoned.log.dirs, Kafka 4.3+), or connect Kafka Balance to the cluster.";
const RACKS_UNKNOWN =
  "unknown-facts (info): Racks are unknown: to learn it, paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --all --entity-type brokers` (it shows broker.rack; without --all it does not), or connect Kafka Balance to the cluster.";
const UTILISATION_CARD_UNKNOWN =
  "Log-dir utilisation: – (none) · capacity unknown · no broker reports dir capacity · To learn it, connect Kafka Balance to the cluster: kafka-log-dirs prints no disk sizes, and brokers on Kafka 3.3 or newer report each dir's total and usable bytes to a live read.";
const PANEL_THROTTLES_UNKNOWN =
  "Throttles are unknown: the pasted outputs do not show the throttle configs. To learn them, paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --entity-type brokers` and `… --describe --entity-type topics` into the import's kafka-configs box, or connect Kafka Balance to the cluster.";
const DOCTOR_CANNOT_CHECK = "The throttles cannot be checked: the snapshot does not carry the throttle configs, so whether any is set, stale or ineffective is unknown.";
const DOCTOR_CONFIGS_UNKNOWN =
  "Throttle configs are unknown (the pasted outputs do not show them). To learn them, paste the output of `kafka-configs.sh --bootstrap-server <servers> --describe --entity-type brokers` and `… --describe --entity-type topics` into the import's kafka-configs box, or connect Kafka Balance to the cluster.";

const EXPECTED: Record<string, Statements> = {
  demo: {
    headline:
      "Partition counts are even across brokers, but bytes are not even across disks: /data/d2 and /data/d3 hold over 99% of the bytes on every broker, with only 29% of the partitions.",
    tone: "bad",
    findings: [
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /data/d2, already among the fullest.",
      "→ Cordon the full dirs: kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data/d2,/data/d3]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data/d2,/data/d3]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 3 --alter --add-config 'cordoned.log.dirs=[/data/d2,/data/d3]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, cordonLogDir, cordonLogDir, cordonLogDir, cordonLogDir, createTopic",
      "disk-full (warn): Fullest disk: broker 3 /data/d3 at 79% used.",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Plan a rebalance across brokers: /plan?",
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 70 · mean 70",
      "Broker leaders: 1.01× (ok) · spread 1 · max 27 · mean 26.7",
      "Broker bytes: 1.01× (ok) · spread 20.3 GiB · max 812.0 GiB · mean 802.9 GiB",
      "Log-dir bytes (within a broker): 1.51× (bad) · spread 405.4 GiB · max 405.4 GiB · mean 268.4 GiB · worst: broker 2 /data/d2 (405.4 GiB, 79% used)",
      "Log-dir utilisation: 1.51× (bad) · spread 79 pts · max 79% · mean 52% · fullest: broker 3 /data/d3 (79% used)",
    ],
    placements: [
      "broker 1: /data/d2 — fewest partitions (10, vs 50 in /data/d1); ⚠ already 77% used, well above the broker's mean of 52%",
      "broker 2: /data/d2 — fewest partitions (10, vs 50 in /data/d1); ⚠ already the fullest dir on this broker (79% used)",
      "broker 3: /data/d2 — fewest partitions (10, vs 50 in /data/d1); ⚠ already 79% used, well above the broker's mean of 53%",
    ],
    throttles: ["No throttle is set and no reassignment or log-dir move is in flight: replication runs unthrottled."],
    doctor: ["No problems: no throttle is set, and nothing is moving."],
    checks: [],
  },
  "import-without-configs": {
    headline: "Log dirs are uneven: 6 dirs on 3 brokers are outside the planner's tolerance (worst: broker 0 has a dir with 1.33× its mean bytes).",
    tone: "warn",
    findings: [
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /data1, already among the fullest.",
      "→ Cordon the full dirs (if the broker runs Kafka 4.3 or newer): kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 0 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data1]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Or pad the full dirs (any version: the padding workaround): kafka-topics.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0… ⏎ for i in $(seq 30); do kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done ⏎ cat > padding.json <<'EOF' ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --execute ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --verify (Kafka counts partitions, not bytes: 150 empty single-replica partitions of kafka-balance-padding pinned into /data1 on broker 0 (+50), /data1 on broker 1 (+50), /data1 on broker 2 (+50) raise their counts so the next 50 new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: kafka-topics.sh --bootstrap-server <bootstrap-servers> --delete --topic kafka-balance-padding)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, cordonLogDir, createTopic",
      THROTTLES_UNKNOWN,
      CAPACITY_UNKNOWN,
      VERSION_UNKNOWN,
      CORDONS_UNKNOWN,
      RACKS_UNKNOWN,
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: 1.00× (ok) · spread 0 · max 2 · mean 2",
      "Broker bytes: 1.00× (ok) · spread 0 B · max 120.0 GiB · mean 120.0 GiB",
      "Log-dir bytes (within a broker): 1.33× (warn) · spread 40.0 GiB · max 80.0 GiB · mean 60.0 GiB · worst: broker 0 /data1 (80.0 GiB)",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 2: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
    ],
    throttles: ["No reassignment or log-dir move is in flight; whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [],
  },
  "import-offline-dir": {
    headline: "Log dir offline: broker 2's /data2 (KafkaStorageException). Its replicas cannot be read there, and the bytes figures of broker 2 leave it out.",
    tone: "bad",
    findings: [
      "→ Check the disk and what it left under-replicated: kafka-log-dirs.sh --bootstrap-server <bootstrap-servers> --describe --broker-list 2 ⏎ kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --under-replicated-partitions (Repair or replace the disk, then restart broker 2: Kafka keeps a failed log dir offline until the broker restarts, and its replicas are copied back from their other replicas. A plan made now cannot move what the dir held.)",
      "broker-skew (warn): Brokers are uneven by what could be read: broker 0 holds 1.13× the mean bytes (120.0 GiB vs 106.7 GiB). These figures leave out the offline /data2 on broker 2. Part or all of the gap may be in what they leave out.",
      "→ Plan a rebalance: /plan?",
      "→ Simulate the rebalance: simulate plan",
      "dir-skew (warn): Log dirs are uneven: 4 dirs on 2 brokers are outside the planner's tolerance (worst: broker 0 has a dir with 1.33× its mean bytes). These figures leave out the offline /data2 on broker 2.",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on brokers 0 and 1 the next one goes to /data1, already among the fullest.",
      "→ Cordon the full dirs (if the broker runs Kafka 4.3 or newer): kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 0 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data1]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Or pad the full dirs (any version: the padding workaround): kafka-topics.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0… ⏎ for i in $(seq 30); do kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done ⏎ cat > padding.json <<'EOF' ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --execute ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --verify (Kafka counts partitions, not bytes: 100 empty single-replica partitions of kafka-balance-padding pinned into /data1 on broker 0 (+50), /data1 on broker 1 (+50) raise their counts so the next 50 new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: kafka-topics.sh --bootstrap-server <bootstrap-servers> --delete --topic kafka-balance-padding)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, createTopic",
      "missing-data (warn): 2 replicas have no known log dir (a broker reports nothing in an offline dir, so they are likely in it), so disk figures leave them out.",
      "→ Read every broker's log dirs: kafka-log-dirs.sh --bootstrap-server <bootstrap-servers> --describe (Paste the output of a run over every broker: a replica whose dir no broker reported is left out of the disk figures.)",
      THROTTLES_UNKNOWN,
      CAPACITY_UNKNOWN,
      VERSION_UNKNOWN,
      CORDONS_UNKNOWN,
      RACKS_UNKNOWN,
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: 1.00× (ok) · spread 0 · max 2 · mean 2",
      "Broker bytes: 1.13× (warn) · spread 40.0 GiB · max 120.0 GiB · mean 106.7 GiB · worst: broker 0 (120.0 GiB) · leaves out the offline /data2 on broker 2",
      "Log-dir bytes (within a broker): 1.33× (warn) · spread 40.0 GiB · max 80.0 GiB · mean 60.0 GiB · worst: broker 0 /data1 (80.0 GiB) · leaves out the offline /data2 on broker 2",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 2: /data1 — the only live dir",
    ],
    throttles: ["No reassignment or log-dir move is in flight; whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [
      "Cross-checks of the pasted outputs: 1 finding",
      "kafka-topics output, line 3: 2 replicas assigned in the kafka-topics output are not in the kafka-log-dirs output (e.g. clicks-1 on broker 2); kept with log dir and size unknown. An offline dir, a --topic-list filter, or outputs taken at different times can cause this",
    ],
  },
  "import-move-in-flight": {
    headline: "1 log-dir move (a -future replica being copied) is in flight: the figures will change as it completes, and the planner leaves this partition alone.",
    tone: "warn",
    findings: [
      "→ Follow them: kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --list ⏎ kafka-log-dirs.sh --bootstrap-server <bootstrap-servers> --describe (Let them finish (or cancel them with --cancel and their reassignment JSON), then read the cluster again before planning: the planner leaves partitions that are moving alone.)",
      "dir-skew (warn): Log dirs are uneven: 6 dirs on 3 brokers are outside the planner's tolerance (worst: broker 0 has a dir with 1.33× its mean bytes).",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /data1, already among the fullest.",
      "→ Cordon the full dirs (if the broker runs Kafka 4.3 or newer): kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 0 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data1]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Or pad the full dirs (any version: the padding workaround): kafka-topics.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0… ⏎ for i in $(seq 30); do kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done ⏎ cat > padding.json <<'EOF' ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --execute ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --verify (Kafka counts partitions, not bytes: 151 empty single-replica partitions of kafka-balance-padding pinned into /data1 on broker 0 (+51), /data1 on broker 1 (+50), /data1 on broker 2 (+50) raise their counts so the next 50 new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: kafka-topics.sh --bootstrap-server <bootstrap-servers> --delete --topic kafka-balance-padding)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, cordonLogDir, createTopic",
      THROTTLES_UNKNOWN,
      CAPACITY_UNKNOWN,
      VERSION_UNKNOWN,
      CORDONS_UNKNOWN,
      RACKS_UNKNOWN,
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: 1.00× (ok) · spread 0 · max 2 · mean 2",
      "Broker bytes: 1.00× (ok) · spread 0 B · max 120.0 GiB · mean 120.0 GiB",
      "Log-dir bytes (within a broker): 1.33× (warn) · spread 40.0 GiB · max 80.0 GiB · mean 60.0 GiB · worst: broker 0 /data1 (80.0 GiB)",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — fewest partitions (2, vs 3 in /data2); ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 2: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
    ],
    throttles: ["1 log-dir move in flight. Whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [],
  },
  "import-123-bytes": {
    headline:
      "Too little data to call skew: the brokers hold 123 B in all, under the size floor (1.0 GiB, as capacity is unknown) below which a difference of bytes is not worth moving.",
    tone: "ok",
    findings: [THROTTLES_UNKNOWN, CAPACITY_UNKNOWN, VERSION_UNKNOWN, CORDONS_UNKNOWN, RACKS_UNKNOWN],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 1 · mean 1",
      "Broker leaders: 2.00× (ok) · spread 1 · max 1 · mean 0.5 · as even as whole partitions allow",
      "Broker bytes: – (none) · spread 77 B · max 100 B · mean 62 B · too little data to call skew (under the 1.0 GiB floor)",
      "Log-dir bytes (within a broker): – (none) · spread 100 B · max 100 B · mean 50 B · too little data to call skew (under the 1.0 GiB floor)",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: ["broker 0: /data2 — fewest partitions (0, vs 1 in /data1)", "broker 1: /data2 — fewest partitions (0, vs 1 in /data1)"],
    throttles: ["No reassignment or log-dir move is in flight; whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [],
  },
  "import-without-capacity": {
    headline: "Log dirs are uneven: 6 dirs on 3 brokers are outside the planner's tolerance (worst: broker 0 has a dir with 1.33× its mean bytes).",
    tone: "warn",
    findings: [
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /data1, already among the fullest.",
      "→ Cordon the full dirs (if the broker runs Kafka 4.3 or newer): kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 0 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data1]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Or pad the full dirs (any version: the padding workaround): kafka-topics.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0… ⏎ for i in $(seq 30); do kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done ⏎ cat > padding.json <<'EOF' ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --execute ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --verify (Kafka counts partitions, not bytes: 150 empty single-replica partitions of kafka-balance-padding pinned into /data1 on broker 0 (+50), /data1 on broker 1 (+50), /data1 on broker 2 (+50) raise their counts so the next 50 new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: kafka-topics.sh --bootstrap-server <bootstrap-servers> --delete --topic kafka-balance-padding)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, cordonLogDir, createTopic",
      THROTTLES_UNKNOWN,
      CAPACITY_UNKNOWN,
      VERSION_UNKNOWN,
      CORDONS_UNKNOWN,
      RACKS_UNKNOWN,
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: 1.00× (ok) · spread 0 · max 2 · mean 2",
      "Broker bytes: 1.00× (ok) · spread 0 B · max 11.7 TiB · mean 11.7 TiB",
      "Log-dir bytes (within a broker): 1.33× (warn) · spread 3.9 TiB · max 7.8 TiB · mean 5.9 TiB · worst: broker 0 /data1 (7.8 TiB)",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (7.8 TiB)",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (7.8 TiB)",
      "broker 2: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (7.8 TiB)",
    ],
    throttles: ["No reassignment or log-dir move is in flight; whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [],
  },
  "import-without-kafka-topics": {
    headline: "Log dirs are uneven: 6 dirs on 3 brokers are outside the planner's tolerance (worst: broker 0 has a dir with 1.33× its mean bytes).",
    tone: "warn",
    findings: [
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate a log-dir rebalance: simulate plan",
      "placement-trap (warn): Kafka places a new partition in the dir with the fewest partitions, not the fewest bytes: on every broker the next one goes to /data1, already among the fullest.",
      "→ Cordon the full dirs (if the broker runs Kafka 4.3 or newer): kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 0 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --add-config 'cordoned.log.dirs=[/data1]' ⏎ kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 2 --alter --add-config 'cordoned.log.dirs=[/data1]' (Kafka 4.3+ places no new partition in a cordoned dir; the dirs keep serving what they hold. The list replaces the broker's cordoned.log.dirs, so it names every dir that stays cordoned.)",
      "→ Or pad the full dirs (any version: the padding workaround): kafka-topics.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0… ⏎ for i in $(seq 30); do kafka-topics.sh --bootstrap-server <bootstrap-servers> --describe --topic kafka-balance-padding >/dev/null 2>&1 && break; sleep 1; done ⏎ cat > padding.json <<'EOF' ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --execute ⏎ kafka-reassign-partitions.sh --bootstrap-server <bootstrap-servers> --reassignment-json-file padding.json --verify (Kafka counts partitions, not bytes: 150 empty single-replica partitions of kafka-balance-padding pinned into /data1 on broker 0 (+50), /data1 on broker 1 (+50), /data1 on broker 2 (+50) raise their counts so the next 50 new partitions of each broker go to its emptier dirs. Remove it once the dirs are relieved: kafka-topics.sh --bootstrap-server <bootstrap-servers> --delete --topic kafka-balance-padding)",
      "→ Plan a log-dir rebalance: /plan?goals=dir-utilization",
      "→ Simulate the cordons, then a new topic: simulate cordonLogDir, cordonLogDir, cordonLogDir, createTopic",
      "unknown-facts (info): Leaders and in-sync replicas are unknown, so under-replication and leader balance are not judged: to learn it, paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` beside the kafka-log-dirs output, or connect Kafka Balance to the cluster.",
      "unknown-facts (info): Whether a partition reassignment is in flight is unknown: to learn it, paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` (Kafka 2.5 or newer marks partitions being reassigned with Adding/Removing Replicas), or connect Kafka Balance to the cluster.",
      THROTTLES_UNKNOWN,
      CAPACITY_UNKNOWN,
      VERSION_UNKNOWN,
      CORDONS_UNKNOWN,
      RACKS_UNKNOWN,
    ],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: ? (none) · leaders unknown · the snapshot does not say which broker leads each partition · To learn it, paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` beside the kafka-log-dirs output, or connect Kafka Balance to the cluster.",
      "Broker bytes: 1.00× (ok) · spread 0 B · max 120.0 GiB · mean 120.0 GiB",
      "Log-dir bytes (within a broker): 1.33× (warn) · spread 40.0 GiB · max 80.0 GiB · mean 60.0 GiB · worst: broker 0 /data1 (80.0 GiB)",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
      "broker 2: /data1 — tied on partitions (2); first in log.dirs order; ⚠ already the fullest dir on this broker (80.0 GiB)",
    ],
    throttles: [
      "Whether a throttle is set is unknown; whether a partition reassignment is in flight is unknown (no log-dir move is).",
      PANEL_THROTTLES_UNKNOWN,
      "Partition reassignments in flight are unknown: the pasted outputs do not show them. To learn them, paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` (Kafka 2.5 or newer marks partitions being reassigned with Adding/Removing Replicas), or connect Kafka Balance to the cluster.",
    ],
    doctor: [
      DOCTOR_CANNOT_CHECK,
      DOCTOR_CONFIGS_UNKNOWN,
      "Partition reassignments in flight are unknown (the pasted outputs do not show them). To learn them, paste the output of `kafka-topics.sh --bootstrap-server <servers> --describe` (Kafka 2.5 or newer marks partitions being reassigned with Adding/Removing Replicas), or connect Kafka Balance to the cluster.",
    ],
    checks: [
      "Cross-checks of the pasted outputs: 2 findings; the skew figures may cover only some topics",
      "kafka-log-dirs output: the paste covers 2 topics and no __consumer_offsets partition: if it is a --topic-list run, it covers only those 2 topics and broker skew is of those topics only (a cluster that never had a consumer group has no __consumer_offsets; then this is the whole cluster)",
      "kafka-topics output: not given, so leaders, ISR and replica order are unknown and replicas are listed in broker id order; add the output of kafka-topics.sh --describe to see them",
      "If the paste is a --topic-list run, these skew figures are of its topics only (see the cross-checks above).",
    ],
  },
  "import-near-even": {
    headline: "Balanced: within the planner's tolerances — partitions and bytes are even across brokers and across the disks of each broker, so a rebalance has nothing to move.",
    tone: "ok",
    findings: [THROTTLES_UNKNOWN, CAPACITY_UNKNOWN, VERSION_UNKNOWN, CORDONS_UNKNOWN, RACKS_UNKNOWN],
    cards: [
      "Broker partitions: 1.00× (ok) · spread 0 · max 4 · mean 4",
      "Broker leaders: 1.00× (ok) · spread 0 · max 2 · mean 2",
      "Broker bytes: 1.00× (ok) · spread 0 B · max 120.0 GiB · mean 120.0 GiB",
      "Log-dir bytes (within a broker): 1.03× (ok) · spread 4.0 GiB · max 62.0 GiB · mean 60.0 GiB",
      UTILISATION_CARD_UNKNOWN,
    ],
    placements: [
      "broker 0: /data1 — tied on partitions (2); first in log.dirs order",
      "broker 1: /data1 — tied on partitions (2); first in log.dirs order",
      "broker 2: /data1 — tied on partitions (2); first in log.dirs order",
    ],
    throttles: ["No reassignment or log-dir move is in flight; whether a throttle is set is unknown.", PANEL_THROTTLES_UNKNOWN],
    doctor: [DOCTOR_CANNOT_CHECK, DOCTOR_CONFIGS_UNKNOWN],
    checks: [],
  },
};

describe("what the overview says of each snapshot an operator meets first", () => {
  it("the corpus is the one these statements were read for", () => {
    expect(statementCorpus().map((c) => c.id)).toEqual(Object.keys(EXPECTED));
  });

  it.each(Object.keys(EXPECTED))("%s: the headline, every finding and its actions, every card, the next placements, the throttles panel and the doctor", (id) => {
    const said = statementsOf(id);
    const expected = EXPECTED[id]!;
    // One assertion per part, so a failure names the part that changed.
    for (const part of ["headline", "tone", "findings", "cards", "placements", "throttles", "doctor", "checks"] as const)
      expect(said[part], `${id}: ${part}`).toEqual(expected[part]);
  });
});
