/** The simulator's title bar, the same while the first run loads and after. */
import { PageHeader } from "@/components/shell/page-header";

export function SimulatorHeader() {
  return <PageHeader title="What-if simulator" subtitle="See where Kafka will put partitions before you add disks, brokers or topics — and what a size-aware rule would do." />;
}
