/**
 * The one check on every request that changes state or lists everything. Two scopes, one token:
 *
 * - `links` (list every shared link, delete one): needs `KAFKA_BALANCE_WRITE_TOKEN` configured and
 *   presented. Reading one link needs only its unguessable id, so it is not checked here.
 * - `cluster` (apply a plan to the live cluster: reassignments and throttles): needs
 *   `KAFKA_BALANCE_ALLOW_WRITES=true` as well, a second opt-in because it changes a running cluster.
 *
 * A server that was never told a token lets nobody in (403), rather than everybody.
 *
 * Token rules, the same for every route:
 * - The configured token is `KAFKA_BALANCE_WRITE_TOKEN` with surrounding whitespace removed (an env
 *   file's trailing newline is not part of the secret). It must then be at least 8 printable ASCII
 *   characters without spaces, the characters a header can carry; otherwise writes stay off (403).
 * - `KAFKA_BALANCE_ALLOW_WRITES` turns cluster writes on only when it is exactly `true`.
 * - The request must send `Authorization: Bearer <token>`: the scheme exactly `Bearer` (this
 *   capitalisation only), one space, then the token, compared case-sensitively and whole. Nothing
 *   else is trimmed or accepted; anything else is a 401.
 * - The presented and configured tokens are compared as SHA-256 digests with `timingSafeEqual`, so
 *   the time taken reveals neither a matching prefix nor the token's length. Messages never echo the
 *   token, presented or configured.
 *
 * - Several tokens may be configured, each with a label the audit log records (never the token):
 *   `KAFKA_BALANCE_WRITE_TOKEN` (label `KAFKA_BALANCE_WRITE_TOKEN_LABEL`, default "operator") and the
 *   `label=token` pairs of `KAFKA_BALANCE_WRITE_TOKENS`. A request is compared with every one of them.
 *
 * `writeGate()` is the configuration half alone, so whatever reports whether writes are enabled
 * (GET /api/plan/apply) agrees with what a request carrying the token gets by construction.
 *
 * A refusal is a Result failure with one of the codes below: 403 for a server that does not allow it,
 * 401 for a request without the right token (failureResponse adds the WWW-Authenticate a 401 needs).
 *
 * `guardWrite()` is what the write routes call: the same check, and a refusal is recorded in the audit
 * log (result "refused", the action attempted, the actor the token's label when the token presented is
 * a configured one, else "unauthenticated"; never the token) and in the server's log. At most
 * REFUSALS_PER_MINUTE refusals a minute are written to the audit log per process, so a flood of bad
 * requests cannot fill the store; the ones beyond are counted in the server's log line of the next one written.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { currentEnv, type Env } from "@/lib/config";
import { log } from "@/lib/log/logger";
import { failure, success, type Err, type Result } from "@/lib/model/result";
import { resolveCluster } from "@/lib/cluster/clusters";
import { getStore } from "@/lib/store";
import { clusterParam } from "./cluster-param";
import { statusFor } from "./status";

export const ALLOW_WRITES_ENV = "KAFKA_BALANCE_ALLOW_WRITES";
export const WRITE_TOKEN_ENV = "KAFKA_BALANCE_WRITE_TOKEN";
/** The name the audit log gives whoever uses `KAFKA_BALANCE_WRITE_TOKEN` (default "operator"). */
export const WRITE_TOKEN_LABEL_ENV = "KAFKA_BALANCE_WRITE_TOKEN_LABEL";
/** More tokens, one per person or system: `label=token` pairs separated by commas or newlines. */
export const WRITE_TOKENS_ENV = "KAFKA_BALANCE_WRITE_TOKENS";
const LABEL_SHAPE = /^[A-Za-z0-9._@-]{1,64}$/;

export type WriteScope = "links" | "cluster";

export type WriteDenialCode = "writes_disabled" | "write_token_not_configured" | "unauthorized";
/** Who may write: the label of the token presented (for the audit log). */
export interface WriteAccess {
  label: string;
}

