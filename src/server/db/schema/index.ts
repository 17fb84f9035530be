/**
 * The service's tables (Drizzle). Portable SQL only: the same migrations run on PGlite (PostgreSQL
 * 18 in WASM) and on a real PostgreSQL 15 server. Instants are timestamptz; JSON documents that
 * the contract models as nested objects are jsonb, parsed with zod when read back.
 * One file per aggregate (the rooms of services/); this index is what the code (`db/schema`) and
 * drizzle-kit read.
 */
export * from './businesses';
export * from './users';
export * from './access';
export * from './referenceData';
export * from './kiosks';
export * from './employees';
export * from './shifts';
export * from './photos';
export * from './pins';
export * from './rosters';
export * from './timesheets';
export * from './webhooks';
export * from './service';
export * from './journal';
export * from './badges';
export * from './lineRecords';
