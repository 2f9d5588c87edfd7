/** GET /api/snapshots/<id>/export?format=json|brokers-csv|dirs-csv → the file, as a download (made in the worker pool). */
import { chunkedBody, resultResponse, workFailure } from "@/lib/http/respond";
import { exportShare } from "@/lib/snapshots/export-share";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  let file;
  try {
    file = await exportShare((await params).id, new URL(request.url).searchParams.get("format"));
  } catch (error) {
    return workFailure(error);
  }
  if (!file.ok) return resultResponse(file);
  const { body, mimeType, fileName } = file.value;
  return new Response(chunkedBody(body), { headers: { "content-type": mimeType, "content-disposition": `attachment; filename="${fileName}"`, "cache-control": "no-store" } });
}
