// lib/model/shell-word: every value a copied command names reaches the tool as one word, whatever it
// holds; checked against a real POSIX shell, not by reading the quoting.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { shellArg } from "@/lib/model/shell-word";

/** The words `sh` makes of a command line's tail: one line each (printf repeats its format per word). */
function words(line: string): string[] {
  return execFileSync("sh", ["-c", `printf '%s\\n' ${line}`], { encoding: "utf8" })
    .split("\n")
    .slice(0, -1);
}

const HOSTILE = [
  "x; touch /tmp/kb-pwned",
  "$(id)",
  "`id`",
  "a'b",
  "'",
  "''",
  "a b",
  "*",
  "~",
  "=ls",
  "a\\b",
  "!1",
  "x|y",
  "x&",
  'a"b',
  "$HOME",
  "${IFS}",
  "{a,b}",
  "[ab]",
  "#",
  "a\tb",
  "\u00e9t\u00e9",
  "a\nb",
];

describe("shellArg()", () => {
  it("leaves ordinary names, paths and addresses as they are", () => {
    for (const v of ["orders", "__consumer_offsets", "my.topic-1", "/data/d1", "k1:9092,k2:9092", "plan.json", "a=b"]) expect(shellArg(v)).toBe(v);
  });

  it("makes every hostile value one word that the shell passes through unchanged", () => {
    for (const v of HOSTILE) expect(words(shellArg(v)), JSON.stringify(v)).toEqual(v.split("\n").length > 1 ? v.split("\n") : [v]);
    expect(
      words(
        HOSTILE.filter((v) => !v.includes("\n"))
          .map(shellArg)
          .join(" "),
      ),
    ).toEqual(HOSTILE.filter((v) => !v.includes("\n")));
  });
});
