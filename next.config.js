// @platformatic/kafka (optional native crc32) and better-sqlite3 (native addon) must stay outside the bundle.
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: ["@platformatic/kafka", "better-sqlite3", "kafkajs"],
  poweredByHeader: false,
};
module.exports = nextConfig;
