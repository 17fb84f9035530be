/**
 * scrypt's cost (SECRET_HASH_COST) in the API suites' in-process service and the browser tests'
 * services: the production default costs ~40 ms of CPU a hash and buys those tests nothing. The
 * process suites' services (testing/serviceProcess.ts) keep the production cost. A module of its
 * own so the browser tests can read it without importing the service.
 * `auth/secretHashCost.unit.test.ts` proves the production default.
 */
export const TEST_SECRET_HASH_COST = '16';
