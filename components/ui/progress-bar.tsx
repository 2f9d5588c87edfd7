/**
 * A horizontal bar for a share done (0–1): a `progressbar` with its value in words (`text`), so a
 * screen reader hears "12.3 GiB of 40.0 GiB (31%)" rather than a bare percentage.
 */
export function ProgressBar({ fraction, label, text, className = "" }: { fraction: number; label: string; text: string; className?: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={text}
      className={`h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800 ${className}`}
    >
      <div className="h-full rounded-full bg-sky-600 dark:bg-sky-500" style={{ width: `${pct}%` }} />
    </div>
  );
}
