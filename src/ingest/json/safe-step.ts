/**
 * A step a JSON file names, as a key (`"values": {"100": …}`) or a number: a whole number within ±(2⁵³ − 1),
 * where a double holds every integer. Beyond it neighbouring steps are the same number, and a loop that
 * counts from one step to the next never ends.
 */
export function safeStep(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(n) ? n : null;
}
