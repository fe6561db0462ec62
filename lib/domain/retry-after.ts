/**
 * Whole minutes to wait before trying again, from a refusal's retry-after seconds, rounded up and
 * at least one; `fallbackMinutes` (the limit's window) when the answer carries no usable value.
 */
export function minutesToWait(retryAfterSeconds: unknown, fallbackMinutes: number): number {
  const seconds = Number(retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : fallbackMinutes;
}
