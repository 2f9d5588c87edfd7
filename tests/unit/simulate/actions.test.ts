import { describe, expect, it } from "vitest";
import { nextLogDirs } from "@/lib/placement";
import { planRebalance, PlanOptionsSchema } from "@/lib/plan";
import { PADDING_DOCS, simulationActions, trappedBrokers } from "@/lib/simulate/actions";
import { demoSnapshot, getPreset } from "@/lib/simulate/presets";
import { simulate } from "@/lib/simulate/run-request";
import { StepSchema, type SimulatedKafkaVersion } from "@/lib/simulate/schema";

function story(kafkaVersion: SimulatedKafkaVersion, id: "consumer-offsets-skew" | "padding-workaround" = "consumer-offsets-skew") {
  const scenario = getPreset(id)!.scenario;
  const r = simulate({ ...scenario, policy: { ...scenario.policy, kafkaVersion } }, { compare: false, includeSnapshot: false });
  return { result: r, input: { report: r.final.report, kafkaVersion: r.scenario.policy.kafkaVersion, kafka: r.kafka } };
}

describe("simulationActions()", () => {
  it("simulationActions() on the __consumer_offsets story (Kafka 4.4): cordon /data/d2 and /data/d3, then plan a log-dir rebalance", () => {
    const { input } = story("auto");
    const { none, actions } = simulationActions(input);
    expect(none).toBeNull();
    expect(actions.map((a) => a.kind)).toEqual(["cordon", "rebalance"]);
    const cordon = actions[0]!;
    if (cordon.kind !== "cordon") throw new Error("expected a cordon");
    expect(cordon.title).toBe("Cordon /data/d2 and /data/d3 on brokers 1, 2 and 3");
    expect(cordon.text).toMatch(
      /^Kafka puts each new partition in the dir with the fewest partitions, and on brokers 1, 2 and 3 that is a full dir: \/data\/d2 and \/data\/d3 \(\d+–\d+% full\) hold 10 partitions each, \/data\/d1 \(under 1% full\) holds 50 partitions\. /,
    );
    expect(cordon.text).toContain("this run simulates Kafka 4.4 and newer)");
    expect(cordon.text).not.toContain("assumed");
    expect(cordon.brokers.map((b) => b.command)).toEqual(
      [1, 2, 3].map(
        (b) => `kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name ${b} --alter --add-config 'cordoned.log.dirs=[/data/d2,/data/d3]'`,
      ),
    );
    expect(cordon.brokers[0]!.undo).toBe("kafka-configs.sh --bootstrap-server <bootstrap-servers> --entity-type brokers --entity-name 1 --alter --delete-config cordoned.log.dirs");
    const rebalance = actions[1]!;
    expect(rebalance).toMatchObject({ kind: "rebalance", title: "Plan a log-dir rebalance", options: { operation: { kind: "rebalance" }, goals: ["dir-utilization"] } });
  });

  it("simulationActions() prints the cordon exactly as the planner's drain does", () => {
    const snapshot = demoSnapshot();
    const plan = planRebalance(
      snapshot,
      PlanOptionsSchema.parse({
        operation: {
          kind: "drain-dirs",
          dirs: [
            { broker: 2, path: "/data/d2" },
            { broker: 2, path: "/data/d3" },
          ],
        },
      }),
    );
    if (!plan.ok) throw new Error(plan.error.message);
    const cordon = simulationActions(story("auto").input).actions[0]!;
    if (cordon.kind !== "cordon") throw new Error("expected a cordon");
    expect(cordon.brokers.find((b) => b.broker === 2)!.command).toBe(plan.value.cordons.find((c) => c.broker === 2)!.command);
  });

  it("simulationActions() on Kafka 4.2, which has no cordons: the padding workaround instead, and it steers the next partitions off the full dirs", () => {
    const { input } = story("4.2");
    const { actions } = simulationActions(input);
    expect(actions.map((a) => a.kind)).toEqual(["padding", "rebalance"]);
    const padding = actions[0]!;
    if (padding.kind !== "padding") throw new Error("expected padding");
    expect(padding.text).toMatch(/^Kafka 4\.2 has no cordoned\.log\.dirs \(it arrived in Kafka 4\.3\)\. Pad the full dirs instead/);
    expect(padding.text).toContain(PADDING_DOCS);
    expect(padding.text).not.toMatch(/cordon (\/|the)/i);
    expect(padding.plan.commands[0]).toMatch(/^kafka-topics\.sh --bootstrap-server <bootstrap-servers> --create --topic kafka-balance-padding --replica-assignment /);
    // Kafka's rule (4.2's Scala order; 3 dirs, so no hash ties matter) after the padding: the next 50 replicas of broker 1 all go to /data/d1.
    const counts: Record<string, number> = {};
    for (const d of input.report.dirs.filter((d) => d.broker === 1)) counts[d.path] = d.logCount;
    for (const p of padding.plan.padded.filter((p) => p.broker === 1)) counts[p.path]! += p.add;
    for (let i = 0; i < padding.plan.steeredPartitions; i++) {
      const chosen = nextLogDirs(["/data/d1", "/data/d2", "/data/d3"], counts, { cordoned: [], tieOrder: "config" })[0]!;
      expect(chosen).toBe("/data/d1");
      counts[chosen]! += 1;
    }
  });

  it("simulationActions() gives both when the version is assumed, and says why", () => {
    const { input } = story("auto");
    const assumed = { ...input, kafka: input.kafka.map((g) => ({ ...g, assumed: true })) };
    const { actions } = simulationActions(assumed);
    expect(actions.map((a) => a.kind)).toEqual(["cordon", "padding", "rebalance"]);
    expect(actions[0]!.text).toContain("assumed because the base does not say which version it runs");
    expect(actions[1]!.text).toMatch(/^Cordons need Kafka 4\.3 or newer, and the version of brokers 1, 2 and 3 is not known for sure/);
  });

  it("simulationActions() has nothing to do where the planner's tolerances hold (the padding preset's end)", () => {
    const { input } = story("auto", "padding-workaround");
    expect(trappedBrokers(input)).toEqual([]);
    expect(simulationActions(input)).toEqual({ none: "Nothing to act on: every dir and broker is within the planner's tolerances.", actions: [] });
  });

  it("simulationActions() has nothing to act on below the size floor: 16 KiB per dir is not skew", () => {
    const scenario = getPreset("consumer-offsets-skew")!.scenario;
    // The story before the large topic lands: three disks, 50 tiny partitions on the first.
    const r = simulate({ ...scenario, steps: scenario.steps.slice(0, 3) }, { compare: false, includeSnapshot: false });
    const out = simulationActions({ report: r.final.report, kafkaVersion: "auto", kafka: r.kafka });
    expect(out.actions).toEqual([]);
    expect(out.none).toBe("Nothing to act on: too little data to call skew (the dirs differ by 800.0 KiB, under the 5.1 GiB floor (1% of a 512.0 GiB disk)).");
  });

  it("simulationActions()' rebalance is a valid plan request and plan step with the goals not met: the dir goal alone in the story", () => {
    const rebalance = simulationActions(story("auto").input).actions.at(-1)!;
    if (rebalance.kind !== "rebalance") throw new Error("expected a rebalance");
    expect(PlanOptionsSchema.parse(rebalance.options).goals).toEqual(["dir-utilization"]);
    expect(StepSchema.parse({ kind: "plan", options: rebalance.options })).toMatchObject({ kind: "plan", options: { goals: ["dir-utilization"] } });
  });
});
