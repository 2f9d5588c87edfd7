// Accessibility and layout checks for e2e tests: axe-core run inside the page (injected over the
// DevTools protocol, so the app's Content-Security-Policy stays as strict as in production), and the
// horizontal overflow that makes a phone user scroll sideways.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContextOptions, Page } from "playwright-core";

const AXE_SOURCE = fs.readFileSync(path.join(path.dirname(require.resolve("axe-core")), "axe.min.js"), "utf8");

/** An iPhone-sized screen: 390 × 844 CSS pixels, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true };

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** CSS selectors of the offending elements (the first few). */
  targets: string[];
}

/** Which part of the page axe checks: CSS selectors, as axe's own context (`include`, `exclude`). */
export interface AxeScope {
  include?: string[];
  exclude?: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now (WCAG 2.x A and AA rules), on the
 * whole document or only inside `scope`.
 */
export async function seriousA11yViolations(page: Page, scope?: AxeScope): Promise<AxeFinding[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (scope) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document | object, options: object) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const context = scope ? { include: (scope.include ?? ["html"]).map((s) => [s]), exclude: (scope.exclude ?? []).map((s) => [s]) } : document;
    const result = await axe.run(context, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? "minor", help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(" ")) }));
  }, scope ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** How many CSS pixels the page is wider than the screen (0 when nothing scrolls sideways). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));
}
