import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it: for what a page may show a moment
 * later so that its first paint (its title: Lighthouse's largest contentful paint) waits for nothing
 * else, e.g. the sign-up form's code (issue 40 item 2). A callback of `requestAnimationFrame` runs
 * just before the next paint; a task it queues runs after that paint. In a tab that is hidden no
 * frame is painted, so this stays false until the tab is shown.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      // A transition: React renders what this shows in slices of a few milliseconds, not one long task.
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
