// A shared snapshot link's overview through the page and the route handlers, as Next calls them, on a
// temporary SQLite file: /s/<id> hands the browser the server's view model of the stored snapshot
// (never every replica), and the topic grid's pages and the broker drawer answer for the link's id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReactElement } from "react";
import SharedLinkPage from "@/app/s/[id]/page";
import { GET as overview } from "@/app/api/cluster/overview/route";
import { GET as topics } from "@/app/api/cluster/topics/route";
import { GET as broker } from "@/app/api/cluster/broker/route";
import { SharedOverview } from "@/components/share/shared-overview";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { createShare, deleteShare } from "@/lib/links/share";
import type { BrokerDetail } from "@/lib/view/overview/broker-detail";
import type { OverviewModel } from "@/lib/view/overview/overview-model";
import { DEFAULT_TOPIC_PAGE_REQUEST, type TopicPage } from "@/lib/view/overview/topic-page";
import { params, useTempStore } from "../fixtures/snapshots/harness";

let temp: ReturnType<typeof useTempStore>;
const ids = { small: "", large: "" };
const snapshotBytes = { small: 0, large: 0 };
// Well formed (22 characters of the id alphabet) but never stored.
const UNKNOWN = "AAAAAAAAAAAAAAAAAAAAAA";

beforeAll(async () => {
  temp = useTempStore("shared-overview");
  // The same 20 brokers × 4 dirs, one with ten times the replicas of the other.
  for (const [name, replicas] of [
    ["small", 8_000],
    ["large", 80_000],
  ] as const) {
    const snapshot = syntheticCluster({ brokers: 20, dirsPerBroker: 4, replicas, partitionsPerTopic: 100, seed: 7 });
    snapshotBytes[name] = JSON.stringify(snapshot).length;
    const created = await createShare({ kind: "snapshot", snapshot, sharing: { redactHosts: false } });
    if (!created.ok) throw new Error(created.error.message);
    ids[name] = created.value.id;
  }
});
afterAll(() => temp.cleanup());

const get = (route: string, query: string, headers: Record<string, string> = {}) => new Request(`http://localhost/api/cluster/${route}?${query}`, { headers });

describe("/s/<id> sends the overview's view model, not the stored snapshot", () => {
  it("hands the client component a model whose size stays bounded as the replicas grow tenfold", async () => {
    const sent: Record<string, string> = {};
    const rest: Record<string, string> = {};
    const rowSize: Record<string, number> = {};
    for (const name of ["small", "large"] as const) {
      const page = (await SharedLinkPage(params(ids[name]))) as ReactElement<{ id: string; model: OverviewModel; snapshot?: unknown }>;
      expect(page.type).toBe(SharedOverview);
      expect(page.props.id).toBe(ids[name]);
      expect(page.props.snapshot).toBeUndefined();
      expect(page.props.model.report.dirs.length).toBe(80);
      expect(page.props.model.topics.total).toBeGreaterThan(0);
      // What the page serialises for the browser: the client component's props.
      sent[name] = JSON.stringify(page.props);
      // No replica is sent: a snapshot's replica lists start with a replica object.
      expect(sent[name]).not.toContain('"replicas":[{');
      // The topic grid sends one page of rows (the small cluster's 27 topics fit in it; the large one's 267 do not).
      const { topics: page_, ...others } = page.props.model;
      expect(page_.rows.length).toBe(Math.min(page_.total, DEFAULT_TOPIC_PAGE_REQUEST.limit));
      rest[name] = JSON.stringify(others);
      rowSize[name] = JSON.stringify(page_.rows).length / Math.max(1, page_.rows.length);
    }
    // Ten times the replicas: a few more digits per figure, nothing per replica, and no more than a page of topic rows.
    expect(rest.large!.length).toBeLessThan(rest.small!.length * 1.3);
    expect(rowSize.large!).toBeLessThan(rowSize.small! * 1.3);
    expect(sent.large!.length).toBeLessThan(snapshotBytes.large / 10);
  });

  it("opening the same link again answers the same model object (kept per link and stored version)", async () => {
    const first = (await SharedLinkPage(params(ids.small))) as ReactElement<{ model: OverviewModel }>;
    const again = (await SharedLinkPage(params(ids.small))) as ReactElement<{ model: OverviewModel }>;
    expect(again.props.model).toBe(first.props.model);
  });
});

