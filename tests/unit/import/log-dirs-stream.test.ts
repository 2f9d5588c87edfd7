import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LogDirsStreamReader, parseLogDirs } from "@/lib/import/log-dirs";
import { findJsonSyntaxError, lineAndColumn } from "@/lib/model/json-scan";
import { fixture } from "@/tests/fixtures/import/format";
import { generatedLogDirsChunks, generatedLogDirsText } from "@/tests/fixtures/import/generated-log-dirs";

const PREAMBLE = "Querying brokers for log directories information\nReceived log directory information from brokers 1,2\n";

/** Small pastes that exercise every rule: good, bad, multi-byte, pretty, several runs, CR/CRLF. */
const SAMPLES: string[] = [
  fixture("log-dirs-3.9.txt"),
  fixture("log-dirs-2.4.txt"),
  fixture("log-dirs-pretty.txt"),
  fixture("log-dirs-per-broker.txt"),
  fixture("log-dirs-extra-keys.txt"),
  `\ufeff${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"partitions":[{"partition":"zürich-€-0","size":12,"offsetLag":-3,"isFuture":false},{"partition":"zürich-€-0","size":1.5e3,"isFuture":true}],"error":null,"logDir":"/data/𝄞1"},{"logDir":"/data/d2","error":"org.apache.kafka.common.errors.KafkaStorageException","partitions":[]}]}],"version":1}\r\n`,
  `${PREAMBLE}\r\n{\r\n  "version": 1,\r  "brokers": [ { "logDirs": [ { "partitions": [ { "partition": "a-0", "size": -1e2 } ], "logDir": "/d" } ], "broker": 1 } ]\n}\n`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","error":null,"partitions":[{"partition":"a-0","size":true,"offsetLag":"x"}]}]}],"version":2}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[]}],"version":1}\n{"brokers":[{"broker":1,"logDirs":[]}]}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","partitions":[{"partition":"a-0","size":12,"offsetLag":0,"isFuture":fals}]}]}]}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d\\u00e9\\x","partitions":[]}]}]}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","partitions":[{"size":1.}]}]}]}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","partitions":[{"size":-}]}]}]}`,
  `${PREAMBLE}{"brokers":[{"broker":1,"logDirs":[{"logDir":"/d","partitions":[{"size":12e+`,
  `${PREAMBLE}{"brokers":[{"broker":1 "logDirs":[]}]}\nnot the tool's output, a line much longer than sixty characters — with accents: éèà\n`,
  `Querying brokers for log directories information   \nReceived log directory information from brokers \n{"brokers":[`,
  `Received log directory information from brokers 1, 2,3 \n\n[{"brokers":[]}]\n  \u00a0{"a":1}\n`,
  `${PREAMBLE}{"brokers":{"x":[1,2]},"version":{"v":1}}\n{"brokers":"a string","version":1}\n{"version":1}`,
  "   \n\t\n",
  PREAMBLE,
];

function oneChunk(text: string) {
  return parseLogDirs(text);
}

function chunked(bytes: Uint8Array, cuts: number[]) {
  const reader = new LogDirsStreamReader();
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    reader.write(bytes.subarray(from, cut));
    from = cut;
  }
  return reader.end();
}

const splitPoints = (length: number) => fc.uniqueArray(fc.integer({ min: 0, max: length }), { maxLength: 12 }).map((cuts) => cuts.sort((a, b) => a - b));

describe("LogDirsStreamReader", () => {
  it("LogDirsStreamReader gives the same result as one chunk for every split of the UTF-8 bytes, inside characters, numbers, strings and keywords", () => {
    for (const text of SAMPLES) {
      const bytes = new TextEncoder().encode(text);
      const expected = oneChunk(text);
      fc.assert(
        fc.property(splitPoints(bytes.length), (cuts) => {
          expect(chunked(bytes, cuts)).toEqual(expected);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("LogDirsStreamReader gives the same result for text chunks, one character at a time", () => {
    for (const text of SAMPLES) {
      const reader = new LogDirsStreamReader();
      for (const ch of text) reader.write(ch);
      expect(reader.end()).toEqual(oneChunk(text));
    }
  });

  it("LogDirsStreamReader reports a JSON mistake where findJsonSyntaxError finds it, on random damage", () => {
    const json = fixture("log-dirs-pretty.txt").split("\n").slice(2).join("\n").trimEnd();
    const damage = fc.record({
      at: fc.integer({ min: 0, max: json.length - 1 }),
      cut: fc.integer({ min: 0, max: 3 }),
      insert: fc.constantFrom("", ",", "}", "]", '"', "\\", "-", ".", "e", "t", "x", "\n", "1", ":"),
    });
    fc.assert(
      fc.property(damage, ({ at, cut, insert }) => {
        const doc = json.slice(0, at) + insert + json.slice(at + cut);
        const found = findJsonSyntaxError(doc);
        // A blank line ends a document, so the reference is only comparable on texts without one.
        fc.pre(found !== null && doc.trimStart().startsWith("{") && !/\n\s*(\n|$)/.test(doc));
        const where = lineAndColumn(doc, found!.offset, 1);
        const result = parseLogDirs(doc);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.issues[0]).toMatchObject({ line: where.line, message: `invalid JSON at column ${where.column}: ${found!.message}` });
      }),
      { numRuns: 300 },
    );
  });

  it("LogDirsStreamReader reads a generated paste chunk by chunk as parseLogDirs reads it whole", () => {
    const spec = { brokers: 7, dirs: 3, replicas: 2_000 };
    const reader = new LogDirsStreamReader();
    for (const chunk of generatedLogDirsChunks(spec)) reader.write(chunk);
    const streamed = reader.end();
    expect(streamed).toEqual(parseLogDirs(generatedLogDirsText(spec)));
    expect(streamed.ok && streamed.value.replicas.length).toBe(2_000);
  });

  it("LogDirsStreamReader says the paste is blank only when every line is blank", () => {
    const blank = new LogDirsStreamReader();
    blank.write(" \r\n\t\u00a0\n");
    expect(blank.sawText).toBe(false);
    const preamble = new LogDirsStreamReader();
    preamble.write(PREAMBLE);
    expect(preamble.sawText).toBe(true);
  });
});
