// File access checks shared by the loaders, so a missing file fails with the same message everywhere.
import { access, constants, stat } from 'node:fs/promises';
import { LoadError } from './errors.ts';

/** Throws LoadError unless `path` is a readable regular file. */
export async function checkReadable(path: string): Promise<void> {
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new LoadError(`${path} is not a file. Point the dataset at a data file.`);
    await access(path, constants.R_OK);
  } catch (err) {
    if (err instanceof LoadError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new LoadError(`${path} does not exist. Check the dataset's file path.`);
    throw new LoadError(`${path} cannot be read (${code ?? (err as Error).message}). Check the file's permissions.`);
  }
}
