import { describe, expect, it } from "vitest";
import { compareJavaStrings, javaParseInt, javaSplit, javaTrim, NumberFormatException } from "@/lib/model/java-string";

describe("java.lang.String and Integer behaviour", () => {
  it("javaSplit() drops trailing empty strings and keeps a lone empty string", () => {
    expect(javaSplit("", ",")).toEqual([""]);
    expect(javaSplit(",", ",")).toEqual([]);
    expect(javaSplit("a,,b,,", ",")).toEqual(["a", "", "b"]);
    expect(javaSplit(",a", ",")).toEqual(["", "a"]);
  });

  it("javaTrim() removes control characters and spaces but not Unicode spaces", () => {
    expect(javaTrim("\t 1:2 \n")).toBe("1:2");
    expect(javaTrim("\u00a01:2")).toBe("\u00a01:2");
  });

  it("javaSplit() returns the whole string when the separator does not occur", () => {
    expect(javaSplit("abc", ",")).toEqual(["abc"]);
  });

  it("javaParseInt() takes a sign and ASCII digits within int32, and throws NumberFormatException otherwise", () => {
    expect([javaParseInt("+7"), javaParseInt("-0012"), javaParseInt("2147483647"), javaParseInt("-2147483648")]).toEqual([7, -12, 2147483647, -2147483648]);
    for (const bad of ["", " 1", "1 ", "2147483648", "1.0", "\u0661", "0x1", "+"]) {
      expect(() => javaParseInt(bad), bad).toThrow(NumberFormatException);
    }
    expect(() => javaParseInt("x")).toThrow('For input string: "x"');
  });

  it("compareJavaStrings() orders by UTF-16 code units, as String#compareTo", () => {
    expect(["b", "B", "a", "\u00e4", "10", "9"].sort(compareJavaStrings)).toEqual(["10", "9", "B", "a", "b", "\u00e4"]);
    expect(compareJavaStrings("x", "x")).toBe(0);
  });
});
