/**
 * Colours and dashes of the history charts' lines: Okabe–Ito, distinguishable with the common
 * colour-vision deficiencies on light and dark, and a dash per line so colour is never the only cue.
 */
export const LINE = {
  blue: { color: "#0072B2" },
  sky: { color: "#56B4E9", dash: "6 3" },
  orange: { color: "#D55E00" },
  green: { color: "#009E73", dash: "2 3" },
  grey: { color: "#888888", dash: "8 4" },
} as const;

/** A card's title, marked when what it shows is the demo's generated history (never a recorded one). */
export function historyTitle(title: string, generated: boolean): string {
  return generated ? `${title} · generated demo history` : title;
}

/** Threshold lines: 85 % (act now) and 95 % (urgent), as the heatmap marks them. */
export const THRESHOLD = { p85: "#E69F00", p95: "#DC2626" } as const;
