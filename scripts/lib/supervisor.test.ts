import { describe, expect, it } from 'vitest';
import { Supervisor } from './supervisor.ts';

const node = process.execPath;
/** A process that runs until it is stopped. */
const forever = ['-e', 'setInterval(() => {}, 1000)'];

function waitFor(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (check()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out'));
      setTimeout(tick, 20);
    };
    tick();
  });
}

describe('Supervisor', () => {
  it('restarts a process killed with SIGKILL while the others keep running', async () => {
    const lines: string[] = [];
    const supervisor = new Supervisor({
      spawnOptions: { stdio: 'ignore' },
      initialDelayMs: 50,
      log: (line) => lines.push(line),
      onGiveUp: () => {
        throw new Error('must not give up');
      },
    });
    supervisor.add({ name: 'server', command: node, args: forever });
    supervisor.add({ name: 'worker', command: node, args: forever });
    await waitFor(() => !!supervisor.pid('server') && !!supervisor.pid('worker'));
    const server = supervisor.pid('server');
    const worker = supervisor.pid('worker')!;
    process.kill(worker, 'SIGKILL');
    await waitFor(() => !!supervisor.pid('worker') && supervisor.pid('worker') !== worker);
    expect(supervisor.pid('server')).toBe(server);
    expect(lines.join('\n')).toMatch(/worker stopped \(SIGKILL\); restarting in 0\.1 s/);
    await supervisor.stop();
    expect(supervisor.pid('server')).toBeUndefined();
  });

  it('backs off, then gives up with a clear message after repeated crashes in a short time', async () => {
    const lines: string[] = [];
    let gaveUp = '';
    const supervisor = new Supervisor({
      spawnOptions: { stdio: 'ignore' },
      initialDelayMs: 20,
      maxRestarts: 3,
      windowMs: 60_000,
      log: (line) => lines.push(line),
      onGiveUp: (name, reason) => (gaveUp = `${name}: ${reason}`),
    });
    supervisor.add({ name: 'worker', command: node, args: ['-e', 'process.exit(3)'] });
    await waitFor(() => gaveUp !== '');
    expect(gaveUp).toBe('worker: worker stopped 4 times within 60 s (last: exit 3); giving up');
    const delays = lines
      .map((l) => /restarting in ([\d.]+) s/.exec(l)?.[1])
      .filter((d): d is string => d !== undefined);
    expect(delays).toEqual(['0.0', '0.0', '0.1']);
    await supervisor.stop();
  });
});
