// Every AdminUtils (AU*), AddPartitions (AP*), StripedReplicaPlacer (SP*) and LogManager (LM*) vector of
// tests/fixtures/kafka/vectors.json (Kafka's own test cases): EXACT ones exactly, PROPERTY ones as properties,
// EXACT-ERROR ones by PlacementError code and message.
import { describe, expect, it } from "vitest";
import {
  BrokerList,
  DIRECTORY_ID,
  JavaRandom,
  LogDirChooser,
  MockRandom,
  RackList,
  StripedReplicaPlacer,
  assignReplicasToBrokers,
  createLogIn,
  createPartitionsAssignment,
  getRackAlternatedBrokerList,
  logDirCandidates,
  nextLogDirs,
  stripedPlacement,
  type BrokerMetadata,
} from "@/lib/placement";
import { CODE_OF_KAFKA_EXCEPTION, PROPERTY_TIMEOUT, thrown, usable, vector, vectorIds, type GoldenBroker } from "@/tests/support/placement";

type Assignment = Record<string, number[]>;

const asRecord = (m: Map<number, number[]>): Assignment => Object.fromEntries([...m].map(([p, r]) => [String(p), r]));
const fromRackMap = (rackMap: Record<string, string | null>): BrokerMetadata[] => Object.entries(rackMap).map(([id, rack]) => ({ id: Number(id), rack }));

const COVERED = ["AU1", "AU2", "AU3", "AU4", "AU8", "AU9", "AP1", "AP2", "SP1", "SP2", "SP3", "SP4", "SP6", "SP7", "SP9", "LM1", "LM2", "LM3", "LM4", "LM5"];

it("vector() finds in vectors.json exactly the AU/AP/SP/LM vectors this file covers", () => {
  expect(vectorIds.filter((id) => /^(AU|AP|SP|LM)\d/.test(id)).sort()).toEqual([...COVERED].sort());
});

