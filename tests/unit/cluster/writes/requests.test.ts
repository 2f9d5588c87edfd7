import { Reader } from "@platformatic/kafka";
import { describe, expect, it } from "vitest";
import { ELECTION_NOT_NEEDED, ELECTION_TYPE_PREFERRED, electLeadersV2Request, parseElectLeadersV2Response } from "@/lib/cluster/writes/requests";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

// The wire format of ElectLeaders v2 as Kafka's ElectLeadersRequest.json / ElectLeadersResponse.json
// define it (flexible: compact strings and arrays, a tagged-field section after every struct).
describe("ElectLeaders v2", () => {
  it("electLeadersV2Request() writes election type, the compact topic/partition array, the timeout and the tagged fields", () => {
    const bytes = Buffer.concat(electLeadersV2Request(ELECTION_TYPE_PREFERRED, [{ topic: "t", partitions: [0, 2] }], 1000).buffers);
    expect(bytes.toString("hex")).toBe(hex("00 02 02 74 03 00000000 00000002 00 000003e8 00").toString("hex"));
  });

  it("parseElectLeadersV2Response() reads every partition's answer, errors included, without throwing", () => {
    const body = hex("00000000 0000 02 02 74 03 00000000 0000 00 00 00000002 0054 02 78 00 00 00");
    expect(parseElectLeadersV2Response(1, 43, 2, Reader.from(body))).toEqual({
      throttleTimeMs: 0,
      errorCode: 0,
      results: [
        {
          topic: "t",
          partitions: [
            { partition: 0, errorCode: 0, errorMessage: null },
            { partition: 2, errorCode: ELECTION_NOT_NEEDED, errorMessage: "x" },
          ],
        },
      ],
    });
  });
});
