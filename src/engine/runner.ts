// What pushed-down compute (API.md §14) is given and what it is: the shape every engine task function has.
import type { EngineQuery } from '../contract/engine.ts';
import type { Pool } from '../contract/pool.ts';
import type { Task } from '../contract/tasks.ts';

/**
 * `query` reaches the engine of the task's table(s) (TableRef.engine names it); `pool` is the
 * worker pool, where clustering and the other §7/§13 shaping of engine-grouped points runs.
 */
export type EngineContext = { query: EngineQuery; pool: Pool };

/** Computes a task over engine tables and resolves with the same result a worker gives for it. */
export type EngineRunner = (task: Task, ctx: EngineContext, signal?: AbortSignal) => Promise<unknown>;
