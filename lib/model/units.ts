/**
 * Units, written once: bytes in binary multiples (as Kafka's tools and the page print them) and
 * durations in milliseconds.
 */
export const KiB = 1024;
export const MiB = 1024 * KiB;
export const GiB = 1024 * MiB;
/** @public */
export const TiB = 1024 * GiB;

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
