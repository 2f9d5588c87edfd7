"use client";
/**
 * The app's six pages. The current one is marked for assistive technology (`aria-current="page"`,
 * or "true" on a page below it) and for the eye (filled, not only coloured). On a phone the six
 * links share one row of equal tabs under the product name (smaller type, so "Overview" fits a sixth
 * of a 390 px screen); from `md` up they sit beside it.
 */
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useClusterName } from "@/lib/client/cluster-url";
import { NAV_ITEMS, navCurrent, navHref } from "@/lib/view/common/app-nav";

const LINK =
  "block rounded-md px-0.5 py-1.5 sm:px-3 text-center text-xs sm:text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
const STYLE = {
  page: "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900",
  true: "bg-zinc-200 text-zinc-900 underline decoration-2 underline-offset-4 dark:bg-zinc-800 dark:text-zinc-100",
  none: "text-zinc-700 hover:bg-zinc-200 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100",
} as const;

export function MainNav() {
  const pathname = usePathname() ?? "";
  const cluster = useClusterName();
  return (
    <nav aria-label="Main" className="order-last w-full md:order-none md:w-auto">
      <ul className="grid grid-cols-6 gap-1 md:flex">
        {NAV_ITEMS.map((item) => {
          const current = navCurrent(pathname, item.href);
          return (
            <li key={item.href}>
              <Link href={navHref(item.href, cluster)} aria-current={current} className={`${LINK} ${STYLE[current ?? "none"]}`} data-nav-link={item.href}>
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
