/**
 * Runs before every page (not before /api, _next/static or _next/image: see the matcher). Gives each
 * page request a fresh nonce and the Content-Security-Policy built around it
 * (lib/http/content-security-policy.ts), on the request (Next reads the nonce from there for its
 * scripts) and on the response. Headers that do not change per request are set in next.config.js.
 * /api stays outside: Proxy buffers request bodies up to 10 MB and imports are allowed to be larger.
 * The one exception is the snapshot-link API below /api/snapshots/<id>, which takes no body.
 *
 * A path whose percent-encoding is malformed (`/s/%E0%A4%A`) would make Next fail to decode the route
 * parameter and answer 500; it is answered here instead: 400 naming the problem for the API, the
 * app's 404 page for a page.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";

function malformedPath(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

export function proxy(request: NextRequest): NextResponse {
  const api = request.nextUrl.pathname.startsWith("/api/");
  if (malformedPath(new URL(request.url).pathname)) {
    if (api)
      return NextResponse.json(
        {
          error: {
            code: "bad_request",
            message: "The URL's percent-encoding is malformed (a % not followed by a valid UTF-8 byte sequence); encode the path segment, e.g. with encodeURIComponent.",
          },
        },
        { status: 400, headers: { "cache-control": "no-store" } },
      );
    return NextResponse.rewrite(new URL("/not-found", request.url));
  }
  if (api) return NextResponse.next();
  const policy = contentSecurityPolicy(newNonce(), { development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static/|_next/image|favicon.ico).*)", "/api/snapshots/:id/:rest*"],
};
