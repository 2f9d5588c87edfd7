import { BalanceTables } from "@/components/balance-tables";
import { balanceReport } from "@/lib/model/report";
import { formatSkew } from "@/lib/model/format";
import { demoSnapshot } from "@/lib/simulate/presets";

export const dynamic = "force-dynamic";

export default function OverviewPage() {
  const snapshot = demoSnapshot();
  const report = balanceReport(snapshot);
  return (
    <main className="mx-auto max-w-6xl p-6">
      <header className="mb-6">
        <h1 className="text-2xl font-bold">Kafka Balance</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {snapshot.source.label} · captured {snapshot.capturedAt}
        </p>
        <p className="mt-2 text-sm">
          Broker replicas {formatSkew(report.skew.brokerReplicas.maxOverMean)} · broker bytes {formatSkew(report.skew.brokerBytes.maxOverMean)} · dir
          bytes {formatSkew(report.skew.dirBytes.maxOverMean)} · dir partitions {formatSkew(report.skew.dirPartitions.maxOverMean)}
        </p>
      </header>
      <BalanceTables report={report} />
    </main>
  );
}