describe("AdminUtils vectors", () => {
  it("assignReplicasToBrokers() places 10 partitions rf 3 on 5 rack-less brokers from index 0 (AU1)", () => {
    const v = vector<{ brokers: number[]; nPartitions: number; rf: number; fixedStartIndex: number; startPartitionId: number; expect: Assignment }>("AU1");
    const m = assignReplicasToBrokers(
      v.brokers.map((id) => ({ id })),
      v.nPartitions,
      v.rf,
      {
        fixedStartIndex: v.fixedStartIndex,
        startPartitionId: v.startPartitionId,
      },
    );
    expect(asRecord(m)).toEqual(v.expect);
  });

  it("assignReplicasToBrokers() rejects rf 0 and rf above the broker count (AU2)", () => {
    const v = vector<{ brokers: number[]; cases: { nPartitions: number; rf: number; throws: string }[] }>("AU2");
    for (const c of v.cases) {
      const e = thrown(() =>
        assignReplicasToBrokers(
          v.brokers.map((id) => ({ id })),
          c.nPartitions,
          c.rf,
        ),
      );
      expect(e.kafkaException).toBe(c.throws);
      expect(e.code).toBe(CODE_OF_KAFKA_EXCEPTION[c.throws]);
    }
  });

  it("getRackAlternatedBrokerList() and rack-aware assignReplicasToBrokers() match Kafka (AU3)", () => {
    const v = vector<{
      rackMap: Record<string, string>;
      alternated: number[];
      alternatedWithout5: number[];
      nPartitions: number;
      rf: number;
      fixedStartIndex: number;
      startPartitionId: number;
      expect: Assignment;
    }>("AU3");
    expect(getRackAlternatedBrokerList(v.rackMap)).toEqual(v.alternated);
    const without5 = Object.fromEntries(Object.entries(v.rackMap).filter(([id]) => id !== "5"));
    expect(getRackAlternatedBrokerList(without5)).toEqual(v.alternatedWithout5);
    const m = assignReplicasToBrokers(fromRackMap(v.rackMap), v.nPartitions, v.rf, {
      fixedStartIndex: v.fixedStartIndex,
      startPartitionId: v.startPartitionId,
    });
    expect(asRecord(m)).toEqual(v.expect);
  });

  it("assignReplicasToBrokers() rejects bad counts before a broker without a rack (AU4)", () => {
    const v = vector<{ rackMap: Record<string, string | null>; cases: { nPartitions: number; rf: number; throws: string }[] }>("AU4");
    for (const c of v.cases) {
      const e = thrown(() => assignReplicasToBrokers(fromRackMap(v.rackMap), c.nPartitions, c.rf));
      expect(e.kafkaException).toBe(c.throws);
      expect(e.code).toBe(CODE_OF_KAFKA_EXCEPTION[c.throws]);
    }
    expect(thrown(() => assignReplicasToBrokers(fromRackMap(v.rackMap), 10, 5)).message).toBe("Not all brokers have rack information for replica rack aware assignment.");
  });

  // AU8: the rack maps and sizes of the Kafka tests it names; Kafka checks them for one random start, we check 200.
  const rack6: Record<number, string> = { 0: "rack1", 1: "rack2", 2: "rack2", 3: "rack3", 4: "rack3", 5: "rack1" };
  const au8: { name: string; rackMap: Record<number, string>; nP: number; rf: number; start: number }[] = [
    { name: "testAssignmentWithRackAware", rackMap: rack6, nP: 6, rf: 3, start: -1 },
    { name: "testAssignmentWith2ReplicasRackAware", rackMap: rack6, nP: 12, rf: 2, start: -1 },
    { name: "testAssignmentWith2ReplicasRackAwareWith6Partitions", rackMap: rack6, nP: 6, rf: 2, start: -1 },
    { name: "testAssignmentWith2ReplicasRackAwareWith6PartitionsAnd3Brokers", rackMap: { 0: "rack1", 1: "rack2", 4: "rack3" }, nP: 3, rf: 2, start: -1 },
    {
      name: "testLargeNumberPartitionsAssignment",
      rackMap: { ...rack6, 6: "rack1", 7: "rack2", 8: "rack2", 9: "rack3", 10: "rack1", 11: "rack3" },
      nP: 96,
      rf: 3,
      start: -1,
    },
    { name: "testRackAwareExpansion", rackMap: { 6: "rack1", 7: "rack2", 8: "rack2", 9: "rack3", 10: "rack3", 11: "rack1" }, nP: 12, rf: 2, start: 12 },
  ];
  it.each(au8.map((c) => [c.name, c] as const))(
    "assignReplicasToBrokers() (%s) gives distinct racks and even leaders and replicas for any random start (AU8)",
    PROPERTY_TIMEOUT,
    (_, c) => {
      vector("AU8");
      const brokers = fromRackMap(c.rackMap);
      const nB = brokers.length;
      const rackOf = c.rackMap;
      // One summary per seed, compared once: expect() inside these loops would dominate the run time.
      const summaries = Array.from({ length: 200 }, (_, seed) => {
        const m = assignReplicasToBrokers(brokers, c.nP, c.rf, { random: new JavaRandom(seed), startPartitionId: c.start });
        const leaders = new Map<number, number>();
        const replicas = new Map<number, number>();
        const racksPerPartition = new Set<number>();
        for (const rs of m.values()) {
          racksPerPartition.add(new Set(rs.map((b) => rackOf[b])).size);
          leaders.set(rs[0]!, (leaders.get(rs[0]!) ?? 0) + 1);
          for (const b of rs) replicas.set(b, (replicas.get(b) ?? 0) + 1);
        }
        return {
          racksPerPartition: [...racksPerPartition],
          leaders: brokers.map((b) => leaders.get(b.id) ?? 0),
          replicas: brokers.map((b) => replicas.get(b.id) ?? 0),
        };
      });
      const want = { racksPerPartition: [c.rf], leaders: brokers.map(() => c.nP / nB), replicas: brokers.map(() => (c.nP * c.rf) / nB) };
      expect(summaries).toEqual(summaries.map(() => want));
    },
  );

  it("assignReplicasToBrokers() uses min(rf, racks) racks per partition, and one leader per broker on a single rack (AU9)", PROPERTY_TIMEOUT, () => {
    const v = vector<{
      rackMap: Record<string, string>;
      cases: { nPartitions: number; rf: number; distinctRacksPerPartition: number; singleRackAll6Brokers?: boolean; leadersPerBroker?: number }[];
    }>("AU9");
    for (const c of v.cases) {
      const rackMap = c.singleRackAll6Brokers ? Object.fromEntries(Object.keys(v.rackMap).map((id) => [id, "rack1"])) : v.rackMap;
      const summaries = Array.from({ length: 100 }, (_, seed) => {
        const m = assignReplicasToBrokers(fromRackMap(rackMap), c.nPartitions, c.rf, { random: new JavaRandom(seed) });
        const leaders = new Map<number, number>();
        const shapes = new Set<string>();
        for (const rs of m.values()) {
          shapes.add(`${rs.length} replicas, ${new Set(rs).size} brokers, ${new Set(rs.map((b) => rackMap[b])).size} racks`);
          leaders.set(rs[0]!, (leaders.get(rs[0]!) ?? 0) + 1);
        }
        return { shapes: [...shapes], leaders: c.leadersPerBroker === undefined ? null : Object.keys(rackMap).map((id) => leaders.get(Number(id)) ?? 0) };
      });
      const want = {
        shapes: [`${c.rf} replicas, ${c.rf} brokers, ${c.distinctRacksPerPartition} racks`],
        leaders: c.leadersPerBroker === undefined ? null : Object.keys(rackMap).map(() => c.leadersPerBroker),
      };
      expect(summaries).toEqual(summaries.map(() => want));
    }
  });
});

