import { describe, expect, it } from "vitest";
import { formatImportIssue, type ImportIssue } from "@/lib/import/issues";
import { parseLogDirs, type LogDirsListing } from "@/lib/import/log-dirs";
import { fixture } from "@/tests/fixtures/import/format";

const PREAMBLE = "Querying brokers for log directories information\nReceived log directory information from brokers 1\n";

function listing(text: string): LogDirsListing {
  const result = parseLogDirs(text);
  if (!result.ok) throw new Error(result.error.issues.map(formatImportIssue).join("\n"));
  return result.value;
}

function problems(text: string): ImportIssue[] {
  const result = parseLogDirs(text);
  if (result.ok) throw new Error("expected the text to be rejected");
  return result.error.issues as ImportIssue[];
}

function replica(l: LogDirsListing, name: string, broker: number) {
  const dash = name.lastIndexOf("-");
  return l.replicas.find((r) => r.topic === name.slice(0, dash) && r.partition === Number(name.slice(dash + 1)) && r.broker === broker);
}

/** Canonical form for comparing two listings regardless of print order. */
function canonical(l: LogDirsListing) {
  return {
    brokers: l.brokers.map((b) => ({ id: b.id, logDirs: [...b.logDirs].sort((x, y) => x.path.localeCompare(y.path)) })),
    replicas: l.replicas.map((r) => JSON.stringify(r)).sort(),
  };
}

/** One broker with one dir holding the given partition entries (JSON text). */
function oneDir(partitions: string, extra = ""): string {
  return `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"partitions":[${partitions}],"error":null,"logDir":"/data/d1"${extra}}]}],"version":1}`;
}

