/**
 * The Content-Security-Policy of every page (set by proxy.ts with a fresh nonce per request). Next
 * reads the nonce back from the request's CSP header and puts it on its own scripts; pages must be
 * rendered per request for that (the root layout waits for the request).
 *
 * - Scripts: only those carrying the nonce, and what they load ('strict-dynamic'); 'self' is the
 *   fallback for browsers without 'strict-dynamic'. `next dev` needs 'unsafe-eval' (React rebuilds
 *   server error stacks with eval); production never gets it.
 * - Styles: 'unsafe-inline' because React `style` attributes (recharts, heatmap cells) cannot carry a
 *   nonce. Styles only: a nonce in style-src would make browsers ignore 'unsafe-inline'.
 * - Images: data: and blob: for the PNG export (canvas) and chart images.
 * - No `upgrade-insecure-requests`: the app is often served over plain HTTP inside a network, where
 *   upgrading its own requests to https would break every page.
 *
 * API responses get API_CONTENT_SECURITY_POLICY (next.config.js): JSON loads nothing.
 */

export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

export function contentSecurityPolicy(nonce: string, options: { development: boolean }): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}
