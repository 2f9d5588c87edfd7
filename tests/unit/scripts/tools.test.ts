import { existsSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shellArg } from "@/lib/plan/shell";
import { shellWords, toolMainClass } from "@/scripts/kafka/tools";
import { jarsDir } from "@/scripts/kafka/versions";

const installed = (v: string) => existsSync(path.join(jarsDir(v), ".complete"));

describe("scripts/kafka/tools", () => {
  it("shellWords() splits a printed command line as sh does: blanks, '…', \"…\" and backslashes", () => {
    expect(shellWords(`kafka-configs.sh --bootstrap-server k:9092 --entity-name 'a b' --add-config 'x=[0:1,0:2]'`)).toEqual([
      "kafka-configs.sh",
      "--bootstrap-server",
      "k:9092",
      "--entity-name",
      "a b",
      "--add-config",
      "x=[0:1,0:2]",
    ]);
    expect(shellWords(`a  "q\\"r"  e\\ f 'it'\\''s'`)).toEqual(["a", 'q"r', "e f", "it's"]);
    expect(shellWords("a ''")).toEqual(["a", ""]);
  });

  it("shellWords() gives back exactly the value shellArg() quoted, for any string (what the page prints is what the tool gets)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1 }), (value) => {
        expect(shellWords(`tool --entity-name ${shellArg(value)}`)).toEqual(["tool", "--entity-name", value]);
      }),
    );
  });

  it("shellWords() refuses what is not one plain command: pipes, expansions, an open quote", () => {
    for (const line of ["a | b", "a; b", "a $(id)", "a `id`", "a > f", "a 'open", 'a "open', "a \\"]) expect(() => shellWords(line), line).toThrow();
  });

  it.skipIf(!installed("3.9.2") || !installed("4.4.0"))("toolMainClass() finds each script's class in the version's jars (ConfigCommand moved to the tools module in 4.4)", () => {
    expect(toolMainClass("3.9.2", "kafka-configs.sh")).toBe("kafka.admin.ConfigCommand");
    expect(toolMainClass("4.4.0", "kafka-configs.sh")).toBe("org.apache.kafka.tools.ConfigCommand");
    for (const v of ["3.9.2", "4.4.0"]) {
      expect(toolMainClass(v, "kafka-reassign-partitions.sh")).toBe("org.apache.kafka.tools.reassign.ReassignPartitionsCommand");
      expect(toolMainClass(v, "/opt/kafka/bin/kafka-leader-election.sh")).toBe("org.apache.kafka.tools.LeaderElectionCommand");
    }
    expect(() => toolMainClass("4.4.0", "kafka-nothing.sh")).toThrow(/no main class known/);
  });
});
