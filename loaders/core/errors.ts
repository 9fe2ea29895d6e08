// LoadError: the one error type the loaders throw, naming the file and what to fix.
import { toEcho } from '../../src/common/echo.ts';

/** A data file could not be loaded; the message names the file and, where relevant, row, column and value. */
export class LoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoadError';
  }
}

/** The LoadError for a JSON object or array where a column value should be. */
export function unsupportedValue(file: string, row: number, column: string, v: unknown): LoadError {
  const what = Array.isArray(v) ? 'an array' : 'an object';
  // The exact JSON parser gives Maps for objects and bigints for big integers.
  const shown = toEcho(v, 60);
  return new LoadError(
    `${file} row ${row}, column ${toEcho(column)}: ${shown} is ${what}; only strings, numbers, booleans and null can be loaded. Flatten the data or drop the key.`,
  );
}
