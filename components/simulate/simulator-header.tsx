/** The simulator's title bar, the same while the first run loads and after (then with the run's Share and Export). */
import type { ReactNode } from "react";
import { PageHeader } from "@/components/shell/page-header";

export function SimulatorHeader({ actions }: { actions?: ReactNode }) {
  return (
    <PageHeader
      title="What-if simulator"
      subtitle="See where Kafka will put partitions before you add disks, brokers or topics — and what a size-aware rule would do."
      actions={actions}
    />
  );
}
