import { describe, expect, it } from "vitest";
import { formatByteInput, parseByteSize } from "@/lib/view/byte-size-input";

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
