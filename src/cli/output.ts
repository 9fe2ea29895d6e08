// What every command prints the same way: a failure with its usage, the loaded datasets, a list of warnings.
import { USAGE } from './args.ts';

/** Prints the message and a usage to stderr; returns the exit code 1. */
export function fail(message: string, usage = USAGE): number {
  console.error(`${message}\n\nUsage: ${usage.replace(/^Usage: /, '')}`);
  return 1;
}

/** "people (6 rows), pets (3 rows)": each loaded dataset with its row count. */
export function toDatasetList(datasets: Iterable<{ name: string; rows: number }>): string {
  return [...datasets].map((d) => `${d.name} (${d.rows} rows)`).join(', ');
}

/** "1 warning" or "N warnings". */
export function toWarningCount(n: number): string {
  return `${n} warning${n === 1 ? '' : 's'}`;
}
