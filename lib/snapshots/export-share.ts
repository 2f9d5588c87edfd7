/** A stored link's exports, for `GET /api/snapshots/<id>/export?format=` (curl-friendly downloads). */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import { invalid, type Result } from "@/lib/model/result";
import { balanceReport } from "@/lib/model/report";
import { EXPORT_FORMATS, exportFile, type ExportFile, type ExportFormat } from "./export";
import { openShare } from "./share";

const FormatSchema = z.enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]], { error: () => `format must be one of ${EXPORT_FORMATS.join(", ")} (the heatmap PNG is made in the browser: use the Export menu of the shared page)` });

export async function exportShare(id: string, format: string | null): Promise<Result<ExportFile>> {
  const parsed = FormatSchema.safeParse(format ?? "json");
  if (!parsed.success) {
    return invalid(zodIssues(parsed.error).map((i) => ({ ...i, path: "format" })));
  }
  const record = await openShare(id);
  if (!record.ok) return record;
  return { ok: true, value: exportFile(record.value.snapshot, balanceReport(record.value.snapshot), parsed.data) };
}
