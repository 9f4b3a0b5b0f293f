import request from 'supertest';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DecayEpisode,
  DecayEpisodeDetail,
  PurifierEffectiveness,
} from '@aircloud/shared/effectiveness';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import { linkPurifier } from '@aircloud/core/sensors/repository';
import { measureDueSensors } from '@aircloud/core/effectiveness/measure';
import { rollUpHistory } from '@aircloud/core/telemetry/rollup';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { signIn, type Session } from '../../../test/support/purifiers.ts';
import { acceptedShare, machinesOf } from '../../../test/support/invitations.ts';

let t: TestApp;
let owner: Session;
let tech: Session;
let stranger: Session;
let guest: Session;
let purifier: string;
let sensor: string;

const HOUR = 3_600_000;
/** The room's truth: natural decay and what the purifier adds in auto, per hour. */
const NATURAL = 1.4;
const AUTO = 6;
const VENTILATION = 1.5;

/**
 * Three days of one-minute readings of a room with a particle spike every two hours, the
 * purifier alternating off and auto by block, and the CO2 of a day's occupancy falling at
 * night; the purifier's mode history beside it.
 */
async function storeRoom(end: number) {
  const from = end - 72 * HOUR;
  const ts: string[] = [];
  const pm25: number[] = [];
  const co2: number[] = [];
  const changes: { at: number; mode: PurifierMode }[] = [];
  let seed = 7;
  const noise = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.4;
  };
  for (let t0 = from; t0 < end; t0 += 2 * HOUR) {
    const block = Math.round((t0 - from) / (2 * HOUR));
    const mode: PurifierMode = block % 2 === 0 ? 'off' : 'auto';
    changes.push({ at: t0, mode });
    const k = NATURAL + (mode === 'auto' ? AUTO : 0);
    for (let m = 0; m < 120; m += 1) {
      const at = t0 + m * 60_000;
      const hours = (at - t0) / HOUR;
      // A spike rising over 5 minutes, then falling at the block's rate.
      const excess = m < 5 ? 8 * m : 40 * Math.exp(-k * (hours - 5 / 60));
      ts.push(new Date(at).toISOString());
      pm25.push(Math.round((5 + excess + noise()) * 10) / 10);
      // CO2: people from 08:00 to 18:00 (UTC), then a decay to the outdoor 420 ppm.
      const hourOfDay = new Date(at).getUTCHours() + new Date(at).getUTCMinutes() / 60;
      const sinceLeft = hourOfDay >= 18 ? hourOfDay - 18 : hourOfDay < 8 ? hourOfDay + 6 : -1;
      const level =
        sinceLeft >= 0
          ? 420 + 800 * Math.exp(-VENTILATION * sinceLeft)
          : 420 + 800 * (1 - Math.exp(-1.5 * (hourOfDay - 8)));
      co2.push(Math.round(level + noise() * 10));
    }
  }
  await t.db.execute(
    sql`SELECT ensure_sensor_measure_partitions(${new Date(from).toISOString()}::timestamptz, 3)`,
  );
  await t.db.$client.query(
    `INSERT INTO sensor_measures (sensor_id, ts, pm25, co2)
     SELECT $1, * FROM unnest($2::timestamptz[], $3::real[], $4::real[])`,
    [sensor, ts, pm25, co2],
  );
  await rollUpHistory(
    t.db.$client,
    [sensor],
    new Date(from).toISOString(),
    new Date(end).toISOString(),
  );
  await t.db.$client.query(
    `INSERT INTO purifier_mode_history (purifier_id, at, mode)
     SELECT $1, * FROM unnest($2::timestamptz[], $3::text[])`,
    [purifier, changes.map((c) => new Date(c.at).toISOString()), changes.map((c) => c.mode)],
  );
}

const now = new Date();
const get = (session: Session, path: string) =>
  request(t.url).get(path).set('Cookie', session.cookie);

beforeAll(async () => {
  t = await startTestApp();
  [owner, tech, stranger, guest] = await Promise.all([
    signIn(t),
    signIn(t, 'ROLE_TECHNICIAN'),
    signIn(t),
    signIn(t),
  ]);
  ({ purifier, sensor } = await machinesOf(t, tech, owner));
  await linkPurifier(t.db, sensor, purifier, owner.user.id);
  const patch = await request(t.url)
    .patch(`/api/purifiers/${purifier}`)
    .set('Cookie', owner.cookie)
    .set('Content-Type', 'application/merge-patch+json')
    .send({ piece_volume: 45, occupants: 3 });
  expect(patch.status).toBe(200);
  // The readings end at the last 06:00 UTC before the previous whole hour, so that the three
  // days hold three whole evening CO2 decays whatever the hour the suite runs at.
  const hourStart = now.getTime() - (now.getTime() % HOUR) - HOUR;
  const sixAm = hourStart - ((hourStart - 6 * HOUR) % (24 * HOUR));
  await storeRoom(sixAm);
  await acceptedShare(t, owner, guest, { purifiers: [purifier] });
}, 60_000);
afterAll(async () => {
  await t?.stop();
});

