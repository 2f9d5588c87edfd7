import type { Metadata } from "next";
import { AuditLog } from "@/components/audit/audit-log";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Audit" };

/** The audit log: every write to a cluster from this server, and who asked for it. */
export default function AuditPage() {
  return (
    <div className="grid gap-5">
      <PageHeader
        title="Audit log"
        subtitle="Every write Kafka Balance made to a cluster, every apply, pause, resume, cancel and throttle change asked of it, and every write refused for a missing or wrong token: when, by which write token's label, on what, and how it went. Fifty entries a page, filtered by cluster, actor, action, result and time."
      />
      <AuditLog />
    </div>
  );
}
