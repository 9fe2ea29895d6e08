// The Piscina worker: a thin adapter from a Task to the pure compute functions.
import type { Task } from '../src/contract/tasks.ts';
import { openTable } from './columns.ts';
import { distinctValues } from './distinct.ts';
import { distribution } from './dist.ts';
import { contextMask } from './mask.ts';
import { profileColumn } from './profile.ts';
import { columnStats } from './stats.ts';

/** Runs one task on this thread and returns plain, structured-clone-safe data. */
export default async function run(task: Task): Promise<unknown> {
  const table = openTable(task.table);
  if (task.kind === 'profile') return profileColumn(table.column(task.column), task.stats);
  const mask = contextMask(table, task.context);
  switch (task.kind) {
    case 'distinct': return distinctValues(table.column(task.column), mask);
    case 'stats': return columnStats(table.column(task.column), mask);
    case 'dist': return distribution(task.columns.map((c) => table.column(c)), mask, task.params);
  }
}
