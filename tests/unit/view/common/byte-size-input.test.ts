import { describe, expect, it } from "vitest";
import { formatByteInput, formatByteRateInput, parseByteRate, parseByteSize } from "@/lib/view/common/byte-size-input";

describe("parseByteSize()", () => {
  it("parseByteSize() reads binary units as powers of 1024 and SI units as powers of 1000", () => {
    expect(parseByteSize("512 GiB")).toEqual({ ok: true, value: 512 * 1024 ** 3 });
    expect(parseByteSize("1.5TiB")).toEqual({ ok: true, value: 1.5 * 1024 ** 4 });
    expect(parseByteSize("40g")).toEqual({ ok: true, value: 40 * 1024 ** 3 });
    expect(parseByteSize("800 MB")).toEqual({ ok: true, value: 800e6 });
    expect(parseByteSize(" 1073741824 ")).toEqual({ ok: true, value: 1073741824 });
    expect(parseByteSize("16 KiB")).toEqual({ ok: true, value: 16384 });
  });

  it("parseByteSize() says what to type instead", () => {
    expect(parseByteSize("lots")).toMatchObject({ ok: false, error: { message: expect.stringMatching(/e\.g\. "512 GiB"/) } });
    expect(parseByteSize("5 XB")).toMatchObject({ ok: false, error: { message: expect.stringMatching(/unknown unit "XB"/) } });
    expect(parseByteSize("-1 GiB").ok).toBe(false);
    expect(parseByteSize("99999 PiB")).toMatchObject({ ok: false, error: { message: expect.stringMatching(/too large/) } });
  });
});

describe("formatByteInput()", () => {
  it("formatByteInput() writes the largest exact binary unit, and parses back to the same bytes", () => {
    for (const bytes of [0, 1, 1023, 16384, 512 * 1024 ** 3, 36 * 1024 ** 3 + 1, 1.5 * 1024 ** 4, 123456789]) {
      const text = formatByteInput(bytes);
      const back = parseByteSize(text);
      expect(back.ok && Math.abs(back.value - bytes)).toBeLessThanOrEqual(bytes * 1e-6);
    }
    expect(formatByteInput(512 * 1024 ** 3)).toBe("512 GiB");
    expect(formatByteInput(16384)).toBe("16 KiB");
    expect(formatByteInput(1000)).toBe("1000 B");
  });
});

describe("parseByteRate()", () => {
  it("parseByteRate() reads a size per second, with or without the /s", () => {
    expect(parseByteRate("80 MiB/s")).toEqual({ ok: true, value: 80 * 1024 ** 2 });
    expect(parseByteRate("1.5GiB / s")).toEqual({ ok: true, value: 1.5 * 1024 ** 3 });
    expect(parseByteRate("100 MB")).toEqual({ ok: true, value: 100e6 });
    expect(parseByteRate("512 B/sec")).toEqual({ ok: true, value: 512 });
  });

  it("parseByteRate() refuses a bare number, zero and nonsense, saying what to type", () => {
    expect(parseByteRate("80")).toMatchObject({ ok: false, error: { message: 'a rate needs a unit, e.g. "80 MiB/s"' } });
    expect(parseByteRate("80 /s")).toMatchObject({ ok: false, error: { message: 'a rate needs a unit, e.g. "80 MiB/s"' } });
    expect(parseByteRate("0 MiB/s")).toMatchObject({ ok: false, error: { message: "a rate must be at least 1 B/s" } });
    expect(parseByteRate("fast")).toMatchObject({ ok: false, error: { message: 'a rate is a number and a unit, e.g. "80 MiB/s"' } });
    expect(parseByteRate("5 XB/s")).toMatchObject({ ok: false, error: { message: expect.stringMatching(/unknown unit "XB"/) } });
  });
});

describe("formatByteRateInput()", () => {
  it("formatByteRateInput() writes a rate that parses back to the same bytes/s", () => {
    for (const rate of [1, 50 * 1024 ** 2, 100 * 1024 ** 2, 123456789]) expect(parseByteRate(formatByteRateInput(rate))).toEqual({ ok: true, value: rate });
    expect(formatByteRateInput(50 * 1024 ** 2)).toBe("50 MiB/s");
  });
});
