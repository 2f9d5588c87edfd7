import { describe, expect, it } from "vitest";
import { newClusterId } from "@/scripts/kafka/cluster";

describe("newClusterId()", () => {
  it("never starts with '-', which kafka-storage format would take for an option", () => {
    // 0xf8 0x.. encodes to "-" first in URL-safe base64: the first draws start with "-", the last does not.
    const draws = [Buffer.alloc(16, 0xf8), Buffer.alloc(16, 0xfb), Buffer.alloc(16, 0x41)];
    let calls = 0;
    const id = newClusterId(() => draws[calls++]!);
    expect(draws[0]!.toString("base64url").startsWith("-")).toBe(true);
    expect(draws[1]!.toString("base64url").startsWith("-")).toBe(true);
    expect(calls).toBe(3);
    expect(id).toBe(draws[2]!.toString("base64url"));
  });

  it("gives 22 URL-safe base64 characters, none leading with '-', over many draws", () => {
    for (let i = 0; i < 2000; i++) {
      const id = newClusterId();
      expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
    }
  });
});