describe("AddPartitions vectors", () => {
  const brokers = [0, 1, 2, 3].map((id) => ({ id }));

  it("createPartitionsAssignment() grows [2,3,0,1] to 7 partitions with Kafka's leaders, all 4 brokers each (AP1)", () => {
    const v = vector<{
      existing: Assignment;
      increaseTo: number;
      computed: { startIndex: number; startPartitionId: number; rf: number };
      expectLeader: Record<string, number>;
      derivedLists: Assignment;
    }>("AP1");
    const plan = createPartitionsAssignment(brokers, v.existing, v.increaseTo);
    expect({ startIndex: plan.startIndex, startPartitionId: plan.startPartitionId, rf: plan.replicationFactor }).toEqual(v.computed);
    const got = asRecord(plan.assignment);
    for (const [p, leader] of Object.entries(v.expectLeader)) {
      expect(got[p]?.[0]).toBe(leader);
      expect([...got[p]!].sort()).toEqual([0, 1, 2, 3]);
    }
    expect(got).toEqual(v.derivedLists);
  });

  it("createPartitionsAssignment() grows [1,2] to 3 partitions with Kafka's leaders and replica sets (AP2)", () => {
    const v = vector<{
      existing: Assignment;
      increaseTo: number;
      computed: { startIndex: number; startPartitionId: number; rf: number };
      expect: Record<string, { leader: number; set: number[] }>;
      derivedLists: Assignment;
    }>("AP2");
    const plan = createPartitionsAssignment(brokers, v.existing, v.increaseTo);
    expect({ startIndex: plan.startIndex, startPartitionId: plan.startPartitionId, rf: plan.replicationFactor }).toEqual(v.computed);
    const got = asRecord(plan.assignment);
    for (const [p, e] of Object.entries(v.expect)) {
      expect(got[p]?.[0]).toBe(e.leader);
      expect([...got[p]!].sort()).toEqual(e.set);
    }
    expect(got).toEqual(v.derivedLists);
  });
});

describe("StripedReplicaPlacer vectors (fresh MockRandom(17) each)", () => {
  it("BrokerList.next() walks once per epoch; an empty list answers -1 (SP1)", () => {
    const v = vector<{ list: number[]; calls: [string, number][]; "emptyList.next(1)": number }>("SP1");
    const list = new BrokerList();
    for (const id of v.list) list.add(id);
    expect(list.size()).toBe(v.list.length);
    for (const [call, want] of v.calls) {
      const epoch = Number(/next\((\d+)\)/.exec(call)![1]);
      expect(list.next(epoch)).toBe(want);
    }
    expect(new BrokerList().next(1)).toBe(v["emptyList.next(1)"]);
  });

  const rackListCase = (id: string, rf: number) => () => {
    const v = vector<{ brokers: GoldenBroker[]; expect: number[][]; rackNames?: string[]; alsoThrows?: string[] }>(id);
    const rackList = new RackList(new MockRandom(), usable(v.brokers));
    expect(rackList.numTotalBrokers).toBe(v.brokers.length);
    expect(rackList.numUnfencedBrokers).toBe(v.brokers.filter((b) => !b[2]).length);
    expect(rackList.rackNames()).toEqual(v.rackNames ?? [null]);
    for (const call of v.alsoThrows ?? []) {
      const n = Number(/place\((-?\d+)\)/.exec(call)![1]);
      expect(thrown(() => rackList.place(n)).code).toBe("invalid_replication_factor");
    }
    for (const want of v.expect) expect(rackList.place(rf)).toEqual(want);
  };

  it("RackList.place(4) avoids the fenced broker on a single rack; place(0) and place(-1) throw (SP2)", rackListCase("SP2", 4));
  it("RackList.place(3) uses the fenced broker when it must (SP3)", rackListCase("SP3", 3));
  it("RackList.place(4) stripes over racks 1, 2, 3 (SP4)", rackListCase("SP4", 4));

  it("StripedReplicaPlacer.place() places 5 partitions rf 3 on 4 brokers (SP6)", () => {
    const v = vector<{ brokers: GoldenBroker[]; expect: number[][] }>("SP6");
    expect(new StripedReplicaPlacer(new MockRandom()).place({ startPartition: 0, numPartitions: 5, numReplicas: 3 }, usable(v.brokers))).toEqual(v.expect);
  });

  it("stripedPlacement() places every partition on the single unfenced broker (SP7)", () => {
    const v = vector<{ brokers: GoldenBroker[]; numPartitions: number; rf: number; expect: number[][] }>("SP7");
    expect(stripedPlacement(usable(v.brokers), v.numPartitions, v.rf, new MockRandom())).toEqual(v.expect);
  });

  it("StripedReplicaPlacer.place() and RackList.place() fail with Kafka's messages (SP9)", () => {
    const v = vector<{ cases: { brokers?: GoldenBroker[]; rf?: number; rackList?: string; place?: number; msg: string }[] }>("SP9");
    for (const c of v.cases) {
      const e = c.brokers
        ? thrown(() => new StripedReplicaPlacer(new MockRandom()).place({ numPartitions: 1, numReplicas: c.rf! }, usable(c.brokers!)))
        : thrown(() =>
            new RackList(
              new MockRandom(),
              usable([
                [0, null, true],
                [1, null, true],
                [2, null, true],
              ]),
            ).place(c.place!),
          );
      expect(e.message).toBe(c.msg);
      expect(e.kafkaException).toBe("InvalidReplicationFactorException");
    }
  });
});

