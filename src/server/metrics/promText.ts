/**
 * Reads one sample out of Prometheus's text exposition format, for the tests of /metrics (the
 * service itself only writes the format, through prom-client).
 */

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/**
 * The value of the first sample named `name` whose labels include every one given (other labels
 * may be present), or undefined when there is none.
 */
export function readSample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== name) continue;
    const found = new Map([...(match[2] ?? '').matchAll(LABEL)].map((label) => [label[1], label[2]?.replace(/\\(.)/g, '$1')]));
    if (Object.entries(labels).every(([key, value]) => found.get(key) === value)) return Number(match[3]);
  }
  return undefined;
}
