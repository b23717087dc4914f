/** The middle value of a bench's rounds (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** A bench's round count from the environment: a whole number of at least 1, or a clear error. */
export function roundsFrom(variable: string, fallback: number): number {
  const given = process.env[variable];
  if (given === undefined) return fallback;
  const rounds = Number(given);
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error(`${variable} must be a whole number of at least 1 (got "${given}")`);
  return rounds;
}
