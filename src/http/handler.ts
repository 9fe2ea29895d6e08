// What a route handler receives and returns; handlers never touch the socket.
import type { Config } from '../config.ts';
import type { Pool } from '../contract/pool.ts';
import type { Snapshot } from '../snapshot/create.ts';
import type { User } from '../contract/model.ts';

export type Query = Record<string, string | string[] | undefined>;

export type RequestContext = {
  snapshot: Snapshot;
  pool: Pool;
  config: Config;
  user: User;
  path: string;                     // request path, normalised to end with '/'
  params: Record<string, string>;   // path parameters, e.g. { id: '12' }
  query: Query;                     // a repeated key arrives as an array
  baseUrl: string;                  // absolute origin + prefix, no trailing slash, e.g. http://h:8000
  signal: AbortSignal;              // aborted when the client disconnects
  readBody: () => Promise<unknown>; // the parsed JSON body of a POST (415/413/400 when unfit); undefined for GET
};

export type Reply = { body: unknown; headers?: Record<string, string> };

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;
