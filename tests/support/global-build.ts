// The e2e project's global setup: one production build per run, before any e2e file starts (the
// files run side by side, so none may build on its own). A fresh build is kept (scripts/build-freshness.mjs).
// The build skips its own type-check: `npm test` runs `tsc --noEmit` over the same sources first.
import { ensureBuild } from "./e2e-server";

export default function setup(): void {
  ensureBuild({ KAFKA_BALANCE_BUILD_TYPECHECKED: "1" });
}