const denied = (code: WriteDenialCode, message: string): Err => failure(code, message);

/** 8: the shortest token accepted; shorter ones are guessable by hand. */
const MIN_TOKEN_LENGTH = 8;
const TOKEN_SHAPE = new RegExp(`^[\\x21-\\x7e]{${MIN_TOKEN_LENGTH},}$`);
const SCHEME = "Bearer ";

const WHAT: Record<WriteScope, string> = {
  links: "Listing and deleting shared links",
  cluster: "Applying plans to the cluster",
};

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/**
 * Every usable token with its label: `KAFKA_BALANCE_WRITE_TOKEN` (labelled by
 * `KAFKA_BALANCE_WRITE_TOKEN_LABEL`, default "operator") and each well-formed `label=token` of
 * `KAFKA_BALANCE_WRITE_TOKENS`. A malformed pair is left out (it lets nobody in).
 */
function configuredTokens(env: Env): { label: string; token: string }[] {
  const out: { label: string; token: string }[] = [];
  const single = env[WRITE_TOKEN_ENV]?.trim() ?? "";
  const singleLabel = env[WRITE_TOKEN_LABEL_ENV]?.trim() || "operator";
  if (TOKEN_SHAPE.test(single)) out.push({ label: LABEL_SHAPE.test(singleLabel) ? singleLabel : "operator", token: single });
  for (const pair of (env[WRITE_TOKENS_ENV] ?? "").split(/[,\n]/)) {
    const at = pair.indexOf("=");
    if (at < 0) continue;
    const label = pair.slice(0, at).trim();
    const token = pair.slice(at + 1).trim();
    if (LABEL_SHAPE.test(label) && TOKEN_SHAPE.test(token)) out.push({ label, token });
  }
  return out;
}

function configuredToken(env: Env): string | null {
  return configuredTokens(env)[0]?.token ?? null;
}

/** Whether the server's configuration lets a request with the right token through, for this scope. */
export function writeGate(scope: WriteScope, env: Env = currentEnv()): Result<null> {
  if (scope === "cluster" && env[ALLOW_WRITES_ENV] !== "true") {
    return denied("writes_disabled", `${WHAT[scope]} is off. Start Kafka Balance with ${ALLOW_WRITES_ENV}=true and ${WRITE_TOKEN_ENV}=<secret> to allow it.`);
  }
  if (configuredToken(env) === null) {
    return denied(
      "write_token_not_configured",
      `${WHAT[scope]} is off: set ${WRITE_TOKEN_ENV} on the server (${MIN_TOKEN_LENGTH} or more printable characters, no spaces) and send it as "Authorization: Bearer <token>".`,
    );
  }
  return success(null);
}

/** The whole check: the configuration for this scope, then the request's `Authorization` header. */
export function checkWriteAccess(scope: WriteScope, authorization: string | null, env: Env = currentEnv()): Result<WriteAccess> {
  const gate = writeGate(scope, env);
  if (!gate.ok) return gate;
  const given = authorization?.startsWith(SCHEME) ? authorization.slice(SCHEME.length) : null;
  // Every configured token is compared (no early exit), each as a digest: equal lengths, which
  // timingSafeEqual needs, whatever the lengths of the tokens.
  let label: string | null = null;
  for (const t of configuredTokens(env)) {
    if (timingSafeEqual(digest(given ?? ""), digest(t.token)) && given !== null && label === null) label = t.label;
  }
  if (label === null) {
    return denied("unauthorized", `${WHAT[scope]} needs the write token: send it as "Authorization: Bearer <${WRITE_TOKEN_ENV}>".`);
  }
  return success({ label });
}

/** For a route handler: checkWriteAccess on the request's `Authorization` header (a refusal answers with failureResponse). */
export function authorizeWrite(scope: WriteScope, request: Request, env: Env = currentEnv()): Result<WriteAccess> {
  return checkWriteAccess(scope, request.headers.get("authorization"), env);
}

