// Test helper: the examples in the docs — each `$ curl …` line of a ```console block and the answer under it.

/** One documented request and the answer the docs show for it. */
export type Example = {
  /** Where the command starts, as `file:line`. */
  where: string;
  /** The command as written, continuation lines included (without the `$ `). */
  command: string;
  /** The answer's lines as shown, up to the next `$ ` line or the end of the block. */
  answer: string[];
};

const FENCE = /^\s*```/;

/**
 * Every curl example in a Markdown text. Only ```console blocks are read; in them a line starting
 * with `$ ` is a command (a line ending in `\` continues it) and the lines after it are its answer.
 * Commands other than curl (`sorrel …`, `cd …`) are shown, not run, and are left out.
 */
export function findExamples(markdown: string, file: string): Example[] {
  const lines = markdown.split('\n');
  const examples: Example[] = [];
  let inFence = false;
  let inConsole = false;
  let current: Example | null = null;
  let continued = false;
  const finish = () => {
    if (current && /^curl\s/.test(current.command)) examples.push(current);
    current = null;
  };
  lines.forEach((line, i) => {
    if (FENCE.test(line)) {
      finish();
      inConsole = !inFence && line.trim() === '```console';
      inFence = !inFence;
      continued = false;
      return;
    }
    if (!inConsole) return;
    if (continued && current) {
      current.command += `\n${line}`;
    } else if (line.startsWith('$ ')) {
      finish();
      current = { where: `${file}:${i + 1}`, command: line.slice(2), answer: [] };
    } else if (current) {
      current.answer.push(line);
    }
    continued = /\\$/.test(line) && current !== null && current.answer.length === 0;
  });
  finish();
  return examples;
}

const CATALOG_MARK = /^<!-- examples: (\S+) -->$/m;

/**
 * The catalog a Markdown file's examples run against: the one its `<!-- examples: <path> -->` line
 * names (relative to the repository), else the demo's.
 */
export function toExamplesCatalog(markdown: string): string {
  return CATALOG_MARK.exec(markdown)?.[1] ?? 'demo/catalog.yaml';
}
