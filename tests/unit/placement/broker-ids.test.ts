import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rejectDuplicateBrokerIds } from "@/lib/placement/broker-ids";
import { thrown } from "@/tests/support/placement";

const brokers = (...ids: number[]) => ids.map((id) => ({ id }));

describe("rejectDuplicateBrokerIds()", () => {
  it("rejectDuplicateBrokerIds() accepts distinct ids in any order", () => {
    expect(() => rejectDuplicateBrokerIds(brokers(1, 2, 3))).not.toThrow();
    expect(() => rejectDuplicateBrokerIds(brokers(30, 2, 10))).not.toThrow();
    expect(() => rejectDuplicateBrokerIds([])).not.toThrow();
  });

  it("rejectDuplicateBrokerIds() names the repeated id", () => {
    const e = thrown(() => rejectDuplicateBrokerIds(brokers(5, 10, 2, 10)));
    expect([e.code, e.message, e.details]).toEqual(["duplicate_broker", "Broker 10 is listed more than once.", { brokerId: 10 }]);
  });

  it("rejectDuplicateBrokerIds() compares ids as numbers, not as text", () => {
    expect(() => rejectDuplicateBrokerIds(brokers(10, 9, 100, 1))).not.toThrow();
  });

  it("rejectDuplicateBrokerIds() throws exactly when an id repeats", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 20 }), (ids) => {
        const repeats = new Set(ids).size !== ids.length;
        let threw = false;
        try {
          rejectDuplicateBrokerIds(brokers(...ids));
        } catch {
          threw = true;
        }
        expect(threw).toBe(repeats);
      }),
    );
  });
});
