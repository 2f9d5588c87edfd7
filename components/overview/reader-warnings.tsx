/**
 * What the reader could not read (snapshot.source.warnings), above the verdict: a throttle panel that
 * says "none set" is only true when the throttle configs were read, so the operator sees the gap first.
 */
export function ReaderWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section aria-label="Read with warnings" data-reader-warnings className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
      <p className="font-semibold">Part of the cluster could not be read; the figures that depend on it may be incomplete.</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {warnings.map((w) => (
          <li key={w} data-reader-warning>
            {w}
          </li>
        ))}
      </ul>
    </section>
  );
}
