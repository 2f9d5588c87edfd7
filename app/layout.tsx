import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { clusterList } from "@/lib/cluster/clusters";
import { AppHeader } from "@/components/shell/app-header";
import { SkipLink } from "@/components/shell/skip-link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Kafka Balance", template: "%s · Kafka Balance" },
  description: "Broker and log-dir (JBOD) balance for Apache Kafka: dashboard, what-if simulator and throttle-aware planner",
};

/**
 * The app shell: a skip link, the header with the navigation and the cluster shown, and the page in
 * `<main id="content">` (focusable, so the skip link moves focus there). Pages bring their own title
 * bar (components/shell/page-header.tsx) and no `<main>` of their own.
 *
 * Every page renders per request (`connection()`), none at build time: the Content-Security-Policy
 * (proxy.ts) carries a fresh nonce that Next can only put on its scripts while rendering the request.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">
        <SkipLink />
        <AppHeader clusters={clusterList()} />
        <main id="content" tabIndex={-1} className="mx-auto w-full max-w-[120rem] flex-1 px-4 py-5 outline-none sm:px-6">
          {children}
        </main>
      </body>
    </html>
  );
}
