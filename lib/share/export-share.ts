/**
 * A stored link's exports, for `GET /api/snapshots/<id>/export?format=` (curl-friendly downloads):
 * the format is checked here, before the link is read; the file is made in the worker pool
 * (lib/server/share-reads.ts `sharedExport`, called by the route).
 */
import { z } from "zod";
import { zodIssues } from "@/lib/model/parse";
import { invalid, success, type Result } from "@/lib/model/result";
import { EXPORT_FORMATS, type ExportFormat } from "./export";

const FormatSchema = z.enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]], {
  error: () => `format must be one of ${EXPORT_FORMATS.join(", ")} (the heatmap PNG is made in the browser: use the Export menu of the shared page)`,
});

/** The export format a `format` query parameter names (json when absent), or the 400's issue. */
export function exportFormatOf(format: string | null): Result<ExportFormat> {
  const parsed = FormatSchema.safeParse(format ?? "json");
  if (!parsed.success) return invalid(zodIssues(parsed.error).map((i) => ({ ...i, path: "format" })));
  return success(parsed.data);
}
