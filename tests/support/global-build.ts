// The e2e project's global setup: one production build per run, started in the background so the
// integration files that run beside the e2e ones (one group) use the cores meanwhile; every e2e file
// waits for it in startApp() (tests/support/e2e-server.ts) before its first server. A fresh build is
// kept (scripts/build-freshness.mjs). The build skips its own type-check: `npm test` runs `tsc --noEmit`
// over the same sources. Teardown ends a build still running (an interrupted run).
import { startBackgroundBuild } from "./e2e-server";

export default function setup(): () => Promise<void> {
  const build = startBackgroundBuild({ KAFKA_BALANCE_BUILD_TYPECHECKED: "1" });
  return async () => {
    build.stop();
    await build.done;
  };
}
