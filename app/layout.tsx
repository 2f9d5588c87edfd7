import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Kafka Balance",
  description: "Broker and log-dir (JBOD) balance for Apache Kafka: dashboard, what-if simulator and throttle-aware planner",
};

/**
 * Every page renders per request (`connection()`), none at build time: the Content-Security-Policy
 * (proxy.ts) carries a fresh nonce that Next can only put on its scripts while rendering the request.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-white text-zinc-900 antialiased dark:bg-zinc-950 dark:text-zinc-100">{children}</body>
    </html>
  );
}
