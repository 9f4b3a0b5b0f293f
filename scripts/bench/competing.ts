/**
 * A second CPU-bound process on the machine during a benchmark (issue 22: the targets hold with
 * one): a Node process that keeps its CPU time at half of one core (it computes while behind,
 * sleeps while ahead), the share of a browser or a build sharing a small server. Its own CPU
 * time is read from /proc at the end, so a table says what it really took.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The share of one core it takes: it computes in 10 ms slices while below it, sleeps above. */
const SHARE = 0.5;

/** Clock ticks of a process's user + system time, from /proc/<pid>/stat (Linux). */
function ticksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

export interface CompetingLoad {
  /** Stops it; the share of one core it took meanwhile (0.5: half a core). */
  stop: () => Promise<number>;
}

/** Starts the competing process (half a core) and returns once it runs. */
export async function startCompetingLoad(): Promise<CompetingLoad> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const share = ${SHARE}; const start = performance.now(); let x = 0;
       const spin = () => {
         const end = performance.now() + 10;
         while (performance.now() < end) x = (x * 1103515245 + 12345) % 2147483648;
         const used = (process.cpuUsage().user + process.cpuUsage().system) / 1000;
         // Ahead of its share: a pause; behind it (the machine is busy): the next slice at once.
         if (used > share * (performance.now() - start)) setTimeout(spin, 10);
         else setImmediate(spin);
       };
       spin();`,
    ],
    { stdio: 'ignore' },
  );
  process.on('exit', () => child.kill('SIGKILL'));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const hz = 100; // USER_HZ on Linux
  const startTicks = ticksOf(child.pid!);
  const startedAt = performance.now();
  return {
    stop: async () => {
      const ticks = ticksOf(child.pid!) - startTicks;
      const seconds = (performance.now() - startedAt) / 1000;
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      return ticks / hz / seconds;
    },
  };
}

/** Runs `bench` with the competing process beside it; its figures and the share it took. */
export async function withCompetingLoad<T>(
  bench: () => Promise<T>,
): Promise<{ figures: T; share: number }> {
  const load = await startCompetingLoad();
  try {
    const figures = await bench();
    return { figures, share: await load.stop() };
  } catch (err) {
    await load.stop();
    throw err;
  }
}
