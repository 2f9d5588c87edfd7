"use client";
/**
 * The throttle doctor's findings for one snapshot, as the server diagnosed them (lib/throttle/doctor.ts): throttles that do nothing, throttles left behind
 * after a move, lists the brokers reject or cannot parse, and entries naming brokers without a replica.
 * When the snapshot does not carry the throttle configs or the reassignments, it says so and how to
 * learn them, and never "no problems" from what it could not see.
 */
import type { ThrottleDiagnosis } from "@/lib/throttle/doctor";

const TONE = {
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  info: "border-zinc-300 bg-zinc-50 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200",
} as const;

/** The findings of a diagnosis made elsewhere (the server's, for a cluster it reads). */
export function ThrottleFindings({ diagnosis }: { diagnosis: ThrottleDiagnosis }) {
  const throttling = diagnosis.brokers.filter((b) => b.leader.length > 0 || b.follower.length > 0);
  return (
    <div className="mt-2 grid gap-2 text-sm" data-throttle-doctor>
      {diagnosis.findings.length === 0 ? (
        <p className={diagnosis.known?.throttles === false ? "text-amber-900 dark:text-amber-200" : "text-zinc-600 dark:text-zinc-400"} data-doctor-summary>
          {diagnosis.summary ?? "No problems found."}
        </p>
      ) : (
        <ul className="grid gap-2">
          {diagnosis.findings.map((f, i) => (
            <li key={`${f.code}-${i}`} className={`rounded border px-2 py-1 ${TONE[f.severity]}`} data-finding={f.code}>
              <span className="font-semibold">{f.severity === "error" ? "Error" : f.severity === "warning" ? "Warning" : "Note"}:</span> {f.message}
            </li>
          ))}
        </ul>
      )}
      {(diagnosis.notes ?? []).length > 0 ? (
        <ul className="grid gap-1 text-amber-900 dark:text-amber-200" aria-label="What the doctor could not see" data-doctor-notes>
          {diagnosis.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {throttling.length > 0 ? (
        <details>
          <summary className="cursor-pointer">What each broker throttles</summary>
          <ul className="mt-1 list-disc pl-5">
            {throttling.map((b) => (
              <li key={b.broker}>
                broker {b.broker}: as leader {b.leader.map((t) => `${t.topic} ${t.partitions === "ALL" ? "(all)" : `[${t.partitions.join(",")}]`}`).join("; ") || "nothing"}; as
                follower {b.follower.map((t) => `${t.topic} ${t.partitions === "ALL" ? "(all)" : `[${t.partitions.join(",")}]`}`).join("; ") || "nothing"}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
