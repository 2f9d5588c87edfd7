import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { brokersCsv, dirsCsv, exportBaseName, exportFile, reportFile, snapshotFile, toCsv } from "@/lib/share/export";
import { fixturePayload } from "../links/fixture";

const { snapshot } = fixturePayload("snapshot");
const report = balanceReport(snapshot);

describe("CSV export", () => {
  it("brokersCsv() writes one row per broker with raw figures", () => {
    const lines = brokersCsv(report).split("\r\n");
    expect(lines[0]).toBe("broker,rack,state,replicas,leaders,bytes,future_bytes,log_dirs");
    expect(lines).toHaveLength(report.brokers.length + 2);
    const b1 = report.brokers.find((b) => b.id === 1)!;
    expect(lines[1]).toBe(`1,rack-1,online,${b1.replicas},${b1.leaders},${b1.bytes},${b1.futureBytes},2`);
    expect(lines.at(-1)).toBe("");
  });

  it("dirsCsv() writes one row per log dir, empty where a figure is unknown", () => {
    const lines = dirsCsv(report).split("\r\n");
    expect(lines[0]).toContain("broker,log_dir,state,partitions");
    expect(lines).toHaveLength(report.dirs.length + 2);
    expect(lines.some((l) => l.startsWith("3,/data/d2,offline,"))).toBe(true);
  });

  it("toCsv() quotes commas, quotes and line breaks, and defuses spreadsheet formulas", () => {
    expect(
      toCsv(
        ["a", "b"],
        [
          ["x,y", 'say "hi"'],
          ["=1+1", null],
          ["-rf", -2],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=1+1,\r\n\'-rf,-2\r\n');
  });
});

describe("exportFile()", () => {
  it("exportFile() names files after the cluster and capture time", () => {
    expect(exportBaseName(snapshot)).toBe("kafka-balance-MkU3OEVBNTcwNTJENDM2Qg-2026-01-05T090000Z");
    expect(exportFile(snapshot, report, "dirs-csv").fileName).toBe("kafka-balance-MkU3OEVBNTcwNTJENDM2Qg-2026-01-05T090000Z-log-dirs.csv");
  });

  it("exportFile('json') is the snapshot itself", () => {
    const file = exportFile(snapshot, report, "json");
    expect(file.mimeType).toBe("application/json");
    expect(JSON.parse(file.body)).toEqual(snapshot);
  });

  it("exportFile() takes the file name's stem from the caller when given", () => {
    expect(exportFile(snapshot, report, "json", "kafka-balance-x-before").fileName).toBe("kafka-balance-x-before.json");
  });

  it("snapshotFile() is exportFile('json') without a report", () => {
    expect(snapshotFile(snapshot)).toEqual(exportFile(snapshot, report, "json"));
  });
});

describe("reportFile()", () => {
  it("reportFile() writes the same CSVs as exportFile() from the report alone, named by the stem given", () => {
    expect(reportFile(report, "brokers-csv", "stem")).toEqual({ ...exportFile(snapshot, report, "brokers-csv"), fileName: "stem-brokers.csv" });
    expect(reportFile(report, "dirs-csv", "stem")).toEqual({ ...exportFile(snapshot, report, "dirs-csv"), fileName: "stem-log-dirs.csv" });
  });
});

describe("CSV injection (OWASP)", () => {
  const cell = (value: string) =>
    toCsv(["h"], [[value]])
      .split("\r\n")
      .slice(1, -1)
      .join("\r\n");

  it("quotes a path that holds a ; and defuses the formula after it (Excel in ;-locales splits on it)", () => {
    expect(cell("/data/d1;=cmd|' /C calc'!A0;")).toBe(`"/data/d1;'=cmd|' /C calc'!A0;"`);
  });

  it("quotes every separator of a locale (, ; tab), quotes, line breaks and edge spaces", () => {
    expect(cell("a,b")).toBe('"a,b"');
    expect(cell("a;b")).toBe('"a;b"');
    expect(cell("a\tb")).toBe('"a\tb"');
    expect(cell('a"b')).toBe('"a""b"');
    expect(cell("a\nb")).toBe('"a\nb"');
    expect(cell(" rack")).toBe('" rack"');
    expect(cell("rack ")).toBe('"rack "');
    expect(cell("/data/d1")).toBe("/data/d1");
    expect(cell("rack-1")).toBe("rack-1");
  });

  it("defuses formula starts at the start, after spaces, after each separator and line break, full-width ones too", () => {
    for (const start of ["=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20"]) {
      expect(cell(`${start}1+1`)).toBe(`'${start}1+1`);
      expect(cell(`  ${start}1`)).toBe(`"  '${start}1"`);
      for (const sep of [",", ";", "\t", "\n", "\r"]) expect(cell(`a${sep}${start}1`)).toBe(`"a${sep}'${start}1"`);
    }
    expect(cell("\t=1")).toBe(`"'\t'=1"`);
    expect(cell("\r=1")).toBe(`"'\r'=1"`);
    expect(cell("a, =1")).toBe(`"a, '=1"`);
  });

  it("keeps numbers numeric, negative ones included, and defuses only text", () => {
    expect(toCsv(["a", "b", "c"], [[-0.25, -2, "-2"]])).toBe("a,b,c\r\n-0.25,-2,'-2\r\n");
  });

  it("brokersCsv() and dirsCsv() write a hostile rack and path defused", () => {
    const hostile = "/data/d1;=cmd|' /C calc'!A0;";
    const brokers = brokersCsv({ brokers: report.brokers.map((b) => ({ ...b, rack: hostile })) });
    const dirs = dirsCsv({ dirs: report.dirs.map((d) => ({ ...d, path: hostile })) });
    for (const csv of [brokers, dirs]) {
      expect(csv).toContain(`"/data/d1;'=cmd|' /C calc'!A0;"`);
      expect(csv).not.toMatch(/(^|[,;])=/m);
    }
  });
});
