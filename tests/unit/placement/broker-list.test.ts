import { describe, expect, it } from "vitest";
import { BrokerList, MockRandom, Rack } from "@/lib/placement";
import { sortAscending } from "@/lib/placement/broker-list";

describe("BrokerList", () => {
  it("next() walks the list once per epoch and shifts the start by one on each new epoch", () => {
    const brokers = new BrokerList().add(0).add(1).add(2).add(3);
    const seen = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1].map((e) => brokers.next(e));
    expect(seen).toEqual([0, 1, 2, 3, -1, -1, 1, 2, 3, 0, -1]);
  });

  it("initialize() draws nothing for an empty list", () => {
    const bounds: number[] = [];
    new BrokerList().initialize({ nextInt: (b) => (bounds.push(b), 0) });
    expect(bounds).toEqual([]);
  });

  it("initialize() sorts the ids and draws one offset below the list's size", () => {
    const bounds: number[] = [];
    const list = new BrokerList().add(3).add(1).add(2);
    list.initialize({ nextInt: (b) => (bounds.push(b), 2) });
    expect(bounds).toEqual([3]);
    expect(list.ids()).toEqual([1, 2, 3]);
    // Offset 2, moved by one at the first epoch: the walk starts at index 0.
    expect([1, 1, 1, 1].map((e) => list.next(e))).toEqual([1, 2, 3, -1]);
  });

  it("shuffle() permutes the ids and keeps the cursor where it was", () => {
    const list = new BrokerList().add(0).add(1).add(2).add(3);
    expect(list.next(0)).toBe(0);
    list.shuffle(new MockRandom(5));
    expect([...list.ids()].sort()).toEqual([0, 1, 2, 3]);
    const rest = [0, 0, 0, 0].map((e) => list.next(e));
    expect(rest.filter((b) => b >= 0)).toHaveLength(3);
    expect(rest.at(-1)).toBe(-1);
  });

  it("next() answers -1 on an empty list", () => {
    expect(new BrokerList().next(0)).toBe(-1);
  });
});

describe("Rack", () => {
  it("next() takes unfenced brokers first and falls back to fenced ones within an epoch; nextUnfenced() never does", () => {
    const rack = new Rack();
    rack.unfenced.add(1);
    rack.fenced.add(9);
    expect([rack.next(0), rack.next(0), rack.next(0)]).toEqual([1, 9, -1]);
    expect([rack.nextUnfenced(1), rack.nextUnfenced(1)]).toEqual([1, -1]);
  });
});

describe("sortAscending()", () => {
  it("sortAscending() sorts numerically in place", () => {
    const ids = [10, 9, 100, 1];
    sortAscending(ids);
    expect(ids).toEqual([1, 9, 10, 100]);
  });
});
