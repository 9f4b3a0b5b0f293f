/**
 * The production shape without a Docker daemon (none runs on the build machines): the compose
 * file and the Dockerfile are read and checked for what operators rely on, and the proxy's
 * configuration is validated by HAProxy itself when it is installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  restart?: string;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
  merge: true,
}) as { services: Record<string, Service> };
const { services } = compose;

describe('docker-compose.yml', () => {
  it('builds one image for migrate, server and worker', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['migrate', 'mosquitto', 'postgres', 'proxy', 'redis', 'server', 'worker'].sort(),
    );
    const built = Object.entries(services).filter(([, s]) => s.build !== undefined);
    expect(built.map(([name]) => name)).toEqual(['migrate']);
    for (const name of ['migrate', 'server', 'worker'])
      expect(services[name]!.image, name).toBe('aircloud:local');
  });

  it('migrates once before servers and workers start, which wait for it and the data stores', () => {
    expect(services.migrate!.command).toEqual(['node', 'dist/migrate.js']);
    expect(services.migrate!.restart).toBe('no');
    for (const name of ['server', 'worker'])
      expect(services[name]!.depends_on, name).toEqual({
        migrate: { condition: 'service_completed_successfully' },
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
    expect(services.proxy!.depends_on).toEqual({ server: { condition: 'service_healthy' } });
  });

  it('restarts and health-checks every long-running service; runs compiled code, never tsx', () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === 'migrate') continue;
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    expect(services.server!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(services.worker!.command).toEqual(['node', 'dist/worker.js']);
    expect(JSON.stringify(compose)).not.toContain('tsx');
  });
});

describe('docker-compose.yml: the device broker', () => {
  it('is Mosquitto 2 with dynamic security, anonymous clients refused, the servers its administrator', () => {
    const conf = readFileSync(path.join(root, 'docker/mosquitto/mosquitto.conf'), 'utf8');
    expect(services.mosquitto!.image).toBe('eclipse-mosquitto:2');
    expect(conf).toMatch(/^allow_anonymous false$/m);
    expect(conf).toMatch(/^plugin \S+mosquitto_dynamic_security\.so$/m);
    expect(conf).toMatch(/^persistence true$/m);
    const env = (services.server as unknown as { environment: Record<string, string> }).environment;
    expect(env.MQTT_URL).toMatch(/^mqtt:\/\/.+@mosquitto:1883$/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));

  it('runs compiled JavaScript with production dependencies, as a non-root user, health-checked', () => {
    expect(runtime).toMatch(/^FROM \S+ AS runtime/);
    expect(runtime).toContain('USER node');
    expect(runtime).toContain('HEALTHCHECK');
    expect(runtime).toContain('CMD ["node", "dist/server.js"]');
    expect(runtime).not.toContain('tsx');
    expect(dockerfile).toContain('npm ci --omit=dev');
  });
});

describe('docker/haproxy.cfg', () => {
  const haproxy = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'].find((p) => existsSync(p));
  it.runIf(haproxy)('is a valid HAProxy configuration', () => {
    const out = execFileSync(haproxy!, ['-c', '-f', path.join(root, 'docker/haproxy.cfg')], {
      encoding: 'utf8',
    });
    expect(out).toContain('Configuration file is valid');
  });

  it('balances by cookie, re-resolves replicas and checks their readiness', () => {
    const cfg = readFileSync(path.join(root, 'docker/haproxy.cfg'), 'utf8');
    expect(cfg).toMatch(/cookie AIRCLOUD_NODE insert/);
    expect(cfg).toMatch(/server-template .* resolvers docker/);
    expect(cfg).toContain('option httpchk GET /readyz');
    expect(cfg).not.toContain('ip_hash');
  });
});
