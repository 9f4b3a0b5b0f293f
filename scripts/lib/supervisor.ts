import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** One process the start script keeps running. */
export interface SupervisedProcess {
  name: string;
  command: string;
  args: string[];
}

/** How crashes are handled. */
export interface SupervisorOptions {
  spawnOptions: SpawnOptions;
  /** Restarts allowed within `windowMs` before giving up (default 5 in 60 s). */
  maxRestarts?: number;
  windowMs?: number;
  /** First restart delay, doubled at each restart within the window, up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  log?: (line: string) => void;
  /** Called once when a process crashed too often: the caller stops everything. */
  onGiveUp: (name: string, reason: string) => void;
}

interface Slot {
  spec: SupervisedProcess;
  child: ChildProcess | null;
  crashes: number[];
  timer: NodeJS.Timeout | null;
}

/**
 * Keeps the product's processes running on one machine: a process that stops on its own (a
 * crash, `kill -9`) is started again after a backoff (0.5 s, 1 s, 2 s… up to 10 s) while the
 * others keep running: ingest goes on while the worker is down, the worker catches up when it is
 * back. After `maxRestarts` crashes within `windowMs` it gives up and says why. Hand-written on
 * purpose: a few lines on child_process, where a process manager would be a second daemon.
 */
export class Supervisor {
  readonly #slots = new Map<string, Slot>();
  #stopping = false;

  constructor(private readonly options: SupervisorOptions) {}

  /** Starts a process and keeps it running. */
  add(spec: SupervisedProcess): void {
    const slot: Slot = { spec, child: null, crashes: [], timer: null };
    this.#slots.set(spec.name, slot);
    this.#spawn(slot);
  }

  /** The current pid of a process (undefined while it is being restarted). */
  pid(name: string): number | undefined {
    return this.#slots.get(name)?.child?.pid;
  }

  #spawn(slot: Slot): void {
    const child = spawn(slot.spec.command, slot.spec.args, this.options.spawnOptions);
    slot.child = child;
    child.on('error', (err) =>
      this.#log(`[start] ${slot.spec.name} could not start: ${err.message}`),
    );
    child.on('exit', (code, signal) => {
      slot.child = null;
      if (this.#stopping) return;
      this.#crashed(slot, signal ?? `exit ${code}`);
    });
  }

  #crashed(slot: Slot, how: string): void {
    const {
      maxRestarts = 5,
      windowMs = 60_000,
      initialDelayMs = 500,
      maxDelayMs = 10_000,
    } = this.options;
    const now = Date.now();
    slot.crashes = [...slot.crashes.filter((at) => now - at < windowMs), now];
    const name = slot.spec.name;
    if (slot.crashes.length > maxRestarts) {
      const reason =
        `${name} stopped ${slot.crashes.length} times within ${Math.round(windowMs / 1000)} s ` +
        `(last: ${how}); giving up`;
      this.#log(`[start] ${reason}`);
      this.options.onGiveUp(name, reason);
      return;
    }
    const delay = Math.min(maxDelayMs, initialDelayMs * 2 ** (slot.crashes.length - 1));
    this.#log(
      `[start] ${name} stopped (${how}); restarting in ${(delay / 1000).toFixed(1)} s ` +
        `(restart ${slot.crashes.length} of ${maxRestarts} allowed within ${Math.round(windowMs / 1000)} s); the rest keeps running`,
    );
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (!this.#stopping) this.#spawn(slot);
    }, delay);
  }

  /** Stops every process (SIGTERM, then SIGKILL after `graceMs`) and restarts none. */
  async stop(graceMs = 15_000): Promise<void> {
    this.#stopping = true;
    const running: Promise<void>[] = [];
    for (const slot of this.#slots.values()) {
      if (slot.timer) clearTimeout(slot.timer);
      const child = slot.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) continue;
      running.push(
        new Promise<void>((resolve) => {
          const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          child.kill('SIGTERM');
        }),
      );
    }
    await Promise.all(running);
  }

  #log(line: string): void {
    (this.options.log ?? console.error)(line);
  }
}
