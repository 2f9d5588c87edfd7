// @platformatic/kafka (optional native crc32), better-sqlite3 (native addon), pg (optional native bindings), piscina (worker threads) and esbuild (builds the
// worker bundle, lib/workers/pool.ts) must stay outside the bundle.
//
// Headers on every response, pages, API and static files alike. The pages' Content-Security-Policy
// carries a per-request nonce and is set by proxy.ts; API responses get the one below, which must
// stay equal to API_CONTENT_SECURITY_POLICY in lib/http/content-security-policy.ts (a test checks it).
// Referrer-Policy no-referrer: shared links (/s/<id>) are secrets, and the app links nowhere that
// needs to know where a visitor came from.
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "no-referrer" },
];
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@platformatic/kafka", "better-sqlite3", "pg", "kafkajs", "piscina", "esbuild"],
  poweredByHeader: false,
  // The test suite's one build (tests/support/global-build.ts) sets this: `npm test` has just run
  // `tsc --noEmit` over the same sources, so the build need not type-check them again. Every other
  // build (`npm start`, `npm run build`) type-checks as usual.
  typescript: { ignoreBuildErrors: process.env.KAFKA_BALANCE_BUILD_TYPECHECKED === "1" },
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};
module.exports = nextConfig;