describe("parseLogDirs", () => {
  it("parseLogDirs() reads Java LogDirsCommand output (3.5+, HashMap key order) after the two preamble lines", () => {
    const l = listing(fixture("log-dirs-3.9.txt"));
    expect(l.brokers.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(l.brokers.map((b) => b.logDirs.length)).toEqual([3, 3, 3]);
    expect(replica(l, "orders-eu-0", 1)).toMatchObject({ logDir: "/data/kafka/d3", sizeBytes: 2460529190, offsetLag: 0, future: null });
    expect(l.replicas).toHaveLength(6 * 3 + 4 * 2 + 3 * 3 + 2 + 3);
  });

  it("parseLogDirs() reads Scala LogDirsCommand output (2.4–3.4, insertion key order)", () => {
    const l = listing(fixture("log-dirs-2.4.txt"));
    expect(l.brokers.map((b) => b.id)).toEqual([0, 1, 2]);
    expect(l.brokers[0]?.logDirs.map((d) => d.path)).toEqual(["/var/lib/kafka/data-0", "/var/lib/kafka/data-1"]);
    expect(l.replicas.filter((r) => r.topic === "__consumer_offsets").every((r) => r.logDir === "/var/lib/kafka/data-0")).toBe(true);
  });

  it("parseLogDirs() splits partition names at the last '-' so topics may contain '-' and '.'", () => {
    const l = listing(fixture("log-dirs-3.9.txt"));
    const names = new Set(l.replicas.map((r) => `${r.topic}|${r.partition}`));
    expect(names).toContain("payments-dlq.retry-1|1");
    expect(names).toContain("metrics.cpu.v1|2");
    expect(names).toContain("orders-eu|3");
  });

  it("parseLogDirs() attaches an isFuture replica to the current replica on the same broker", () => {
    const l = listing(fixture("log-dirs-3.9.txt"));
    expect(replica(l, "orders-eu-2", 1)).toEqual({
      topic: "orders-eu",
      partition: 2,
      broker: 1,
      logDir: "/data/kafka/d3",
      sizeBytes: 7624149614,
      offsetLag: 0,
      future: { logDir: "/data/kafka/d1", sizeBytes: 1906037403, offsetLag: 88231 },
    });
    const scala = listing(fixture("log-dirs-2.4.txt"));
    expect(replica(scala, "clicks-raw-3", 0)?.future).toEqual({ logDir: "/var/lib/kafka/data-0", sizeBytes: 7340032, offsetLag: 51234 });
    expect(scala.replicas.filter((r) => r.future !== null)).toHaveLength(1);
  });

  it("parseLogDirs() marks a dir with an error offline and keeps the error text", () => {
    const l = listing(fixture("log-dirs-3.9.txt"));
    const d3 = l.brokers[2]?.logDirs.find((d) => d.path === "/data/kafka/d3");
    expect(d3).toEqual({ path: "/data/kafka/d3", totalBytes: null, usableBytes: null, state: "offline", error: "org.apache.kafka.common.errors.KafkaStorageException" });
    expect(l.brokers[0]?.logDirs.every((d) => d.state === "online" && d.error === null)).toBe(true);
  });

  it("parseLogDirs() ignores unknown keys and reads totalBytes/usableBytes when a tool prints them (-1 = unknown)", () => {
    const withExtras = listing(fixture("log-dirs-extra-keys.txt"));
    const plain = listing(fixture("log-dirs-3.9.txt"));
    expect(withExtras.replicas.map((r) => JSON.stringify(r)).sort()).toEqual(plain.replicas.map((r) => JSON.stringify(r)).sort());
    const offline = withExtras.brokers[2]?.logDirs.find((d) => d.state === "offline");
    expect(offline).toMatchObject({ totalBytes: 536870912000, usableBytes: null });
    expect(withExtras.brokers[0]?.logDirs.every((d) => d.totalBytes === 536870912000 && (d.usableBytes ?? 0) > 0)).toBe(true);
  });

  it("parseLogDirs() reads several runs pasted one after another (one --broker-list each)", () => {
    expect(canonical(listing(fixture("log-dirs-per-broker.txt")))).toEqual(canonical(listing(fixture("log-dirs-3.9.txt"))));
  });

  it("parseLogDirs() reads JSON pretty-printed over many lines", () => {
    expect(canonical(listing(fixture("log-dirs-pretty.txt")))).toEqual(canonical(listing(fixture("log-dirs-3.9.txt"))));
  });

  it("parseLogDirs() accepts the JSON line alone, blank lines and CRLF line ends", () => {
    const json = fixture("log-dirs-3.9.txt").split("\n")[2] ?? "";
    const expected = canonical(listing(fixture("log-dirs-3.9.txt")));
    expect(canonical(listing(json))).toEqual(expected);
    expect(canonical(listing(`\r\n\r\n${fixture("log-dirs-3.9.txt").replace(/\n/g, "\r\n")}\r\n\r\n`))).toEqual(expected);
  });

  it("parseLogDirs() keeps a future replica whose current dir is offline, with the current dir unknown", () => {
    const l = listing(oneDir('{"partition":"orders-0","size":10,"offsetLag":5,"isFuture":true}'));
    expect(l.replicas).toEqual([
      { topic: "orders", partition: 0, broker: 1, logDir: null, sizeBytes: null, offsetLag: null, future: { logDir: "/data/d1", sizeBytes: 10, offsetLag: 5 } },
    ]);
  });

  it("parseLogDirs() treats missing offsetLag and isFuture as unknown lag and a current replica", () => {
    const l = listing(oneDir('{"size":10,"partition":"orders-0"}'));
    expect(l.replicas[0]).toMatchObject({ logDir: "/data/d1", sizeBytes: 10, offsetLag: null, future: null });
  });
});

describe("parseLogDirs bad input", () => {
  it("parseLogDirs() names the line and JSON path of a size that is not a number", () => {
    const dirs = [0, 1].map((j) => {
      const parts = [0, 1, 2, 3, 4].map((k) => `{"partition":"t-${j}${k}","size":${j === 1 && k === 4 ? '"abc"' : 1},"offsetLag":0,"isFuture":false}`);
      return `{"partitions":[${parts.join(",")}],"error":null,"logDir":"/data/d${j}"}`;
    });
    const issues = problems(`${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[${dirs.join(",")}]}],"version":1}`);
    expect(issues.map(formatImportIssue)).toEqual(['kafka-log-dirs output, line 3: brokers.0.logDirs.1.partitions.4.size: expected a non-negative integer, got "abc"']);
    expect(issues[0]).toMatchObject({ source: "logDirs", line: 3, path: "brokers.0.logDirs.1.partitions.4.size" });
  });

  it("parseLogDirs() rejects a negative size", () => {
    expect(problems(oneDir('{"partition":"orders-0","size":-5,"offsetLag":0,"isFuture":false}'))[0]).toMatchObject({
      line: 3,
      path: "brokers.0.logDirs.0.partitions.0.size",
      message: "expected a non-negative integer, got -5",
    });
  });

  it("parseLogDirs() rejects a size beyond 2^53 instead of rounding it", () => {
    expect(problems(oneDir('{"partition":"orders-0","size":18014398509481984,"offsetLag":0,"isFuture":false}'))[0]?.message).toMatch(/2\^53/);
  });

  it("parseLogDirs() points at the exact line of a bad field in pretty-printed JSON", () => {
    const lines = fixture("log-dirs-pretty.txt").split("\n");
    const target = lines.findIndex((l) => l.includes('"isFuture": true'));
    lines[target] = lines[target]!.replace("true", '"yes"');
    const [issue] = problems(lines.join("\n"));
    expect(issue?.line).toBe(target + 1);
    expect(issue?.path).toMatch(/^brokers\.\d\.logDirs\.\d\.partitions\.\d+\.isFuture$/);
    expect(issue?.message).toBe('expected true or false, got "yes"');
  });

  it("parseLogDirs() names the line of a missing key in pretty-printed JSON as its object's first line", () => {
    const text = `${PREAMBLE}{\n  "brokers": [\n    {\n      "broker": 1,\n      "logDirs": [\n        {"logDir": "/d1", "error": null}\n      ]\n    }\n  ]\n}`;
    expect(problems(text)).toEqual([
      {
        source: "logDirs",
        line: 8,
        path: "brokers.0.logDirs.0.partitions",
        message: "expected an array of partitions (empty for an offline dir), got nothing (the key is missing)",
      },
    ]);
  });

  it("parseLogDirs() reports JSON cut off while pasting with its line and column", () => {
    const text = fixture("log-dirs-3.9.txt").trimEnd().slice(0, -40);
    const [issue] = problems(text);
    expect(issue?.line).toBe(3);
    expect(issue?.message).toMatch(/^invalid JSON at column \d+: .*(cut off|never closed)/);
  });

  it("parseLogDirs() names a line that is not part of the tool's output", () => {
    const text = `some notes about the cluster\n${fixture("log-dirs-3.9.txt")}`;
    const [issue] = problems(text);
    expect(issue?.line).toBe(1);
    expect(issue?.message).toMatch(/^not part of kafka-log-dirs --describe output: .*got "some notes about the cluster"/);
  });

  it("parseLogDirs() answers the --broker-list check's ERROR line as the tool's failure", () => {
    const text = `ERROR: The given brokers do not exist from --broker-list: 7. Current existent brokers: 1,2,3\n${fixture("log-dirs-3.9.txt")}`;
    const [issue] = problems(text);
    expect(issue?.line).toBe(1);
    expect(issue?.message).toMatch(/^the tool failed: The given brokers do not exist from --broker-list: 7\. Current existent brokers: 1,2,3; re-run kafka-log-dirs.sh/);
  });

  it("parseLogDirs() asks for the JSON line when only the preamble was pasted", () => {
    expect(problems(PREAMBLE)[0]?.message).toMatch(/^no JSON found: paste the whole output of kafka-log-dirs.sh --describe/);
  });

  it("parseLogDirs() rejects a partition name without a partition number", () => {
    expect(problems(oneDir('{"partition":"orders","size":1,"offsetLag":0,"isFuture":false}'))[0]).toMatchObject({
      path: "brokers.0.logDirs.0.partitions.0.partition",
      message: 'expected "<topic>-<partition>" such as "orders-eu-3", got "orders"',
    });
  });

  it("parseLogDirs() rejects a topic name with characters Kafka does not allow", () => {
    expect(problems(oneDir('{"partition":"my topic-0","size":1,"offsetLag":0,"isFuture":false}'))[0]?.message).toMatch(/ASCII letters, digits, '\.', '_' and '-'/);
  });

  it("parseLogDirs() rejects a format version other than 1", () => {
    expect(problems(`{"brokers":[],"version":2}`)[0]).toMatchObject({ line: 1, path: "version", message: "expected 1 (the kafka-log-dirs format this reads), got 2" });
  });

  it("parseLogDirs() rejects the same run pasted twice, naming the first partition both hold", () => {
    const run = fixture("log-dirs-per-broker.txt").split("\n").slice(0, 3).join("\n");
    const [issue] = problems(`${run}\n${run}`);
    expect(issue).toMatchObject({ line: 6, path: "brokers.0.logDirs.0.partitions.0.partition" });
    expect(issue?.message).toMatch(/^__consumer_offsets-3 on broker 1 is in two runs \(lines 3 and 6\) with the same size: the runs overlap/);
  });

  it("parseLogDirs() rejects a broker listed twice within one run", () => {
    const text = `{"brokers":[{"broker":1,"logDirs":[]},\n{"broker":1,"logDirs":[]}],"version":1}`;
    expect(problems(text)[0]).toMatchObject({ line: 2, path: "brokers.1.broker", message: expect.stringMatching(/^broker 1 is listed twice in one run/) });
  });

  describe("several --topic-list runs of one broker", () => {
    const DIRS = (parts: [string, string][]) =>
      `{"brokers":[{"broker":1,"logDirs":[${["/d1", "/d2"]
        .map(
          (d) =>
            `{"logDir":"${d}","error":null,"partitions":[${parts
              .filter(([, dir]) => dir === d)
              .map(([p]) => p)
              .join(",")}]}`,
        )
        .join(",")}]}],"version":1}`;
    const entry = (name: string, size = 10, lag = 0) => `{"partition":"${name}","size":${size},"offsetLag":${lag},"isFuture":false}`;
    const run = (parts: [string, string][]) => `${PREAMBLE}${DIRS(parts)}\n`;

    it("merges runs whose partition sets are disjoint into one broker, dirs once each", () => {
      const l = listing(
        run([
          [entry("a-0"), "/d1"],
          [entry("a-1"), "/d2"],
        ]) + run([[entry("b-0"), "/d2"]]),
      );
      expect(l.brokers).toHaveLength(1);
      expect(l.brokers[0]?.logDirs.map((d) => d.path)).toEqual(["/d1", "/d2"]);
      expect(l.replicas.map((r) => `${r.topic}-${r.partition}@${r.logDir}`).sort()).toEqual(["a-0@/d1", "a-1@/d2", "b-0@/d2"]);
      expect(l).toMatchObject({ runs: 2, splitBrokers: [1] });
    });

    it("merges six runs of one broker, each with its own topics, with prompts and log lines between them", () => {
      const runs = ["a", "b", "c", "d", "e", "f"].map((t, i) =>
        run([
          [entry(`${t}-0`, i + 1), "/d1"],
          [entry(`${t}-1`, 10 * (i + 1)), "/d2"],
        ]),
      );
      const text = runs
        .map(
          (r, i) =>
            `$ kafka-log-dirs.sh --bootstrap-server b1:9092 --describe --broker-list 1 --topic-list ${"abcdef"[i]}\n[2024-05-01 10:00:0${i},000] WARN x (org.apache.kafka.clients.NetworkClient)\n${r}`,
        )
        .join("");
      const l = listing(`${text}bash-5.1$ `);
      expect(l.brokers.map((b) => [b.id, b.logDirs.length])).toEqual([[1, 2]]);
      expect(l.replicas).toHaveLength(12);
      expect(l.replicas.reduce((n, r) => n + (r.sizeBytes ?? 0), 0)).toBe(21 + 210);
      expect(l).toMatchObject({ runs: 6, splitBrokers: [1] });
    });

    it("refuses the same partition in two runs with different sizes, naming both lines", () => {
      const [issue] = problems(run([[entry("a-0", 10), "/d1"]]) + run([[entry("a-0", 12), "/d1"]]));
      expect(issue).toMatchObject({ line: 6 });
      expect(issue?.message).toMatch(/^a-0 on broker 1 is in two runs \(lines 3 and 6\) with different sizes 10 bytes and 12 bytes/);
    });

    it("refuses the same partition in two runs with a different offsetLag", () => {
      expect(problems(run([[entry("a-0", 10, 0), "/d1"]]) + run([[entry("a-0", 10, 5), "/d1"]]))[0]?.message).toMatch(/with different offsetLag 0 and 5/);
    });

    it("names the lines of the partition keys in pretty-printed runs", () => {
      const doc = (size: number) =>
        JSON.stringify(
          {
            brokers: [
              {
                broker: 1,
                logDirs: [
                  {
                    logDir: "/d1",
                    error: null,
                    partitions: [
                      { partition: `x-${size}`, size: 1, offsetLag: 0, isFuture: false },
                      { partition: "a-0", size, offsetLag: 0, isFuture: false },
                    ],
                  },
                ],
              },
            ],
            version: 1,
          },
          null,
          2,
        );
      const text = `${PREAMBLE}${doc(1)}\n${PREAMBLE}${doc(2)}\n`;
      const lines = text.split("\n").flatMap((l, i) => (l.includes('"partition": "a-0"') ? [i + 1] : []));
      expect(lines).toHaveLength(2);
      expect(problems(text)[0]).toMatchObject({
        line: lines[1],
        message: expect.stringContaining(`is in two runs (lines ${lines[0]} and ${lines[1]}) with different sizes 1 byte and 2 bytes`),
      });
    });

    it("refuses the same partition in two runs in different dirs", () => {
      const [issue] = problems(run([[entry("a-0"), "/d1"]]) + run([[entry("a-0"), "/d2"]]));
      expect(issue?.message).toMatch(/^a-0 on broker 1 is in two runs, in "\/d1" \(line 3\) and in "\/d2" \(line 6\)/);
    });

    it("refuses a dir that is offline in one run and online in another", () => {
      const offline = `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d1","error":"org.apache.kafka.common.errors.KafkaStorageException","partitions":[]}]}],"version":1}\n`;
      const [issue] = problems(run([[entry("a-0"), "/d1"]]) + offline);
      expect(issue?.message).toMatch(/log dir "\/d1" of broker 1 is offline in one run \(line 6\) and online in another \(line 3\)/);
    });
  });

  it("parseLogDirs() rejects one partition as a current replica in two dirs of a broker", () => {
    const text = `{"brokers":[{"broker":1,"logDirs":[
{"logDir":"/d1","error":null,"partitions":[{"partition":"a-0","size":1,"offsetLag":0,"isFuture":false}]},
{"logDir":"/d2","error":null,"partitions":[{"partition":"a-0","size":1,"offsetLag":0,"isFuture":false}]}]}],"version":1}`;
    const [issue] = problems(text);
    expect(issue).toMatchObject({ line: 3, path: "brokers.0.logDirs.1.partitions.0.partition" });
    expect(issue?.message).toMatch(/a-0 is listed on broker 1 in both "\/d1" and "\/d2"/);
  });

  it("parseLogDirs() rejects a future replica in the same dir as its current replica", () => {
    const text = oneDir('{"partition":"a-0","size":1,"offsetLag":0,"isFuture":false},{"partition":"a-0","size":1,"offsetLag":0,"isFuture":true}');
    expect(problems(text)[0]?.message).toMatch(/same dir as the current one/);
  });

  it("parseLogDirs() rejects a non-object at the top and wrongly typed containers", () => {
    expect(problems("[1,2]")[0]?.message).toMatch(/^expected a JSON object like/);
    expect(problems('{"brokers":{}}')[0]).toMatchObject({ path: "brokers", message: "expected an array of brokers, got an object" });
    expect(problems('{"brokers":[{"broker":"1","logDirs":[]}]}')[0]).toMatchObject({ path: "brokers.0.broker" });
    expect(problems('{"brokers":[{"broker":1,"logDirs":[{"logDir":"","error":null,"partitions":[]}]}]}')[0]).toMatchObject({ path: "brokers.0.logDirs.0.logDir" });
    expect(problems('{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","error":5,"partitions":[]}]}]}')[0]).toMatchObject({ path: "brokers.0.logDirs.0.error" });
  });

  it("parseLogDirs() lists at most 50 problems and says how many more there are", () => {
    const parts = Array.from({ length: 500 }, (_, k) => `{"partition":"t-${k}","size":"x"}`).join(",");
    const issues = problems(oneDir(parts));
    expect(issues).toHaveLength(51);
    expect(issues[50]?.message).toBe("450 more problems not listed; fix the ones above first");
  });
});

describe("parseLogDirs() at size", () => {
  it("parseLogDirs() reads one broker with 100,000 log dirs in one linear pass and still finds a duplicate at the end", () => {
    const dirs = Array.from({ length: 100_000 }, (_, i) => ({ logDir: `/data/d${i}`, error: null, partitions: [] }));
    dirs.push({ logDir: "/data/d7", error: null, partitions: [] });
    const text = JSON.stringify({ version: 1, brokers: [{ broker: 1, logDirs: dirs }] });
    const result = parseLogDirs(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((i) => i.message)).toEqual(['log dir "/data/d7" is listed twice on broker 1']);
  });
  it('parseLogDirs() keeps a pasted "__proto__" key an ordinary unknown key: it neither replaces nor hides the entry\'s own fields', () => {
    const entry = oneDir(`{"partition":"t-0","size":7,"offsetLag":0,"isFuture":false,"__proto__":{"size":5,"partition":"x-9"}}`);
    expect(listing(entry).replicas.map((r) => [r.topic, r.partition, r.sizeBytes])).toEqual([["t", 0, 7]]);
    const broker = `${PREAMBLE}{"brokers":[{"__proto__":{"broker":9,"logDirs":[]},"broker":1,"logDirs":[{"partitions":[{"partition":"t-0","size":3,"offsetLag":0,"isFuture":false}],"error":null,"logDir":"/data/d1"}]}],"version":1}`;
    expect(listing(broker).brokers.map((b) => b.id)).toEqual([1]);
    expect(listing(broker).replicas.map((r) => r.sizeBytes)).toEqual([3]);
    const only = `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"partitions":[{"__proto__":{"partition":"t-0","size":3,"offsetLag":0,"isFuture":false}}],"error":null,"logDir":"/data/d1"}]}],"version":1}`;
    expect(problems(only).map(formatImportIssue).join("\n")).toMatch(/partition/);
  });
});
