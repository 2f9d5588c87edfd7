// The planner page's `?shared=<id>`, as Next calls it, on a temporary SQLite file: the page reads only
// the link's row and hands the workbench the link's id, never its snapshot (the browser fetches the
// record from GET /api/snapshots/<id>, decoded in the worker pool). A missing link or a scenario link
// is refused on the page itself, with the same sentence as before.
import { Children, isValidElement, type ReactElement, type ReactNode } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import PlanPage from "@/app/plan/page";
import { PlanWorkbench } from "@/components/plan/plan-workbench";
import { syntheticCluster } from "@/lib/simulate/synthetic";
import { PAYLOAD_ENCODING } from "@/lib/links/codec";
import { newSnapshotId } from "@/lib/links/ids";
import { sharedPlanLink } from "@/lib/links/open";
import { createShare } from "@/lib/links/share";
import { SNAPSHOT_SCHEMA_VERSION } from "@/lib/model/snapshot";
import { getStore } from "@/lib/store";
import { useTempStore } from "../fixtures/snapshots/harness";

let temp: ReturnType<typeof useTempStore>;
const ids = { plan: "", scenario: "", unreadable: "" };
// Well formed (22 characters of the id alphabet) but never stored.
const UNKNOWN = "AAAAAAAAAAAAAAAAAAAAAA";
const TOPIC = "only-in-the-shared-link";

beforeAll(async () => {
  temp = useTempStore("plan-shared-page");
  const snapshot = syntheticCluster({ brokers: 3, dirsPerBroker: 2, replicas: 60, seed: 3 });
  snapshot.topics[0]!.name = TOPIC;
  const plan = await createShare({
    kind: "plan",
    snapshot,
    plan: { options: { goals: ["dir-utilization"], bootstrapServer: "k1:9092" }, reassignmentJson: null },
    sharing: { redactHosts: false },
  });
  const scenario = await createShare({ kind: "scenario", scenario: { base: snapshot, steps: [] }, sharing: { redactHosts: false } });
  if (!plan.ok || !scenario.ok) throw new Error("could not create the links");
  ids.plan = plan.value.id;
  ids.scenario = scenario.value.id;
  // A row whose payload is not a compressed record at all: only a decode would notice.
  ids.unreadable = newSnapshotId();
  const summary = JSON.stringify({ sourceKind: "demo", label: "x", brokers: 3, topics: 1, sharing: { redactHosts: true, hashTopics: false } });
  await getStore().links.insert({
    id: ids.unreadable,
    kind: "plan",
    schemaVersion: SNAPSHOT_SCHEMA_VERSION,
    createdAt: new Date().toISOString(),
    sizeBytes: 9,
    encoding: PAYLOAD_ENCODING,
    payload: Buffer.from("not brotli"),
    summary,
  });
});
afterAll(() => temp.cleanup());

/** Every element of the page's tree, depth first. */
function elements(node: ReactNode): ReactElement<Record<string, unknown>>[] {
  const out: ReactElement<Record<string, unknown>>[] = [];
  Children.forEach(node, (child) => {
    if (!isValidElement<Record<string, unknown>>(child)) return;
    out.push(child, ...elements(child.props.children as ReactNode));
  });
  return out;
}

async function plannerPage(shared: string) {
  const tree = (await PlanPage({ searchParams: Promise.resolve({ shared }) })) as ReactElement;
  const all = elements(tree);
  const workbench = all.find((e) => e.type === PlanWorkbench);
  if (!workbench) throw new Error("the page has no PlanWorkbench");
  const alert = all.find((e) => e.props.role === "alert");
  return { props: workbench.props, alert: alert ? Children.toArray(alert.props.children as ReactNode).join("") : null };
}

describe("/plan?shared=<id> hands the browser the link's id, not its snapshot", () => {
  it("a plan link: the workbench gets the id and kind alone; nothing of the snapshot is in its props", async () => {
    const { props, alert } = await plannerPage(ids.plan);
    expect(alert).toBeNull();
    expect(props.shared).toEqual({ id: ids.plan, kind: "plan" });
    // What React serialises into the page for the client component.
    expect(JSON.stringify(props)).not.toContain(TOPIC);
  });

  it("the row alone is read: a link whose payload does not decode still reaches the browser, which asks the API (and is told why)", async () => {
    expect(await sharedPlanLink(ids.unreadable)).toEqual({ ok: true, value: { id: ids.unreadable, kind: "plan" } });
    const { props, alert } = await plannerPage(ids.unreadable);
    expect(alert).toBeNull();
    expect(props.shared).toEqual({ id: ids.unreadable, kind: "plan" });
  });

  it("a scenario link is refused on the page with the simulator's address, and the current cluster is planned", async () => {
    const { props, alert } = await plannerPage(ids.scenario);
    expect(alert).toBe(
      `The shared link ${ids.scenario} holds a scenario, not a plan: open /simulate?shared=${ids.scenario} instead. Showing a new plan for the current cluster instead.`,
    );
    expect(props.shared).toBeUndefined();
  });

  it("an unknown or malformed id is refused on the page, saying what to do", async () => {
    const unknown = await plannerPage(UNKNOWN);
    expect(unknown.alert).toMatch(
      new RegExp(`^No shared snapshot has the id ${UNKNOWN}: .* Ask whoever sent it for a new link\\. Showing a new plan for the current cluster instead\\.$`),
    );
    expect(unknown.props.shared).toBeUndefined();
    const malformed = await plannerPage("not-an-id");
    expect(malformed.alert).toMatch(/^"not-an-id" is not a snapshot link id: .* Showing a new plan for the current cluster instead\.$/);
  });
});
