// Service configuration: defaults, environment overrides, and the limits API.md names.

export type Config = {
  port: number;
  host: string;
  baseUrl: string | null;        // fixed origin (+ prefix) for _links; null = from the request
  trustProxy: boolean;           // honour X-Forwarded-Host / -Proto / -Prefix
  corsOrigins: string[];         // allowed origins; '*' entry allows any (still echoed, never '*')
  cacheControl: string;
  maxValuesLimit: number;        // largest `limit` (and `limit=0` page) on /values/
  maxRandom: number;             // largest `random`
  maxGroups: number;             // largest number of groups in /dist/
  maxDimensions: number;
  poolThreads: number;           // Piscina threads
  poolMaxQueue: number;          // queued tasks before 503
  logLevel: string;
};

export const DEFAULT_CONFIG: Config = {
  port: 8000,
  host: '0.0.0.0',
  baseUrl: null,
  trustProxy: false,
  corsOrigins: [],
  cacheControl: 'private, no-cache',
  maxValuesLimit: 100_000,
  maxRandom: 1000,
  maxGroups: 50_000,
  maxDimensions: 4,
  poolThreads: 1,
  poolMaxQueue: 256,
  logLevel: 'info',
};
