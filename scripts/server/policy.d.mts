// Types of policy.mjs for the TypeScript that imports it (tests/unit/http/server-policy.test.ts).
import type { BlockList } from "node:net";

export const TRUSTED_PROXIES_ENV: string;
export const ALLOWED_HOSTS_ENV: string;
export interface TrustedProxies {
  list: BlockList;
  count: number;
  invalid: string[];
}
export interface AllowedHosts {
  names: Set<string>;
  suffixes: string[];
  any: boolean;
}
export function normalizeAddress(address: string | undefined): string;
export function parseTrustedProxies(raw: string | undefined): TrustedProxies;
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, proxies: TrustedProxies): string;
export function hostName(header: string | undefined): string | null;
export function allowedHosts(env: Record<string, string | undefined> | undefined, boundHost: string | undefined): AllowedHosts;
export function hostAllowed(header: string | undefined, allowed: AllowedHosts): boolean;
export function methodRefusal(method: string, pathname: string): { status: number; allow: string; message: string } | null;
export function crossSiteWrite(method: string, pathname: string, headers: Record<string, string | string[] | undefined>): boolean;
