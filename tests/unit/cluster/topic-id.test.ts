import { describe, expect, it } from "vitest";
import { kafkaTopicId } from "@/lib/cluster/live/assemble";

describe("kafkaTopicId()", () => {
  it("kafkaTopicId() prints the client's hex Uuid as Kafka's tools do (base64url, no padding)", () => {
    // 16 bytes 0x00..0x0f.
    expect(kafkaTopicId("00010203-0405-0607-0809-0a0b0c0d0e0f")).toBe(Buffer.from("000102030405060708090a0b0c0d0e0f", "hex").toString("base64url"));
    expect(kafkaTopicId("00010203-0405-0607-0809-0a0b0c0d0e0f")).toHaveLength(22);
  });

  it("kafkaTopicId() treats the zero Uuid and a missing id as no id", () => {
    expect(kafkaTopicId("00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(kafkaTopicId(null)).toBeNull();
  });
});
