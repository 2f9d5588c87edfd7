/**
 * The header of every page: the product name, the five pages with the current one marked, and the
 * cluster the app reads. Its content lines up with the page below it (same width and padding as
 * `<main>` in app/layout.tsx).
 */
import Link from "next/link";
import { ClusterPicker, type PickerCluster } from "./cluster-picker";
import { MainNav } from "./main-nav";

export function AppHeader({ clusters }: { clusters: PickerCluster[] }) {
  return (
    <header className="border-b border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="mx-auto flex max-w-[120rem] flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-2 rounded text-base font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          <BalanceMark />
          Kafka Balance
        </Link>
        <MainNav />
        <ClusterPicker clusters={clusters} />
      </div>
    </header>
  );
}

/** Three log dirs, the middle one fuller: the product's subject in 20 pixels. */
function BalanceMark() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 shrink-0" focusable="false">
      <rect x="1" y="8" width="5" height="11" rx="1" className="fill-sky-600" />
      <rect x="7.5" y="2" width="5" height="17" rx="1" className="fill-amber-500" />
      <rect x="14" y="10" width="5" height="9" rx="1" className="fill-sky-600" />
    </svg>
  );
}
