// The app shell in Chromium: on every page, at 1440 × 900 and on a phone, the header's navigation is
// there with the current page marked (aria-current and visibly), the skip link is the first stop and
// moves focus to <main id="content">, nothing scrolls sideways, the title follows one pattern, and axe
// finds no serious or critical violation. Against a cluster that cannot be read, the overview says
// so once, at the top, with what to check. Screenshots of every page go to test-results/screenshots/.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { IMPORTED_KEY } from "@/lib/client/imported-snapshot";
import { NAV_ITEMS } from "@/lib/view/common/app-nav";
import { horizontalOverflow, PHONE, seriousA11yViolations } from "../support/a11y";
import { openPage, screenshot, type TrackedPage } from "../support/e2e-browser";
import { useE2eSession } from "../support/e2e-session";

interface ShellPage {
  name: string;
  path: string | (() => Promise<string>);
  title: string;
  /** The nav item marked aria-current="page" ("true" for a page inside its section); null: none. */
  current: { href: string; value: "page" | "true" } | null;
  /** Present once the page has drawn what it shows. */
  ready: string;
  status?: number;
}

/** axe on the whole page, shell and content: no serious or critical finding on any page, at any size. */
async function checkAxe(page: Page, name: string, size: string): Promise<void> {
  expect(await seriousA11yViolations(page), `${name} at ${size}`).toEqual([]);
}

const SIZES = [
  { name: "laptop", options: {} },
  { name: "phone", options: PHONE },
] as const;

/** The next focus stop after the page's top: Tab from a fresh load. */
async function firstTabStop(page: Page): Promise<string> {
  await page.keyboard.press("Tab");
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.hasAttribute("data-skip-link") ? "skip-link" : (el?.outerHTML.slice(0, 120) ?? "none");
  });
}

async function checkShell(tab: TrackedPage, url: string, p: ShellPage, size: string): Promise<void> {
  const { page } = tab;
  const response = await page.goto(url);
  expect(response?.status(), p.name).toBe(p.status ?? 200);
  await page.waitForSelector(p.ready);
  await expect(page.title()).resolves.toBe(p.title);

  // The navigation: six links, the current page marked for assistive technology and for the eye.
  const nav = page.locator('nav[aria-label="Main"]');
  await expect(nav.isVisible()).resolves.toBe(true);
  const links = await nav.locator("a").evaluateAll((els) =>
    els.map((a) => ({
      href: a.getAttribute("href"),
      text: a.textContent,
      current: a.getAttribute("aria-current"),
      background: getComputedStyle(a).backgroundColor,
      visible: a.getBoundingClientRect().width > 0,
    })),
  );
  expect(links.map((l) => [l.href, l.text])).toEqual(NAV_ITEMS.map((i) => [i.href, i.label]));
  expect(links.every((l) => l.visible)).toBe(true);
  const marked = links.filter((l) => l.current !== null);
  expect(marked.map((l) => ({ href: l.href, value: l.current }))).toEqual(p.current ? [p.current] : []);
  const plain = links.find((l) => l.current === null)!;
  for (const m of marked) expect(m.background, `${p.name}: the current page looks like the others`).not.toBe(plain.background);
  await expect(page.locator("[data-shell-source]").textContent()).resolves.toBeTruthy();

  expect(await horizontalOverflow(page), `${p.name} at ${size} scrolls sideways`).toBe(0);
  await checkAxe(page, p.name, size);
  await screenshot(page, `shell-${p.name}-${size}`);

  // The skip link: the first stop, visible once focused, and it moves focus to the page's content.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(firstTabStop(page)).resolves.toBe("skip-link");
  const box = await page.locator("[data-skip-link]").boundingBox();
  expect(box && box.width > 20 && box.y >= 0).toBe(true);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.id === "content");
  await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("MAIN");
}

