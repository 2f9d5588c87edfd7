/**
 * GET /api/metrics → the Prometheus text exposition (lib/metrics): per configured cluster, log dir,
 * broker and cluster figures, the next-placement trap, collector health and forecasts. No
 * authentication: it carries sizes, counts and names, no secrets. Prometheus's own
 * `X-Prometheus-Scrape-Timeout-Seconds` header shortens the wait for slow clusters so the answer
 * arrives inside its scrape timeout.
 */
import { metricsExposition, metricsTimeoutMs } from "@/lib/metrics/scrape";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Half a second to write the answer before Prometheus gives up on the scrape. */
const ANSWER_MARGIN_MS = 500;

export async function GET(request: Request): Promise<Response> {
  const scrapeTimeout = Number(request.headers.get("x-prometheus-scrape-timeout-seconds"));
  const configured = metricsTimeoutMs();
  const deadlineMs = Number.isFinite(scrapeTimeout) && scrapeTimeout > 0 ? Math.max(100, Math.min(configured, scrapeTimeout * 1000 - ANSWER_MARGIN_MS)) : configured;
  const { contentType, body } = await metricsExposition({ deadlineMs });
  return new Response(body, { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" } });
}