describe("GET /api/cluster/topics, /broker and /overview with shared=<id>", () => {
  it("answers a page of the shared snapshot's topic grid, with a strong ETag and 304", async () => {
    const response = await topics(get("topics", `shared=${ids.large}&sort=name&offset=10&limit=5`));
    expect(response.status).toBe(200);
    const page = (await response.json()) as TopicPage;
    expect(page.rows).toHaveLength(5);
    expect(page.offset).toBe(10);
    expect(page.total).toBeGreaterThan(15);
    const etag = response.headers.get("etag")!;
    const again = await topics(get("topics", `shared=${ids.large}&sort=name&offset=10&limit=5`, { "if-none-match": etag }));
    expect(again.status).toBe(304);
    // The small link's grid is another answer.
    const other = await topics(get("topics", `shared=${ids.small}&sort=name&offset=10&limit=5`, { "if-none-match": etag }));
    expect(other.status).toBe(200);
  });

  it("answers the drawer's details of a shared snapshot's broker, and 404 for a broker it does not list", async () => {
    const model = ((await SharedLinkPage(params(ids.small))) as ReactElement<{ model: OverviewModel }>).props.model;
    const id = model.report.brokerIds[0]!;
    const response = await broker(get("broker", `shared=${ids.small}&broker=${id}`));
    expect(response.status).toBe(200);
    const detail = (await response.json()) as BrokerDetail;
    expect(detail.figures.id).toBe(id);
    expect(detail.dirs).toHaveLength(4);
    expect(detail.largest?.length).toBeGreaterThan(0);
    const missing = await broker(get("broker", `shared=${ids.small}&broker=999999`));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/shared snapshot lists no broker 999999/);
  });

  it("answers the overview model of a shared snapshot, the same the page hands over", async () => {
    const model = ((await SharedLinkPage(params(ids.small))) as ReactElement<{ model: OverviewModel }>).props.model;
    const response = await overview(get("overview", `shared=${ids.small}`));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(model)));
  });

  it("answers 404 for an unknown link id, on every route", async () => {
    for (const [route, handler, query] of [
      ["topics", topics, `shared=${UNKNOWN}`],
      ["broker", broker, `shared=${UNKNOWN}&broker=1`],
      ["overview", overview, `shared=${UNKNOWN}`],
    ] as const) {
      const response = await handler(get(route, query));
      expect(response.status, route).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("a link deleted after it was opened (its decoding kept) answers 404 at once, page and routes", async () => {
    const created = await createShare({ kind: "snapshot", snapshot: syntheticCluster({ brokers: 3, dirsPerBroker: 1, replicas: 30, seed: 2 }), sharing: { redactHosts: false } });
    if (!created.ok) throw new Error(created.error.message);
    const id = created.value.id;
    expect((await topics(get("topics", `shared=${id}&sort=name`))).status).toBe(200);
    expect((await deleteShare(id)).ok).toBe(true);
    expect((await topics(get("topics", `shared=${id}&sort=name`))).status).toBe(404);
    expect((await broker(get("broker", `shared=${id}&broker=1`))).status).toBe(404);
    // notFound(): Next answers the 404 page.
    await expect(SharedLinkPage(params(id))).rejects.toMatchObject({ digest: expect.stringMatching(/404/) });
  });

  it("answers 400 naming the parameter for a malformed id, both cluster and shared, refresh on a link, and unknown or bad parameters", async () => {
    const cases: [string, (r: Request) => Promise<Response>, string, string][] = [
      ["topics", topics, "shared=not-an-id", "invalid_id"],
      ["broker", broker, "shared=not-an-id&broker=1", "invalid_id"],
      ["topics", topics, `shared=${ids.small}&cluster=prod`, "bad_request"],
      ["broker", broker, `shared=${ids.small}&cluster=prod&broker=1`, "bad_request"],
      ["overview", overview, `shared=${ids.small}&refresh=1`, "bad_request"],
      ["topics", topics, `shared=${ids.small}&limit=0`, "bad_request"],
      ["topics", topics, `shared=${ids.small}&colour=red`, "bad_request"],
      ["broker", broker, `shared=${ids.small}`, "bad_request"],
      ["broker", broker, `shared=${ids.small}&broker=-1`, "bad_request"],
      ["topics", topics, `shared=${"x".repeat(101)}`, "bad_request"],
    ];
    for (const [route, handler, query, code] of cases) {
      const response = await handler(get(route, query));
      expect(response.status, `${route}?${query}`).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code, `${route}?${query}`).toBe(code);
    }
  });

  it("answers a scenario link's id with wrong_kind (409): the overview routes show snapshot links", async () => {
    const created = await createShare({
      kind: "scenario",
      scenario: { base: syntheticCluster({ brokers: 3, dirsPerBroker: 1, replicas: 30, seed: 1 }), steps: [] },
      sharing: { redactHosts: false },
    });
    if (!created.ok) throw new Error(created.error.message);
    const response = await topics(get("topics", `shared=${created.value.id}`));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("wrong_kind");
  });
});
