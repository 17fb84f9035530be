/**
 * Finds the relative links in Markdown files that lead nowhere: a file that does not exist, or an
 * anchor (`#heading`) that no heading of the target makes. The README sends a newcomer into
 * docs/, and files there move; a link that silently breaks is the first thing a reader meets.
 * Anchors are made as GitHub makes them, since that is where the pages are read. Links to other
 * sites are not followed (that would need the network and say nothing about this repository).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface Link {
  /** The file the link is written in. */
  file: string;
  line: number;
  target: string;
}

export interface BrokenLink extends Link {
  reason: string;
}

/** Lines outside fenced code blocks (``` or ~~~), with their 1-based numbers. */
function proseLines(markdown: string): Array<{ text: string; line: number }> {
  const out: Array<{ text: string; line: number }> = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence === null) out.push({ text, line: index + 1 });
  });
  return out;
}

/** Inline code spans removed, so `[a](b)` written as code is not taken for a link. */
const withoutCode = (text: string) => text.replace(/(`+)[^`]*?\1/g, '');

/** The anchor GitHub gives a heading's text (before numbering repeats). */
export function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings' slugs (repeats numbered -1, -2…). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text)?.[1];
    if (heading === undefined) continue;
    const slug = headingSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** The links written in a Markdown text: inline `[text](target)`, images, and `[label]: target`. */
export function linksOf(file: string, markdown: string): Link[] {
  const links: Link[] = [];
  for (const { text, line } of proseLines(markdown)) {
    const prose = withoutCode(text);
    for (const match of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1]) links.push({ file, line, target: match[1] });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(prose)?.[1];
    if (definition) links.push({ file, line, target: definition });
  }
  return links;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** Why a link leads nowhere, or null when it resolves (external links are not followed). */
export function checkLink(link: Link, read: (path: string) => string = (path) => readFileSync(path, 'utf8')): string | null {
  if (isExternal(link.target)) return null;
  const [pathPart = '', anchor] = link.target.split('#', 2);
  const path = pathPart === '' ? link.file : resolve(dirname(link.file), decodeURIComponent(pathPart));
  if (!existsSync(path)) return `no file ${pathPart}`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(path).isDirectory() || !path.endsWith('.md')) return `an anchor (#${anchor}) into ${pathPart}, which is not a Markdown file`;
  return anchorsOf(read(path)).has(decodeURIComponent(anchor).toLowerCase()) ? null : `no heading makes #${anchor} in ${pathPart || 'this file'}`;
}

/** The broken links of these Markdown files. */
export function brokenLinks(files: readonly string[]): BrokenLink[] {
  return files.flatMap((file) =>
    linksOf(file, readFileSync(file, 'utf8')).flatMap((link) => {
      const reason = checkLink(link);
      return reason === null ? [] : [{ ...link, reason }];
    }),
  );
}
