/**
 * A forecast's time to a level in the words an operator repeats to a colleague: "about 4 days (3–6
 * days)", "about 5 hours (3–9 hours)", "already past", "not within a year". The central time picks the
 * unit (hours under 2 days, days under 60, months under 2 years, years beyond) and the range uses the
 * same unit, rounded to whole units, so the three numbers compare at a glance.
 *
 * An ETA is lib/forecast's Eta (seconds from the forecast's now; `latestSeconds` null when the slow end
 * does not get there within the horizon; 0 when the level is already crossed).
 */
import type { Eta } from "@/lib/forecast";

export type EtaFields = Eta;

const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;
/** 30.44 days: the mean Gregorian month. */
const MONTH_S = 30.44 * DAY_S;
const YEAR_S = 365.25 * DAY_S;

interface Unit {
  seconds: number;
  one: string;
  many: string;
}

const HOURS: Unit = { seconds: HOUR_S, one: "hour", many: "hours" };
const DAYS: Unit = { seconds: DAY_S, one: "day", many: "days" };
const MONTHS: Unit = { seconds: MONTH_S, one: "month", many: "months" };
const YEARS: Unit = { seconds: YEAR_S, one: "year", many: "years" };

function unitFor(seconds: number): Unit {
  if (seconds < 2 * DAY_S) return HOURS;
  if (seconds < 60 * DAY_S) return DAYS;
  if (seconds < 2 * 365 * DAY_S) return MONTHS;
  return YEARS;
}

/** Whole units, at least 1 (a time under one unit rounds up to it rather than reading "0 days"). */
const count = (seconds: number, unit: Unit) => Math.max(1, Math.round(seconds / unit.seconds));
const plural = (n: number, unit: Unit) => `${n} ${n === 1 ? unit.one : unit.many}`;

/** "a year", "90 days": the forecast's horizon as the words "not within …" end with. */
export function horizonWords(horizonDays: number): string {
  if (horizonDays === 365) return "a year";
  if (horizonDays % 365 === 0) return `${horizonDays / 365} years`;
  return plural(Math.round(horizonDays), DAYS);
}

/** "about 4 days": the central time alone; "under an hour" below one. */
export function etaCentral(seconds: number): string {
  if (!Number.isFinite(seconds)) return "–";
  if (seconds < HOUR_S) return "under an hour";
  const unit = unitFor(seconds);
  return `about ${plural(count(seconds, unit), unit)}`;
}

/** "3–6 days", "3 days or more" (no slow end within the horizon), or null when the range rounds to one number. */
export function etaRange(eta: EtaFields): string | null {
  if (!Number.isFinite(eta.seconds) || eta.seconds < HOUR_S) return null;
  const unit = unitFor(eta.seconds);
  const lo = count(Math.max(0, eta.earliestSeconds), unit);
  if (eta.latestSeconds === null) return `${plural(lo, unit)} or more`;
  const hi = count(eta.latestSeconds, unit);
  const central = count(eta.seconds, unit);
  if (lo === hi && hi === central) return null;
  return `${lo}–${plural(hi, unit)}`;
}

export interface EtaText {
  /** "about 4 days", "already past", "not within a year". */
  central: string;
  /** "3–6 days", or null. */
  range: string | null;
  /** central with the range in brackets: "about 4 days (3–6 days)". */
  full: string;
  /** Seconds to sort by: 0 already past, Infinity not within the horizon. */
  sortSeconds: number;
}

export function etaText(eta: EtaFields | null, horizonDays: number): EtaText {
  if (eta === null) {
    const central = `not within ${horizonWords(horizonDays)}`;
    return { central, range: null, full: central, sortSeconds: Infinity };
  }
  if (eta.seconds <= 0) return { central: "already past", range: null, full: "already past", sortSeconds: 0 };
  const central = etaCentral(eta.seconds);
  const range = etaRange(eta);
  return { central, range, full: range ? `${central} (${range})` : central, sortSeconds: eta.seconds };
}