describe('measured air changes', () => {
  it('says there is nothing to measure yet before the worker examined the room', async () => {
    const res = await get(owner, `/api/purifiers/${purifier}/effectiveness`);
    expect(res.status).toBe(200);
    const body = res.body as PurifierEffectiveness;
    expect(body.sensors).toBe(1);
    expect(body.modes.auto).toMatchObject({ ach: null, verdict: 'not_enough_data', needed: 5 });
    expect(body.updated_at).toBeNull();
  });

  it('finds each decay once, and measures each mode against its target', async () => {
    const first = await measureDueSensors(t.db, now);
    expect(first.sensors).toBe(1);
    expect(first.kept).toBeGreaterThanOrEqual(20);
    // A second run (or a second worker) finds nothing new: each hour is examined once.
    const again = await measureDueSensors(t.db, now);
    expect(again.episodes).toBe(0);
    const { rows } = await t.db.execute<{ n: number; distinct: number }>(sql`
      SELECT count(*)::int AS n, count(DISTINCT (kind, start_at))::int AS distinct
        FROM decay_episodes WHERE sensor_id = ${sensor}`);
    expect(rows[0]!.n).toBe(rows[0]!.distinct);

    const res = await get(owner, `/api/purifiers/${purifier}/effectiveness`);
    expect(res.status).toBe(200);
    const body = res.body as PurifierEffectiveness;
    expect(body.natural_ach_source).toBe('measured');
    expect(body.natural_ach!).toBeGreaterThan(NATURAL * 0.85);
    expect(body.natural_ach!).toBeLessThan(NATURAL * 1.15);
    const auto = body.modes.auto;
    expect(auto.episodes).toBeGreaterThanOrEqual(5);
    expect(auto.ach!).toBeGreaterThan(AUTO * 0.85);
    expect(auto.ach!).toBeLessThan(AUTO * 1.15);
    expect(auto.ach_low!).toBeLessThanOrEqual(auto.ach!);
    expect(auto.ach_high!).toBeGreaterThanOrEqual(auto.ach!);
    expect(auto.cadr_m3h!).toBeCloseTo(auto.ach! * 45, -1);
    expect(auto).toMatchObject({ target_ach: 5, verdict: 'meets', needed: 0 });
    expect(body.modes.boost).toMatchObject({ ach: null, verdict: 'not_enough_data', needed: 5 });
    expect(body.ventilation_ach!).toBeGreaterThan(VENTILATION * 0.8);
    expect(body.ventilation_ach!).toBeLessThan(VENTILATION * 1.2);
    expect(body.occupants).toBe(3);
    expect(body.updated_at).not.toBeNull();
  });

  it('pages the episodes, kept and discarded, filtered by kind and outcome', async () => {
    const res = await get(owner, `/api/purifiers/${purifier}/decay_episodes?kind=pm25&kept=true`);
    expect(res.status).toBe(200);
    const page = res.body as HydraCollection<DecayEpisode>;
    expect(page['hydra:totalItems']).toBeGreaterThanOrEqual(20);
    expect(page['hydra:member']).toHaveLength(20);
    for (const e of page['hydra:member'])
      expect(e).toMatchObject({ '@type': 'DecayEpisode', kind: 'pm25', kept: true, reason: null });
    const ends = page['hydra:member'].map((e) => e.end);
    expect([...ends].sort().reverse()).toEqual(ends);
    const co2 = await get(owner, `/api/purifiers/${purifier}/decay_episodes?kind=co2`);
    expect((co2.body as HydraCollection<DecayEpisode>)['hydra:member'][0]).toMatchObject({
      kind: 'co2',
      mode: null,
    });
    const bad = await get(owner, `/api/purifiers/${purifier}/decay_episodes?kind=radon`);
    expect(bad.status).toBe(422);
  });

  it('draws one episode with its readings and fitted line', async () => {
    const list = await get(owner, `/api/purifiers/${purifier}/decay_episodes?kind=pm25&kept=true`);
    const episode = (list.body as HydraCollection<DecayEpisode>)['hydra:member'][0]!;
    const res = await get(owner, episode['@id']);
    expect(res.status).toBe(200);
    const detail = res.body as DecayEpisodeDetail;
    expect(detail.fitted.length).toBeGreaterThan(8);
    expect(detail.points.length).toBeGreaterThanOrEqual(detail.fitted.length);
    // The fit follows the readings it came from (within the noise and rounding).
    const reading = new Map(detail.points.map((p) => [p.t, p.v]));
    const worst = Math.max(...detail.fitted.map((f) => Math.abs(reading.get(f.t)! - f.v)));
    expect(worst).toBeLessThan(1.5);
    expect(detail.fitted[0]!.t >= detail.fit_from!).toBe(true);
    for (const path of ['999999999', 'abc'])
      expect((await get(owner, `/api/purifiers/${purifier}/decay_episodes/${path}`)).status).toBe(
        404,
      );
  });

  it('follows the purifier’s access rules: invitees see it, strangers get 404', async () => {
    expect((await get(guest, `/api/purifiers/${purifier}/effectiveness`)).status).toBe(200);
    expect((await get(guest, `/api/purifiers/${purifier}/decay_episodes`)).status).toBe(200);
    for (const path of ['effectiveness', 'decay_episodes'])
      expect((await get(stranger, `/api/purifiers/${purifier}/${path}`)).status).toBe(404);
    const other = await machinesOf(t, tech, stranger);
    const list = await get(owner, `/api/purifiers/${purifier}/decay_episodes`);
    const id = (list.body as HydraCollection<DecayEpisode>)['hydra:member'][0]!.id;
    // Another's purifier never reaches this room's episodes.
    expect(
      (await get(stranger, `/api/purifiers/${other.purifier}/decay_episodes/${id}`)).status,
    ).toBe(404);
    expect((await request(t.url).get(`/api/purifiers/${purifier}/effectiveness`)).status).toBe(401);
  });
});
