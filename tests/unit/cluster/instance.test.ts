import os from "node:os";
import { describe, expect, it } from "vitest";
import { instanceName, PROCESS_OWNER } from "@/lib/cluster/instance";

describe("instanceName()", () => {
  it("instanceName() is KAFKA_BALANCE_INSTANCE_ID when set, else the host name", () => {
    expect(instanceName({ KAFKA_BALANCE_INSTANCE_ID: " app-2 " })).toBe("app-2");
    expect(instanceName({ KAFKA_BALANCE_INSTANCE_ID: "" })).toBe(os.hostname());
    expect(instanceName({})).toBe(os.hostname());
  });

  it("PROCESS_OWNER is the instance's name, the pid and a random part", () => {
    expect(PROCESS_OWNER).toMatch(new RegExp(`^${instanceName().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:${process.pid}:[0-9a-f]{8}$`));
  });
});
