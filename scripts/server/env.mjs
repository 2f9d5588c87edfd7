// Whole numbers from env for the server's limits: a value that is not a whole number ≥ `min` is
// ignored with one warning naming the variable, and the default applies (as lib/links/limits.ts).
const warned = new Set();

export function wholeNumber(env, name, fallback, min) {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && Number.isSafeInteger(value) && value >= min) return value;
  if (!warned.has(`${name}=${raw}`)) {
    warned.add(`${name}=${raw}`);
    console.warn(`Kafka Balance: ${name}=${JSON.stringify(raw.slice(0, 40))} is not a whole number ≥ ${min}; using the default ${fallback}.`);
  }
  return fallback;
}
