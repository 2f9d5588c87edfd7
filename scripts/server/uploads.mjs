// Request bodies in flight, bounded (scripts/server.mjs admits every request with a body here before
// Next reads a byte of it):
//
// - Per client (its address, policy.mjs `clientAddress`): at most `perClientUploads` bodies at once and
//   `perClientBytes` bytes → 429 with Retry-After. In total: `totalBytes` → 503 with Retry-After.
//   Checked on Content-Length before the body is read; a body without one (chunked) is counted as it
//   arrives and dropped when it passes a bound.
// - Deadlines: a body that sends nothing for `idleMs` while the app is waiting for it (a stalled
//   upload), or has not ended `deadlineMs` after its headers, is dropped (the socket closed): its bytes
//   stop pinning memory long before Node's own 300 s limit. Time the app spends not reading (its
//   buffer full) is never held against the client. The defaults let a 256 MB import over a
//   2 Mbit/s VPN finish and survive a 30 s network hiccup.
//
// A body's bytes count from its first byte until its answer has been sent (the route holds them until
// then). The accounting lives on globalThis so /api/metrics (lib/metrics/scrape.ts) can export it.
import { wholeNumber } from "./env.mjs";

export const UPLOAD_ENV = {
  idleSeconds: "KAFKA_BALANCE_UPLOAD_IDLE_SECONDS",
  deadlineSeconds: "KAFKA_BALANCE_UPLOAD_DEADLINE_SECONDS",
  perClientUploads: "KAFKA_BALANCE_UPLOADS_PER_CLIENT",
  perClientBytes: "KAFKA_BALANCE_UPLOAD_CLIENT_BYTES",
  totalBytes: "KAFKA_BALANCE_UPLOAD_TOTAL_BYTES",
};

const MiB = 1024 * 1024;
export const UPLOAD_DEFAULTS = {
  idleSeconds: 30,
  /** 20 minutes: 256 MB (the text import's limit) at 213 KB/s. */
  deadlineSeconds: 1200,
  perClientUploads: 8,
  /** One largest import (256 MB) and room for the small bodies the UI sends meanwhile. */
  perClientBytes: 320 * MiB,
  /** Two largest imports at once; beyond that memory, not the network, is what runs out. */
  totalBytes: 640 * MiB,
};

export function uploadLimits(env = process.env) {
  const out = {};
  for (const [key, name] of Object.entries(UPLOAD_ENV)) out[key] = wholeNumber(env, name, UPLOAD_DEFAULTS[key], 1);
  return {
    idleMs: out.idleSeconds * 1000,
    deadlineMs: out.deadlineSeconds * 1000,
    perClientUploads: out.perClientUploads,
    perClientBytes: out.perClientBytes,
    totalBytes: out.totalBytes,
  };
}

const STATE_KEY = Symbol.for("kafka-balance.uploads");

/** The process's accounting (what /api/metrics exports): bodies and bytes in flight, refusals and drops by reason. */
export function uploadState() {
  const holder = globalThis;
  holder[STATE_KEY] ??= { uploads: 0, bytes: 0, refused: { client_uploads: 0, client_bytes: 0, total_bytes: 0 }, dropped: { idle: 0, deadline: 0, over_budget: 0 } };
  return holder[STATE_KEY];
}

/** Whether a request carries a body (declared or chunked). */
export function hasBody(req) {
  const length = Number(req.headers["content-length"] ?? "0");
  return (Number.isFinite(length) && length > 0) || req.headers["transfer-encoding"] !== undefined;
}

export class UploadGuard {
  constructor(limits, log = (line) => console.warn(line)) {
    this.limits = limits;
    this.log = log;
    this.state = uploadState();
    /** client → { uploads, bytes } */
    this.clients = new Map();
  }

  /** Seconds a refused client should wait: a slow body can take a while to finish. */
  retryAfter() {
    return 10;
  }

