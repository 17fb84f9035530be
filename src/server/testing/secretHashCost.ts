/**
 * scrypt's cost in the tests' services (SECRET_HASH_COST), the API suites' and the browser tests'
 * alike: the production default costs ~40 ms of CPU a hash and buys a test nothing, except where a
 * race depends on the hash being slow (those set it back). A module of its own so the browser
 * tests can read it without importing the service. `secretHashCost.unit.test.ts` proves the default.
 */
export const TEST_SECRET_HASH_COST = '16';
