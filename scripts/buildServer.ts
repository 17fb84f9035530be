/**
 * `npm run build` (second half): compiles the service to build/server/main.js (serviceBundle.ts),
 * so production runs `node build/server/main.js` with no TypeScript compiler at run time.
 */
import { join } from 'node:path';
import { bundleService, PROJECT_ROOT } from './serviceBundle';

await bundleService(join(PROJECT_ROOT, 'build/server'));
