/**
 * formatCount's output from one shared Intl.NumberFormat: `Number#toLocaleString` builds a new
 * formatter on every call, which dominates when labelling tens of thousands of heatmap cells.
 */
const INTEGER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "12,345": the same text as formatCount(). */
export function formatInteger(n: number): string {
  return INTEGER.format(Math.round(n));
}
