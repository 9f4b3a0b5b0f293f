/**
 * CPU use of the product's processes during a benchmark phase, from /proc: server and worker
 * (children of the start script), every PostgreSQL and Redis process, the benchmark's own
 * processes, and the whole machine. Percentages are per core (200 % = both cores).
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100;

function cpuTicks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

function processes(): { pid: number; ppid: number; comm: string; cmd: string }[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(d), ppid, comm, cmd }];
      } catch {
        return [];
      }
    });
}

export type Groups = Record<
  'server' | 'worker' | 'postgres' | 'redis' | 'broker' | 'client',
  number[]
>;

/** The processes to watch: server and worker started by `startPid`, PostgreSQL and Redis. */
export function groups(startPid: number): Groups {
  const all = processes();
  const children = all.filter((p) => p.ppid === startPid);
  return {
    // TypeScript entry points (tsx, --dev) or the compiled bundles (npm start).
    server: children
      .filter((p) => /server\/src\/main\.ts|\/server\.js\b/.test(p.cmd))
      .map((p) => p.pid),
    worker: children
      .filter((p) => /worker\/src\/main\.ts|\/worker\.js\b/.test(p.cmd))
      .map((p) => p.pid),
    // Every postgres / redis process of the machine (shared with anything else running).
    postgres: all
      .filter((p) => p.comm === 'postgres' || p.comm.startsWith('postgres'))
      .map((p) => p.pid),
    redis: all.filter((p) => p.comm.startsWith('redis-server')).map((p) => p.pid),
    // The benchmark's own MQTT broker, when it has one (never the machine's).
    broker: [],
    client: [],
  };
}

export type Snapshot = { at: number; machine: number } & Record<keyof Groups, Map<number, number>>;

/** Busy ticks of the whole machine (all cores), from /proc/stat. */
function machineTicks(): number {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  return n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!; // minus idle and iowait
}

/** CPU ticks of every watched process, now. */
export function cpuSnapshot(g: Groups): Snapshot {
  const ticks = (pids: number[]) => new Map(pids.map((p) => [p, cpuTicks(p)]));
  return {
    at: Date.now(),
    machine: machineTicks(),
    server: ticks(g.server),
    worker: ticks(g.worker),
    // PostgreSQL backends come and go: the current ones, compared pid by pid.
    postgres: ticks(groups(0).postgres),
    redis: ticks(g.redis),
    broker: ticks(g.broker),
    client: ticks(g.client),
  };
}

/** CPU % (per core) of each group between two snapshots. */
export function cpuPercent(a: Snapshot, b: Snapshot) {
  const seconds = (b.at - a.at) / 1000;
  const pct = (k: keyof Groups) => {
    let used = 0;
    for (const [pid, t] of b[k]) used += t - (a[k].get(pid) ?? 0);
    return Math.round((used / CLK_TCK / seconds) * 100);
  };
  return {
    server: pct('server'),
    worker: pct('worker'),
    postgres: pct('postgres'),
    redis: pct('redis'),
    broker: pct('broker'),
    client: pct('client'),
    machine: Math.round(((b.machine - a.machine) / CLK_TCK / seconds) * 100),
  };
}
