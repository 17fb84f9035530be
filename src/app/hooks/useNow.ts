/** The current (server-corrected) time, re-rendering every `intervalMs`. */
import { useEffect, useState } from 'react';

export function useNow(now: () => Date, intervalMs = 1000): Date {
  const [value, setValue] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setValue(now()), intervalMs);
    return () => clearInterval(timer);
  }, [now, intervalMs]);
  return value;
}
