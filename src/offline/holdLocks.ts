/**
 * Which clock-off holds a receipt still offers, known across the tabs and the service worker
 * (Web Locks). A tab takes a lock named after the held entry as it queues it and lets go when the
 * receipt goes (Done, the undo, any way the screen moves on); when the tab itself goes (closed,
 * crashed, reloaded) the browser frees its locks. So a free lock means no screen offers that undo
 * any more and the hold can end at once: the service worker sends a closed tab's clock-off without
 * waiting out the hold's time limit, and a tab that starts ends only the holds no other tab shows.
 * Without Web Locks (Node under test, old browsers) nothing is known and holds run their time.
 */
import { webLocks } from './exclusiveLock';

const PREFIX = 'kiosk-clock-hold:';

function holdLockName(entryId: string): string {
  return `${PREFIX}${entryId}`;
}

/** This tab's kept hold locks, each with the way to let go of it. */
const kept = new Map<string, () => void>();

/** Keeps the hold's lock in this tab until letGoOfHold(entryId). */
export function keepHold(entryId: string): void {
  const locks = webLocks();
  if (!locks || kept.has(entryId)) return;
  let letGo = () => {};
  const released = new Promise<void>((resolve) => {
    letGo = resolve;
  });
  kept.set(entryId, letGo);
  // Settles only when let go; a lock refused (a browser without a lock manager for this context)
  // leaves the hold to its time limit.
  locks.request(holdLockName(entryId), () => released).catch(() => undefined);
}

/** This tab no longer offers the hold's undo (its receipt went). */
export function letGoOfHold(entryId: string): void {
  kept.get(entryId)?.();
  kept.delete(entryId);
}

/** The entries whose hold some tab shows now; null where that cannot be known (no Web Locks). */
export async function holdsShown(): Promise<Set<string> | null> {
  const locks = webLocks();
  if (!locks) return null;
  const { held = [] } = await locks.query();
  return new Set(held.flatMap((lock) => (lock.name?.startsWith(PREFIX) ? [lock.name.slice(PREFIX.length)] : [])));
}

/**
 * Waits until no tab shows the hold (true), or for `timeoutMs` (false); false at once where that
 * cannot be known (no Web Locks).
 */
export async function untilHoldLetGo(entryId: string, timeoutMs: number): Promise<boolean> {
  const locks = webLocks();
  if (!locks) return false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Math.max(0, timeoutMs));
  try {
    await locks.request(holdLockName(entryId), { signal: controller.signal }, () => Promise.resolve());
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
