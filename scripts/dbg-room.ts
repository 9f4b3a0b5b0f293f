import { findCo2Episodes, findPm25Episodes } from '@aircloud/core/effectiveness';
import { Room } from './simulator/room.ts';
const MIN = 60_000;
const room = new Room(1);
const to = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const from = to - 30 * 86_400_000;
const co2: { t: number; v: number }[] = [];
for (let t = from; t < to; t += MIN) {
  room.purifierMode = 'off';
  room.step(new Date(t), 60);
  co2.push({ t, v: room.read().co2! });
}
const eps = findCo2Episodes(co2, { reportFrom: from, reportTo: to, outdoorPpm: 420 });
const fmt = (t: number) => new Date(t).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' });
for (const e of eps.slice(0, 40)) console.log(e.kept ? 'K' : '-', e.reason ?? '', fmt(e.start), fmt(e.end), e.peak, e.rate, e.r2, e.fitFrom ? fmt(e.fitFrom) : '', e.fitTo ? fmt(e.fitTo) : '');
console.log('total', eps.length, 'kept', eps.filter((e) => e.kept).length);
