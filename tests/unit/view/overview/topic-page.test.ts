import { describe, expect, it } from "vitest";
import { balanceReport } from "@/lib/model/report";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { DEFAULT_TOPIC_QUERY, selectTopics, topicMaxCount } from "@/lib/view/overview/topic-heatmap";
import { DEFAULT_TOPIC_PAGE, DEFAULT_TOPIC_PAGE_REQUEST, parseTopicPageQuery, topicPage, topicPageParams } from "@/lib/view/overview/topic-page";

const report = balanceReport(syntheticCluster({ brokers: 12, dirsPerBroker: 3, replicas: 6000, partitionsPerTopic: 20 }));

describe("topic-page", () => {
  it("topicPage() slices the rows selectTopics() orders, and counts the matches and the topics", () => {
    const page = topicPage(report.topics, { query: DEFAULT_TOPIC_QUERY, offset: 10, limit: 5 });
    expect(page.rows).toEqual(selectTopics(report.topics, DEFAULT_TOPIC_QUERY).slice(10, 15));
    expect(page).toMatchObject({ offset: 10, limit: 5, matched: report.topics.length, total: report.topics.length, maxCount: topicMaxCount(report.topics) });
  });

  it("topicPage() filters by name and the internal switch; the colour scale still spans every topic", () => {
    const hidden = topicPage(report.topics, { query: { ...DEFAULT_TOPIC_QUERY, includeInternal: false }, offset: 0, limit: 1000 });
    expect(hidden.rows.some((t) => t.internal)).toBe(false);
    const named = topicPage(report.topics, { query: { ...DEFAULT_TOPIC_QUERY, search: "no-such-topic" }, offset: 0, limit: 10 });
    expect(named).toMatchObject({ matched: 0, rows: [], total: report.topics.length, maxCount: topicMaxCount(report.topics) });
  });

  it("parseTopicPageQuery() takes the defaults from nothing and round-trips topicPageParams()", () => {
    const none = parseTopicPageQuery({});
    expect(none.ok && none.value).toEqual({ cluster: undefined, request: DEFAULT_TOPIC_PAGE_REQUEST });
    expect(topicPageParams(DEFAULT_TOPIC_PAGE_REQUEST)).toEqual({});
    const request = { query: { search: "orders", includeInternal: false, sort: "bytes" as const }, offset: 100, limit: 20 };
    const parsed = parseTopicPageQuery(topicPageParams(request));
    expect(parsed.ok && parsed.value.request).toEqual(request);
  });

  it("parseTopicPageQuery() refuses unknown keys, unknown sorts and limits past the maximum, naming the field", () => {
    for (const [params, path] of [
      [{ colour: "red" }, "colour"],
      [{ sort: "size" }, "sort"],
      [{ limit: "0" }, "limit"],
      [{ limit: "100000" }, "limit"],
      [{ offset: "-1" }, "offset"],
      [{ internal: "maybe" }, "internal"],
    ] as const) {
      const parsed = parseTopicPageQuery(params);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error.issues.map((i) => i.path)).toContain(path);
    }
    expect(DEFAULT_TOPIC_PAGE).toBe(50);
  });

  it("parseTopicPageQuery() takes shared=<link id> instead of a cluster, and refuses both at once or an overlong id, naming shared", () => {
    const shared = parseTopicPageQuery({ shared: "AAAAAAAAAAAAAAAAAAAAAA", sort: "name" });
    expect(shared.ok && shared.value).toEqual({
      cluster: undefined,
      shared: "AAAAAAAAAAAAAAAAAAAAAA",
      request: { ...DEFAULT_TOPIC_PAGE_REQUEST, query: { ...DEFAULT_TOPIC_PAGE_REQUEST.query, sort: "name" } },
    });
    for (const params of [{ shared: "AAAAAAAAAAAAAAAAAAAAAA", cluster: "prod" }, { shared: "x".repeat(101) }] as Record<string, string>[]) {
      const parsed = parseTopicPageQuery(params);
      expect(!parsed.ok && parsed.error.issues.map((i) => i.path)).toEqual(["shared"]);
    }
  });
});