describe("app shell (demo cluster)", () => {
  const e2e = useE2eSession();

  /** A shared link of the demo, made once. */
  let sharedPath: string | null = null;
  const sharedLink = async (): Promise<string> => {
    if (sharedPath) return sharedPath;
    const { snapshot } = (await (await fetch(`${e2e.app.url}/api/cluster`)).json()) as { snapshot: unknown };
    const created = await fetch(`${e2e.app.url}/api/snapshots`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ kind: "snapshot", snapshot }),
    });
    sharedPath = ((await created.json()) as { url: string }).url;
    return sharedPath;
  };

  /** The import overview shows what the tab imported: here the demo, stored as an import. */
  const seedImport = async (tab: TrackedPage): Promise<void> => {
    const { snapshot } = (await (await fetch(`${e2e.app.url}/api/cluster`)).json()) as { snapshot: { source: Record<string, unknown> } };
    const imported = JSON.stringify({ ...snapshot, source: { ...snapshot.source, kind: "import", label: "pasted kafka-log-dirs output" } });
    await tab.page.addInitScript(([key, value]) => sessionStorage.setItem(key!, value!), [IMPORTED_KEY, imported]);
  };

  const pages: ShellPage[] = [
    { name: "overview", path: "/", title: "Overview · Kafka Balance", current: { href: "/", value: "page" }, ready: '[data-chart="bytes"] .recharts-bar-rectangle' },
    { name: "history", path: "/history", title: "History · Kafka Balance", current: { href: "/history", value: "page" }, ready: '[data-history="ready"] [data-history-generated]' },
    { name: "import", path: "/import", title: "Import · Kafka Balance", current: { href: "/import", value: "page" }, ready: "#logDirs" },
    {
      name: "import-overview",
      path: "/import/overview",
      title: "Imported snapshot · Kafka Balance",
      current: { href: "/import", value: "true" },
      ready: '[data-chart="bytes"] .recharts-bar-rectangle',
    },
    { name: "simulate", path: "/simulate", title: "Simulate · Kafka Balance", current: { href: "/simulate", value: "page" }, ready: "[data-hydrated] [data-compare-verdict]" },
    { name: "plan", path: "/plan", title: "Plan · Kafka Balance", current: { href: "/plan", value: "page" }, ready: 'button[type="submit"]:not([disabled])' },
    { name: "audit", path: "/audit", title: "Audit · Kafka Balance", current: { href: "/audit", value: "page" }, ready: "[data-audit-empty], [data-audit-table]" },
    { name: "shared", path: sharedLink, title: "Shared snapshot · Kafka Balance", current: null, ready: '[data-chart="bytes"] .recharts-bar-rectangle' },
    { name: "not-found", path: "/no-such-page", title: "Page not found · Kafka Balance", current: null, ready: "[data-page-problem]", status: 404 },
  ];

  for (const size of SIZES) {
    for (const p of pages) {
      it(`${p.name} at ${size.name}: marked navigation, skip link to main, no sideways scroll, no serious axe findings`, async () => {
        const tab = await openPage(e2e.browser, size.options);
        await seedImport(tab);
        const path = typeof p.path === "string" ? p.path : await p.path();
        await checkShell(tab, `${e2e.app.url}${path}`, p, size.name);
        expect(tab.errors.filter((e) => !(p.status === 404 && /404/.test(e)))).toEqual([]);
        await tab.page.context().close();
      });
    }
  }

  it("on a 2560 px monitor the header lines up with each page's title bar and nothing scrolls sideways", async () => {
    const wide = await openPage(e2e.browser, { viewport: { width: 2560, height: 1440 } });
    await seedImport(wide);
    for (const p of pages.filter((q) => typeof q.path === "string")) {
      await wide.page.goto(`${e2e.app.url}${p.path as string}`);
      await wide.page.waitForSelector(p.ready);
      const [brand, title] = await Promise.all([wide.page.locator("body > header a").first().boundingBox(), wide.page.locator("[data-page-header] h1").boundingBox()]);
      expect(Math.abs(brand!.x - title!.x), p.name).toBeLessThanOrEqual(1);
      expect(await horizontalOverflow(wide.page), p.name).toBe(0);
      await screenshot(wide.page, `shell-${p.name}-wide`, false);
    }
    expect(wide.errors.filter((e) => !/404/.test(e))).toEqual([]);
    await wide.page.context().close();
  });

  it("the navigation moves between the pages, and the marker follows", async () => {
    const { page } = e2e.tab;
    await page.goto(`${e2e.app.url}/simulate`);
    await page.waitForSelector("[data-hydrated]");
    for (const item of ["/plan", "/history", "/import", "/"].map((href) => NAV_ITEMS.find((i) => i.href === href)!)) {
      await page.locator(`nav[aria-label="Main"] a[href="${item.href}"]`).click();
      await page.waitForURL((u) => u.pathname === item.href);
      await page.waitForFunction((href) => document.querySelector('nav[aria-label="Main"] a[aria-current="page"]')?.getAttribute("href") === href, item.href);
    }
    expect(e2e.tab.errors).toEqual([]);
  });
});

describe("app shell (a cluster that cannot be read)", () => {
  // Port 1 on loopback: nothing listens, so every read is refused at once.
  const e2e = useE2eSession({ env: { KAFKA_BOOTSTRAP_SERVERS: "127.0.0.1:1", KAFKA_REQUEST_TIMEOUT_MS: "2000" } });

  for (const size of SIZES) {
    it(`the overview at ${size.name} says once, at the top, what failed and what to check, and the widgets only say "no data"`, async () => {
      const tab = await openPage(e2e.browser, size.options);
      const { page } = tab;
      const answer = (await (await fetch(`${e2e.app.url}/api/cluster`)).json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe("kafka_unreachable");
      await page.goto(`${e2e.app.url}/`);
      const panel = page.locator("[data-load-failure]");
      await panel.waitFor();
      await expect(panel.locator("h2").textContent()).resolves.toBe("Kafka is unreachable");
      await expect(panel.locator("[data-load-failure-bootstrap]").textContent()).resolves.toBe("Bootstrap servers: 127.0.0.1:1");
      await expect(panel.locator("[data-load-failure-message]").textContent()).resolves.toBe(answer.error.message);
      const text = await page.locator("#content").innerText();
      expect(text.split(answer.error.message).length - 1, "the server's message, shown once").toBe(1);
      for (const check of ["KAFKA_BOOTSTRAP_SERVERS", "Brokers", "Network", "TLS", "SASL"]) expect(await panel.textContent()).toContain(check);
      const states = await page.locator("[data-widget]").evaluateAll((els) => els.map((e) => e.getAttribute("data-state")));
      expect(states.length).toBeGreaterThanOrEqual(6);
      expect(new Set(states)).toEqual(new Set(["unavailable"]));
      await expect(page.locator('[data-shell-source="live"]').textContent()).resolves.toContain("127.0.0.1:1");
      await page.waitForSelector("[data-shell-source][data-read-failed]");

      await page.locator("[data-load-failure-retry]").click();
      await page.waitForSelector("[data-load-failure-retry]:not([disabled])");
      await expect(page.locator("[data-load-failure]").count()).resolves.toBe(1);

      expect(await horizontalOverflow(page)).toBe(0);
      await checkAxe(page, "overview-unreachable", size.name);
      await screenshot(page, `shell-overview-unreachable-${size.name}`);
      // The browser logs the failed /api/cluster reads (502) and nothing else.
      expect(tab.errors.filter((e) => !/502/.test(e))).toEqual([]);
      await page.context().close();
    });
  }
});
