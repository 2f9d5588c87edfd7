/**
 * A stored link's exports, for `GET /api/snapshots/<id>/export?format=` (curl-friendly downloads):
 * the format checked here, the file made in the worker pool (lib/workers/share-reads.ts).
 */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import { invalid, type Result } from "@/lib/model/result";
import { sharedExport } from "@/lib/workers/share-reads";
import { EXPORT_FORMATS, type ExportFormat } from "./export";

const FormatSchema = z.enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]], { error: () => `format must be one of ${EXPORT_FORMATS.join(", ")} (the heatmap PNG is made in the browser: use the Export menu of the shared page)` });

/** The file's bytes, name and type. Throws WorkTimeoutError / WorkBusyError as the pool does. */
export async function exportShare(id: string, format: string | null): Promise<Result<{ fileName: string; mimeType: string; body: Uint8Array }>> {
  const parsed = FormatSchema.safeParse(format ?? "json");
  if (!parsed.success) {
    return invalid(zodIssues(parsed.error).map((i) => ({ ...i, path: "format" })));
  }
  return sharedExport(id, parsed.data);
}
