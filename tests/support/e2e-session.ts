// One e2e file's app and browser: the built app (or a server that is already running) and Chromium,
// started before the file's tests and stopped after them, with one laptop-sized tab the tests share.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, openPage, type TrackedPage } from "./e2e-browser";
import { startApp, type AppServer } from "./e2e-server";

export interface E2eSession {
  readonly app: AppServer;
  readonly browser: Browser;
  /** Opened once for the file; tests that need another viewport or colour scheme open their own. */
  readonly tab: TrackedPage;
}

/** 900 s: the first start builds Next, which takes minutes on a busy machine. */
const START_TIMEOUT_MS = 900_000;

/** A server someone else runs (a developer's `next dev`): used as is, never stopped. */
function runningServer(url: string): AppServer {
  return { url, output: () => "", alive: () => true, stop: async () => undefined };
}

/**
 * Registers the file's beforeAll/afterAll (call it at the top of a describe) and returns the session,
 * whose fields are there from the first test on. `url`: test a running server instead of starting one.
 */
export function useE2eSession(options: { env?: Record<string, string>; url?: string } = {}): E2eSession {
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  let tab: TrackedPage | undefined;
  beforeAll(async () => {
    app = options.url ? runningServer(options.url) : await startApp(options.env);
    browser = await launchBrowser();
    tab = await openPage(browser);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`the e2e session has no ${name} yet: use it inside a test or a later hook`);
    return value;
  };
  return {
    get app() {
      return ready(app, "app");
    },
    get browser() {
      return ready(browser, "browser");
    },
    get tab() {
      return ready(tab, "tab");
    },
  };
}