describe("LogManager vectors", () => {
  const dirs5 = ["/tmp/kafka-0", "/tmp/kafka-1", "/tmp/kafka-2", "/tmp/kafka-3", "/tmp/kafka-4"];

  it.each(["config", "scala-hash"] as const)("LogDirChooser.next() (%s) keeps 3 dirs within one log of each other over 20 creates (LM1)", (tieOrder) => {
    const v = vector<{ dirs: number }>("LM1");
    const dirs = Array.from({ length: v.dirs }, (_, i) => `/logs/${i}`);
    const chooser = new LogDirChooser(dirs, { tieOrder });
    for (let i = 0; i < 20; i++) {
      chooser.add(chooser.next());
      const counts = dirs.map((d) => chooser.count(d));
      expect(Math.max(...counts)).toBeLessThanOrEqual(Math.min(...counts) + 1);
    }
  });

  it("createLogIn() falls back past 2 failing dirs and creates exactly one log dir (LM2)", () => {
    const v = vector<{ dirs: number; firstTriedDirsFail: number }>("LM2");
    const candidates = logDirCandidates({ liveDirs: dirs5.slice(0, v.dirs), logCounts: {} });
    expect(candidates).toHaveLength(v.dirs);
    const created: string[] = [];
    const result = createLogIn(candidates, (dir) => {
      if (candidates.indexOf(dir) < v.firstTriedDirsFail) return false;
      created.push(dir);
      return true;
    });
    expect(result.failed).toHaveLength(v.firstTriedDirsFail);
    expect(created).toHaveLength(1);
    expect(result.dir).toBe(candidates[v.firstTriedDirsFail]);
  });

  it("logDirCandidates() uses the dir whose id is the controller's target (LM3)", () => {
    vector("LM3");
    const directoryIds = Object.fromEntries(dirs5.map((d, i) => [d, `dir-id-${i}AAAAAAAAAAAAAAA`]));
    const candidates = logDirCandidates({
      liveDirs: dirs5,
      logCounts: { [dirs5[0]!]: 0, [dirs5[1]!]: 9 },
      directoryIds,
      targetDirectoryId: directoryIds[dirs5[1]!],
    });
    expect(candidates).toEqual([dirs5[1]]);
    expect(createLogIn(candidates, () => true).dir).toBe(dirs5[1]);
  });

  it.each([DIRECTORY_ID.UNASSIGNED, DIRECTORY_ID.LOST])("logDirCandidates() ignores target %s and falls back to nextLogDirs, the only dir (LM4)", (target) => {
    vector("LM4");
    const candidates = logDirCandidates({
      liveDirs: ["/only"],
      logCounts: {},
      // If the sentinel were matched like a real id, the offline dir carrying it would be chosen.
      directoryIds: { "/only": "k2q8pXo9Rj6WcVtKZ1n4sA", "/offline": target },
      targetDirectoryId: target,
    });
    expect(candidates).toEqual(["/only"]);
  });

  it("nextLogDirs() orders /a:2 /b:1 /c:0 as [/c, /b, /a] (LM5)", () => {
    const v = vector<{ liveDirs: string[]; counts: Record<string, number>; expect: string[] }>("LM5");
    expect(nextLogDirs(v.liveDirs, v.counts)).toEqual(v.expect);
    expect(nextLogDirs(v.liveDirs, v.counts, { tieOrder: "scala-hash" })).toEqual(v.expect);
  });
});
