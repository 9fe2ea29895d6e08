// Splitting one large table task by rows across idle worker threads, and the task that merges the parts.
import type { SplitTask, Task } from '../contract/tasks.ts';

/**
 * Why by rows: every table task is one pass over the rows of a few columns, so the rows [start,
 * end) of a part are a slice of the same shared memory (workers/table/slice.ts) and each part costs its
 * share of the pass. Distinct values and grouped counts merge by value (their parts are small).
 * Stats split since their sums are exact (API.md §8: any split gives the same bits): each part
 * selects and sorts its own rows (the cost of a stats task) and adds their exact sums; the merge
 * adds the sums, finds the order statistics by binary search in the sorted parts and counts the
 * distinct values in one walk, never merging the values (workers/stats/parts.ts). Tree tasks
 * join several tables and count entities and are not split.
 *
 * The parts of `task`, one per thread, or null when it is not split: a distinct, dist or stats
 * task over a table of at least `minRows` rows, with at least two threads.
 */
export function toParts(task: Task, threads: number, minRows: number): SplitTask[] | null {
  if (threads < 2 || (task.kind !== 'distinct' && task.kind !== 'dist' && task.kind !== 'stats')) return null;
  const rows = task.table.rows;
  // A table in a distributed engine (table.engine) is computed there, never by our threads.
  if (task.rows !== undefined || task.table.engine || rows === undefined || rows < minRows) return null;
  return Array.from({ length: threads }, (_, i) => ({
    ...task,
    rows: [Math.floor((rows * i) / threads), Math.floor((rows * (i + 1)) / threads)],
  }));
}

/** The task that turns the parts' answers into the answer of `task` (workers/split/merge.ts). */
export function toMerge(task: SplitTask, parts: unknown[]): Task {
  return { kind: 'merge', task, parts };
}

/**
 * The buffers a merge task moves rather than copies: the parts' own typed arrays (number
 * columns' distinct values and counts, counts per dictionary code, groups' counts, a stats
 * part's sorted values), each once.
 */
export function toTransferList(task: Task): ArrayBuffer[] {
  if (task.kind !== 'merge') return [];
  const buffers = new Set<ArrayBuffer>();
  for (const part of task.parts as Record<string, unknown>[])
    for (const v of Object.values(part))
      if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) buffers.add(v.buffer);
  return [...buffers];
}
