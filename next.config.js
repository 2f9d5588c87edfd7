// @platformatic/kafka (optional native crc32), better-sqlite3 (native addon), piscina (worker threads) and esbuild (builds the
// worker bundle, lib/workers/pool.ts) must stay outside the bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@platformatic/kafka", "better-sqlite3", "kafkajs", "piscina", "esbuild"],
  poweredByHeader: false,
};
module.exports = nextConfig;
