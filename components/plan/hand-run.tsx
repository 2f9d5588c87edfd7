"use client";
/**
 * "Run it by hand": the apply job's steps as Kafka's own commands (lib/view/plan/plan-run-steps.ts), for a
 * plan and for a reviewed reassignment. Each batch is its own file and its own start-and-check step;
 * the first BATCH_STEPS_SHOWN batches are listed, every step is in the downloadable script, so the page
 * stays bounded for a plan of many batches. Then the single-file JSON (what the whole plan is, not the
 * estimated path), the rollback and what they do.
 */
import { useMemo } from "react";
import { BOOTSTRAP_PLACEHOLDER } from "@/lib/plan/options";
import { BATCH_STEPS_SHOWN, handRun, ROLLBACK_FILE, SCRIPT_FILE, type HandRunInput } from "@/lib/view/plan/plan-run-steps";
import { CopyBlock } from "./copy-block";

interface Props extends HandRunInput {
  /** "plan" or "review": the prefix of the element ids. */
  idPrefix: "plan" | "review";
  heading: "h3" | "h4";
  /** The whole reassignment in one file (plan.json), when the page offers it. */
  wholeJson?: { name: string; text: string } | null;
}

export function HandRun({ idPrefix, heading: H, wholeJson = null, ...input }: Props) {
  const { snapshot, entries, batches, cordons, throttles, leadershipChanges, bootstrapServer, estimate } = input;
  const run = useMemo(
    () => handRun({ snapshot, entries, batches, cordons, throttles, leadershipChanges, bootstrapServer, estimate }),
    [snapshot, entries, batches, cordons, throttles, leadershipChanges, bootstrapServer, estimate],
  );
  if (run.steps.length === 0) return null;
  const id = (s: string) => (idPrefix === "plan" ? s : s.replace(/^plan-/, "review-"));
  const batchSteps = run.steps.filter((s) => s.batch !== undefined);
  const shown = run.steps.filter((s) => s.batch === undefined || s.batch <= BATCH_STEPS_SHOWN);
  const hidden = batchSteps.length - batchSteps.filter((s) => s.batch! <= BATCH_STEPS_SHOWN).length;
  return (
    <section aria-labelledby={id("plan-run-title")} className="grid gap-3" data-hand-run>
      <H id={id("plan-run-title")} className={H === "h3" ? "text-base font-semibold" : "text-sm font-semibold"}>
        Run it by hand
      </H>
      {input.bootstrapServer === BOOTSTRAP_PLACEHOLDER ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-bootstrap-placeholder>
          This snapshot does not say where its cluster is: replace <code>{BOOTSTRAP_PLACEHOLDER}</code> in the commands with your bootstrap servers (<code>host:port,…</code>).
        </p>
      ) : null}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        These are the apply job&apos;s steps, in its order, with Kafka&apos;s own tools. Save each file under the name shown, run each step once the one before has finished, and
        run each check again every few seconds until it says every reassignment is complete.
      </p>
      {run.notes.map((n) => (
        <p key={n} className="text-sm text-zinc-700 dark:text-zinc-300" data-hand-run-note>
          {n}
        </p>
      ))}
      <CopyBlock
        id={id("plan-run-script")}
        title={`Every step as one script (${SCRIPT_FILE}: writes the files, repeats each check until complete, stops at the first failure)`}
        text={run.script}
        download={SCRIPT_FILE}
        mime="text/x-sh"
        collapsed
      />
      <ol className="grid gap-6" aria-label="Commands, in the order to run them">
        {shown.map((s) => (
          <li key={s.id} className="grid min-w-0 gap-3 xl:grid-cols-2">
            {s.file ? <CopyBlock id={id(s.id) + "-json"} title={s.file.name} text={s.file.text} download={s.file.name} /> : null}
            <CopyBlock id={id(s.id)} title={s.title} text={s.text} />
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-hand-run-hidden>
          Batches {BATCH_STEPS_SHOWN + 1}–{batchSteps.length} ({hidden} more) are run the same way; their files and commands are in {SCRIPT_FILE} above, in order, before the steps
          that follow them here.
        </p>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-2">
        {wholeJson ? (
          <div className="grid gap-1">
            <CopyBlock id={id("plan-json")} title={`The whole reassignment in one file (${wholeJson.name}, log dirs pinned)`} text={wholeJson.text} download={wholeJson.name} />
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {wholeJson.name} holds every batch together, to review or share. Running it at once starts every copy at once: that is not the path estimated, and not what the apply
              job does.
            </p>
          </div>
        ) : null}
        {run.rollback ? (
          <div className="grid gap-1">
            <CopyBlock id={id("plan-rollback")} title={`Rollback: the current assignment and dirs (${ROLLBACK_FILE})`} text={run.rollback.file.text} download={ROLLBACK_FILE} />
            <CopyBlock id={id("plan-rollback-commands")} title="To go back: start it, then repeat the check until it says complete" text={run.rollback.text} />
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              It puts every partition the plan touches back on its current brokers, in their current order, and each replica back in its current dir. It is one file: it moves
              everything back at once, unthrottled (the throttles above are for the plan&apos;s direction, not the way back).
            </p>
          </div>
        ) : null}
      </div>
    </section>
  );
}