  /**
   * Admits the body of `req` from `client`, or returns the refusal { status, code, message } to send
   * (nothing read yet). Once admitted, the body is watched until `res` closes.
   */
  admit(req, res, client) {
    const l = this.limits;
    const declared = Math.max(0, Number(req.headers["content-length"] ?? "0") || 0);
    const mine = this.clients.get(client) ?? { uploads: 0, bytes: 0 };
    if (mine.uploads >= l.perClientUploads)
      return this.refuse(
        "client_uploads",
        429,
        `${mine.uploads} uploads from your address are still in progress and the limit is ${l.perClientUploads} at once (${UPLOAD_ENV.perClientUploads}); wait for them to finish, then retry.`,
      );
    if (mine.bytes + declared > l.perClientBytes)
      return this.refuse(
        "client_bytes",
        429,
        `Uploads from your address would hold ${mine.bytes + declared} bytes at once and the limit is ${l.perClientBytes} (${UPLOAD_ENV.perClientBytes}); wait for your other uploads to finish, then retry.`,
      );
    if (this.state.bytes + declared > l.totalBytes)
      return this.refuse(
        "total_bytes",
        503,
        `The server is receiving ${this.state.bytes} bytes of other uploads and holds at most ${l.totalBytes} at once (${UPLOAD_ENV.totalBytes}); retry in a few seconds.`,
      );
    this.watch(req, res, client, mine, declared);
    return null;
  }

  refuse(reason, status, message) {
    this.state.refused[reason]++;
    return { status, code: status === 429 ? "rate_limited" : "busy", message, retryAfterSeconds: this.retryAfter() };
  }

  watch(req, res, client, mine, declared) {
    const l = this.limits;
    let charged = declared;
    let received = 0;
    let released = false;
    mine.uploads++;
    mine.bytes += charged;
    this.clients.set(client, mine);
    this.state.uploads++;
    this.state.bytes += charged;
    const charge = (bytes) => {
      mine.bytes += bytes;
      this.state.bytes += bytes;
      charged += bytes;
    };
    const drop = (reason, detail) => {
      if (req.complete || released) return;
      this.state.dropped[reason]++;
      this.log(`Kafka Balance: dropped an upload from ${client} to ${req.method} ${String(req.url).split("?")[0].slice(0, 100)}: ${detail}.`);
      req.socket.destroy();
      release();
    };
    const onIdle = () => {
      // The app is not reading (its buffer is full): the client is not the one stalling.
      if (req.readableLength >= req.readableHighWaterMark) return idle.refresh();
      drop("idle", `nothing received for ${l.idleMs / 1000} s after ${received} bytes (${UPLOAD_ENV.idleSeconds})`);
    };
    const idle = setTimeout(onIdle, l.idleMs);
    const deadline = setTimeout(
      () => drop("deadline", `not finished ${l.deadlineMs / 1000} s after its headers, ${received} bytes received (${UPLOAD_ENV.deadlineSeconds})`),
      l.deadlineMs,
    );
    idle.unref();
    deadline.unref();
    const stopTimers = () => {
      clearTimeout(idle);
      clearTimeout(deadline);
    };
    const release = () => {
      if (released) return;
      released = true;
      stopTimers();
      mine.uploads--;
      mine.bytes -= charged;
      this.state.uploads--;
      this.state.bytes -= charged;
      if (mine.uploads === 0) this.clients.delete(client);
    };
    // The parser hands each chunk of the body to req.push: count it there without consuming the stream.
    const push = req.push;
    req.push = (chunk, encoding) => {
      if (chunk && !released) {
        received += chunk.length;
        idle.refresh();
        if (received > charged) {
          const extra = received - charged;
          if (mine.bytes + extra > l.perClientBytes || this.state.bytes + extra > l.totalBytes) {
            drop(
              "over_budget",
              `the body passed the bytes allowed in flight (${UPLOAD_ENV.perClientBytes}, ${UPLOAD_ENV.totalBytes}) after ${received} bytes without a Content-Length`,
            );
            return false;
          }
          charge(extra);
        }
      }
      return push.call(req, chunk, encoding);
    };
    req.once("end", stopTimers);
    res.once("close", release);
  }
}
