import Link from "next/link";
import { PlanWorkbench } from "@/components/plan/plan-workbench";
import { connectionFromEnv } from "@/lib/cluster/connection";

export const dynamic = "force-dynamic";
export const metadata = { title: "Planner · Kafka Balance" };

export default function PlanPage() {
  const connection = connectionFromEnv();
  const live = connection.ok;
  const bootstrap = live ? connection.connection.bootstrapServers.join(",") : "localhost:9092";
  return (
    <main className="mx-auto grid max-w-[1600px] gap-6 p-4 md:p-6">
      <header>
        <nav className="mb-1 text-sm">
          <Link href="/" className="underline">
            Overview
          </Link>{" "}
          ·{" "}
          <Link href="/simulate" className="underline">
            Simulator
          </Link>
        </nav>
        <h1 className="text-2xl font-bold">Rebalancing planner</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          The fewest bytes moved that bring every log dir (and, if you ask, every broker) within tolerance — with the throttles that keep the move from hurting production and an honest estimate of how long it takes.
        </p>
      </header>
      <PlanWorkbench sourceLabel={live ? "the live cluster" : "the demo cluster"} bootstrap={bootstrap} />
    </main>
  );
}