/** The label of the token in an `Authorization` header when it is one of the configured tokens, else null. */
function presentedLabel(authorization: string | null, env: Env): string | null {
  const given = authorization?.startsWith(SCHEME) ? authorization.slice(SCHEME.length) : null;
  if (given === null) return null;
  let label: string | null = null;
  for (const t of configuredTokens(env)) if (timingSafeEqual(digest(given), digest(t.token)) && label === null) label = t.label;
  return label;
}

/**
 * What a refused request attempted, for the audit log. Its cluster: for scope `cluster`, the one
 * `?cluster=` names (else the first configured; "" when it names none known); for `links`, "".
 */
export interface WriteAttempt {
  /** The audit action: `apply-requested`, `apply-control`, `list-links`, `delete-link`. */
  action: string;
  /** What it would have changed, in words (`POST /api/plan/apply`, `shared link abc`). */
  target: string;
}

/** 60: a refused request a second, for a minute, is in the audit log; a flood beyond is only counted. */
export const REFUSALS_PER_MINUTE = 60;
const refusalWindow = { startMs: 0, written: 0, skipped: 0 };

/** Whether another refusal may be written now (at most REFUSALS_PER_MINUTE a minute); the count skipped before it. */
function refusalSlot(nowMs: number): { write: boolean; skipped: number } {
  if (nowMs - refusalWindow.startMs >= 60_000) {
    const skipped = refusalWindow.skipped;
    Object.assign(refusalWindow, { startMs: nowMs, written: 0, skipped: 0 });
    refusalWindow.written = 1;
    return { write: true, skipped };
  }
  if (refusalWindow.written >= REFUSALS_PER_MINUTE) {
    refusalWindow.skipped += 1;
    return { write: false, skipped: 0 };
  }
  refusalWindow.written += 1;
  return { write: true, skipped: 0 };
}

/** Tests: forget the refusals counted this minute. */
export function resetRefusalWindow(): void {
  Object.assign(refusalWindow, { startMs: 0, written: 0, skipped: 0 });
}

/**
 * For a write route: authorizeWrite, and a refusal recorded in the audit log and the server's log
 * (see the top of this file). A store that cannot be written does not change the answer.
 */
export async function guardWrite(scope: WriteScope, request: Request, attempt: WriteAttempt, env: Env = currentEnv()): Promise<Result<WriteAccess>> {
  const access = authorizeWrite(scope, request, env);
  if (access.ok) return access;
  const actor = presentedLabel(request.headers.get("authorization"), env) ?? "unauthenticated";
  const status = statusFor(access.error.code);
  const slot = refusalSlot(Date.now());
  const named = scope === "cluster" ? resolveCluster(clusterParam(request), env) : null;
  const cluster = named?.ok ? named.value.name : "";
  log("warn", `Write refused (${status} ${access.error.code}): ${attempt.action} by ${actor}.`, {
    event: "write.refused",
    cluster,
    jobId: null,
    actor,
    action: attempt.action,
    target: attempt.target,
    code: access.error.code,
    status,
    audited: slot.write,
    ...(slot.skipped > 0 ? { refusalsNotAudited: slot.skipped } : {}),
  });
  if (slot.write) {
    try {
      await getStore().audit.append({
        at: new Date().toISOString(),
        cluster,
        actor,
        jobId: null,
        action: attempt.action,
        target: attempt.target,
        result: "refused",
        detail: `${status} ${access.error.code}: ${access.error.message}${slot.skipped > 0 ? ` (${slot.skipped} more refusals in the last minute were not written here)` : ""}`,
      });
    } catch (error) {
      log("error", "The audit log could not record a refused write.", { event: "audit.write-failed", error: (error as Error).message });
    }
  }
  return access;
}
