import type { Metadata } from "next";
import { PRESETS } from "@/lib/simulate/presets";
import { SimulatorApp } from "@/components/simulate/simulator-app";
import { initialState } from "@/lib/server/simulator-initial-state";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Simulate",
  description: "Simulate adding disks, brokers and topics to a Kafka cluster: Kafka's placement vs size-aware rules",
};

export default async function SimulatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const initial = await initialState(await searchParams);
  const presets = PRESETS.map(({ id, title, explanation }) => ({ id, title, explanation }));
  return <SimulatorApp initial={initial} presets={presets} />;
}
