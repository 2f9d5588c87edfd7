/**
 * The app's navigation: its six pages in the order the header lists them, and which one a path
 * belongs to. A page's own path marks it as the current page; a path below it (the import's overview,
 * `/import/overview`) marks its section. Query strings and trailing slashes do not count.
 */

export interface NavItem {
  href: "/" | "/history" | "/import" | "/simulate" | "/plan" | "/audit";
  label: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { href: "/", label: "Overview" },
  { href: "/history", label: "History" },
  { href: "/import", label: "Import" },
  { href: "/simulate", label: "Simulate" },
  { href: "/plan", label: "Plan" },
  { href: "/audit", label: "Audit" },
];

/** The value of `aria-current` for a nav item on `pathname`: "page", "true" (its section) or none. */
export function navCurrent(pathname: string, href: NavItem["href"]): "page" | "true" | undefined {
  const path = normalise(pathname);
  if (path === href) return "page";
  if (href !== "/" && path.startsWith(`${href}/`)) return "true";
  return undefined;
}

function normalise(pathname: string): string {
  const path = pathname.split(/[?#]/, 1)[0] ?? "";
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * A nav link that keeps the cluster the page shows (`?cluster=`), so moving between pages stays on
 * the same cluster; no cluster named, no query.
 */
export function navHref(href: NavItem["href"], cluster: string | null): string {
  return cluster ? `${href}?cluster=${encodeURIComponent(cluster)}` : href;
}
