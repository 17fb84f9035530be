/**
 * No import cycles in src/, scripts/ and e2e/, type-only imports included: each module can be read
 * (and loaded, and moved) after what it imports, and a cycle of types ties two modules as much as
 * one of values. This walks the whole graph once from each file's import list (TypeScript's
 * preprocessor, no type checking), so it is the project's one cycle check: ESLint's import-x/no-cycle
 * asked the same of value imports only, file by file, for about a tenth of the lint's time.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where our own modules live (generated code and installed packages are not ours to order). */
const ROOTS = ['src', 'scripts', 'e2e'].map((folder) => join(PROJECT_ROOT, folder));
const SKIPPED_FOLDERS = new Set(['generated', 'node_modules', 'screenshots']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The graph of relative imports (static, dynamic, type-only and re-exports) between these files. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolveImport = (from: string, specifier: string): string | null => {
    if (!specifier.startsWith('.')) return null;
    const base = resolve(dirname(from), specifier);
    return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((candidate) => known.has(candidate)) ?? null;
  };
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      return [file, importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName) ?? [])];
    }),
  );
}

/** The strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph of src/, scripts/ and e2e/', () => {
  it('has no cycles, type-only imports included', () => {
    const files = ROOTS.flatMap(sourceFiles);
    for (const root of ROOTS) expect(files.filter((file) => file.startsWith(`${root}/`)).length, root).toBeGreaterThan(20);
    const graph = importGraph(files);
    expect(cycles(graph).map((component) => component.map((file) => relative(PROJECT_ROOT, file)).join(' <-> '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const a = join(PROJECT_ROOT, 'src', 'a.ts');
    const b = join(PROJECT_ROOT, 'e2e', 'b.ts');
    expect(cycles(new Map([[a, [b]], [b, [a]]]))).toEqual([[a, b].sort()]);
    expect(cycles(new Map([[a, [b]], [b, []]]))).toEqual([]);
  });
});
