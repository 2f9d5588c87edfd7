/** GET /api/snapshots/<id>/export?format=json|brokers-csv|dirs-csv → the file, as a download (made in the worker pool). */
import { chunkedBody, resultResponse, workFailure } from "@/lib/http/respond";
import { exportFormatOf } from "@/lib/share/export-share";
import { sharedExport } from "@/lib/server/share-reads";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  // The format is checked before the link is read: a wrong one is a 400 whatever the id.
  const format = exportFormatOf(new URL(request.url).searchParams.get("format"));
  if (!format.ok) return resultResponse(format);
  let file;
  try {
    file = await sharedExport((await params).id, format.value);
  } catch (error) {
    return workFailure(error);
  }
  if (!file.ok) return resultResponse(file);
  const { body, mimeType, fileName } = file.value;
  return new Response(chunkedBody(body), { headers: { "content-type": mimeType, "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" } });
}
