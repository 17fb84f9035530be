/**
 * Every relative link and anchor in the README and docs/ leads somewhere, and the README stays a
 * newcomer's page that starts with the two commands (CI runs the test command the README writes).
 * The checker itself is tried on small texts first, so a checker that passes everything fails here.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, headingSlug, linksOf } from './docLinks';

const root = new URL('../', import.meta.url).pathname;
const markdownFiles = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => join(root, 'docs', name))];

describe('the link checker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes anchors as GitHub does', () => {
    expect(headingSlug('What `npm start` does')).toBe('what-npm-start-does');
    expect(headingSlug("The LAN's certificate authority")).toBe('the-lans-certificate-authority');
    expect(headingSlug('Lists: pages, bounds and OData')).toBe('lists-pages-bounds-and-odata');
    expect(headingSlug('Web hooks: events, envelope, signature and delivery')).toBe('web-hooks-events-envelope-signature-and-delivery');
    expect(headingSlug('Time: no test depends on the hour or the date it runs at')).toBe('time-no-test-depends-on-the-hour-or-the-date-it-runs-at');
    expect(headingSlug('See [the docs](docs/x.md) now')).toBe('see-the-docs-now');
    expect([...anchorsOf('# A\n## Notes\n## Notes\n```sh\n# not a heading\n```\n')]).toEqual(['a', 'notes', 'notes-1']);
  });

  it('finds links in prose, not in code', () => {
    const text = 'See [a](a.md) and ![b](img/b.png).\n`[c](c.md)` is code\n```\n[d](d.md)\n```\n[e]: e.md#top\n';
    expect(linksOf('/x/README.md', text).map((link) => [link.target, link.line])).toEqual([
      ['a.md', 1],
      ['img/b.png', 1],
      ['e.md#top', 6],
    ]);
  });

  it('reports a missing file, a missing anchor and an anchor into a file that has none', () => {
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'docs', 'there.md'), '# There\n\n## A part\n\nBack to [the start](../README.md#start).\n');
    writeFileSync(join(dir, 'docs', 'data.json'), '{}');
    writeFileSync(
      join(dir, 'README.md'),
      [
        '# Start',
        '[fine](docs/there.md) [fine too](docs/there.md#a-part) [here](#start) [site](https://example.com/nowhere)',
        '[gone](docs/gone.md)',
        '[no such part](docs/there.md#b-part)',
        '[not here](#nowhere)',
        '[json part](docs/data.json#x)',
      ].join('\n'),
    );
    const broken = brokenLinks([join(dir, 'README.md'), join(dir, 'docs', 'there.md')]);
    expect(broken.map((link) => `${link.line} ${link.target}: ${link.reason}`)).toEqual([
      '3 docs/gone.md: no file docs/gone.md',
      '4 docs/there.md#b-part: no heading makes #b-part in docs/there.md',
      '5 #nowhere: no heading makes #nowhere in this file',
      '6 docs/data.json#x: an anchor (#x) into docs/data.json, which is not a Markdown file',
    ]);
  });
});

describe('the README and docs/', () => {
  it('every relative link and anchor resolves', () => {
    const broken = brokenLinks(markdownFiles).map((link) => `${link.file.slice(root.length)}:${link.line} ${link.target}: ${link.reason}`);
    expect(broken).toEqual([]);
  });

  it('the README is a page that starts with the command that runs the product and the one that runs every test', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('\n## '));
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const commands = firstBlock.split('\n').map((line) => line.replace(/#.*$/, '').trim()).filter(Boolean);
    expect(commands).toEqual(['npm ci && npm start', 'npm test']);
    expect(scripts.start).toBeTruthy();
    expect(scripts.test).toBeTruthy();
  });
});
