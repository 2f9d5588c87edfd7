/**
 * Runs before every page (not before /api, _next/static or _next/image: see the matcher). Gives each
 * page request a fresh nonce and the Content-Security-Policy built around it
 * (lib/http/content-security-policy.ts), on the request (Next reads the nonce from there for its
 * scripts) and on the response. Headers that do not change per request are set in next.config.js.
 * /api stays outside: Proxy buffers request bodies up to 10 MB and imports are allowed to be larger.
 */
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, newNonce } from "@/lib/http/content-security-policy";

export function proxy(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy(newNonce(), { development: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static/|_next/image|favicon.ico).*)"],
};
