/**
 * The fault suite's own PostgreSQL and Redis, on free ports: the suite stops and restarts them,
 * so it never touches the shared services other tests run against.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { portAnswers } from '../lib/services.ts';

export { freePort } from '../lib/services.ts';

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Resolves once host:port accepts (or, with `up` false, refuses) connections. */
export async function waitPort(port: number, up = true, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await portAnswers('127.0.0.1', port)) !== up) {
    if (Date.now() > deadline) throw new Error(`port ${port} still ${up ? 'closed' : 'open'}`);
    await sleep(100);
  }
}

/** A redis-server child without persistence: `stop` kills it, `start` runs it again. */
export class RedisServer {
  #child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.#child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    await waitPort(this.port);
  }

  /** Kills the server at once, without waiting (the suite is exiting). */
  killNow(): void {
    this.#child?.kill('SIGKILL');
  }

  /** Kills the server (SIGKILL: an outage, not a clean shutdown) and waits until the port is free. */
  async stop(): Promise<void> {
    const child = this.#child;
    this.#child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    await waitPort(this.port, false);
  }
}

/** Debian's PostgreSQL binaries (/usr/lib/postgresql/<newest>/bin). */
function postgresBin(): string {
  const versions = readdirSync('/usr/lib/postgresql')
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/**
 * A throw-away PostgreSQL cluster (trust auth, 127.0.0.1:port) in a temporary directory. initdb
 * refuses to run as root: as root the cluster belongs to, and runs as, the `postgres` OS user.
 */
export class PostgresCluster {
  readonly dir: string;
  readonly #bin = postgresBin();
  readonly #asRoot = process.getuid?.() === 0;

  constructor(readonly port: number) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'aircloud-faults-pg-'));
    if (this.#asRoot) {
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      chownSync(this.dir, Number(ids.stdout), Number(gids.stdout));
    }
  }

  /** The server URL for `database`. */
  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  #run(tool: string, args: string[]): void {
    const command = path.join(this.#bin, tool);
    const result = this.#asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
      : spawnSync(command, args, { encoding: 'utf8' });
    if (result.status !== 0)
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || result.error}`);
  }

  async init(): Promise<void> {
    const data = path.join(this.dir, 'data');
    this.#run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }

  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c fsync=off',
      '-c max_connections=200',
    ].join(' ');
    this.#run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'postgres.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
    await waitPort(this.port);
  }

  /** `pg_ctl -m fast stop`: sessions are cut, committed data stays. */
  async stop(): Promise<void> {
    this.#run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
    await waitPort(this.port, false);
  }

  /** Last resort when the suite exits abruptly: immediate stop, synchronously. */
  stopNow(): void {
    try {
      this.#run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', 'stop']);
    } catch {
      /* not running */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Stops the cluster (if running) and deletes its directory. */
  async destroy(): Promise<void> {
    try {
      await this.stop();
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
