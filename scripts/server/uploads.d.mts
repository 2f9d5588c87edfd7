// Types of uploads.mjs for the TypeScript that imports it (tests/unit/http/uploads.test.ts).
import type { IncomingMessage, ServerResponse } from "node:http";

export const UPLOAD_ENV: Record<"idleSeconds" | "deadlineSeconds" | "perClientUploads" | "perClientBytes" | "totalBytes", string>;
export const UPLOAD_DEFAULTS: Record<"idleSeconds" | "deadlineSeconds" | "perClientUploads" | "perClientBytes" | "totalBytes", number>;
export interface UploadLimits {
  idleMs: number;
  deadlineMs: number;
  perClientUploads: number;
  perClientBytes: number;
  totalBytes: number;
}
export interface UploadState {
  uploads: number;
  bytes: number;
  refused: Record<"client_uploads" | "client_bytes" | "total_bytes", number>;
  dropped: Record<"idle" | "deadline" | "over_budget", number>;
}
export function uploadLimits(env?: Record<string, string | undefined>): UploadLimits;
export function uploadState(): UploadState;
export function hasBody(req: IncomingMessage): boolean;
export class UploadGuard {
  constructor(limits: UploadLimits, log?: (line: string) => void);
  admit(req: IncomingMessage, res: ServerResponse, client: string): { status: number; code: string; message: string; retryAfterSeconds: number } | null;
}
