/** Any address the app does not know (and every `notFound()` without a page of its own): say so, and offer the app's pages. */
import type { Metadata } from "next";
import Link from "next/link";
import { NAV_ITEMS } from "@/lib/view/common/app-nav";
import { ACTION_CLASS, PRIMARY_ACTION_CLASS } from "@/components/shell/page-header";
import { PageProblem } from "@/components/shell/page-problem";

// The root segment's own file: the layout's title template does not reach it.
export const metadata: Metadata = { title: { absolute: "Page not found · Kafka Balance" } };

export default function NotFound() {
  const [overview, ...others] = NAV_ITEMS;
  return (
    <PageProblem
      title="Page not found"
      subtitle="404 · there is no page at this address"
      message={<p>The address may have been mistyped or cut short when it was copied.</p>}
      actions={
        <>
          <Link href={overview?.href ?? "/"} className={PRIMARY_ACTION_CLASS}>
            Go to the overview
          </Link>
          {others.map((item) => (
            <Link key={item.href} href={item.href} className={ACTION_CLASS}>
              {item.label}
            </Link>
          ))}
        </>
      }
    />
  );
}
