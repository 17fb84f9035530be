/**
 * `npm ci` warns (EBADENGINE) about every installed package whose `engines.node` leaves out the
 * running Node. Every Node our package.json accepts must satisfy every package the lock file
 * installs, so the warning cannot come back with a dependency update. Optional packages whose
 * engines do not fit are skipped by npm without a word (rollup's optional lzma binding), so they
 * are left out here too.
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('Node versions', () => {
  it('every installed dependency accepts every Node our engines field names', () => {
    const ours = manifest.engines.node;
    expect(semver.validRange(ours), ours).not.toBeNull();
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && !entry.optional)
      .flatMap(([path, entry]) => {
        const theirs = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return theirs && !semver.subset(ours, theirs) ? [`${path.replace(/^.*node_modules\//, '')} wants node ${theirs}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});
