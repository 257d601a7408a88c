import { readFileSync } from 'node:fs';

/** Kilobytes of resident memory of a process (Linux /proc), 0 when it is gone. */
export function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every 20 ms; `stop` answers the peak in MB. */
export function peakRss(pid: number): { stop: () => number } {
  let peak = rssKb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  return {
    stop: () => {
      clearInterval(sampler);
      return Math.max(peak, rssKb(pid)) / 1024;
    },
  };
}
