/**
 * The air of one simulated room, stepped in seconds: CO2 rises with occupancy during office
 * hours (Europe/Paris) and decays with ventilation; PM events (cooking, traffic) spike and decay,
 * faster when a purifier of the room runs harder; temperature and humidity drift with the day;
 * particle counts follow PM. Each room has its own air changes (`RoomAirChanges`): what the
 * measured air changes (docs/effectiveness.md) should find in its sensor's readings.
 */
import type { MeasureValues } from '@aircloud/shared/sensors';
import type { PurifierMode } from '@aircloud/shared/purifiers';

export const OUTDOOR_CO2 = 420;

/** A room's true air changes per hour: what its sensor's decays should measure. */
export interface RoomAirChanges {
  /** PM2.5 lost without a purifier (deposition and air exchange). */
  natural: number;
  /** Outdoor air exchanged (the CO2 decay). */
  ventilation: number;
  /** What the room's purifiers add in each mode (equivalent air changes). */
  purifier: Record<PurifierMode, number>;
}

/** A purifier that delivers its nominal air in each mode, in a room of the demo's size. */
const NOMINAL_PURIFIER_ACH: Record<PurifierMode, number> = {
  off: 0,
  silence: 3,
  auto: 6.5,
  boost: 12,
};
/**
 * Rooms differ as real ones do: the first delivers a little more than nominal, the second much
 * less (a purifier behind a curtain, a room bigger than entered), the third a little less.
 */
const ROOM_FACTORS = [1.15, 0.55, 0.9] as const;
const ROOM_VENTILATION = [1.5, 0.8, 2.4] as const;

/** The air changes of the room of `seed` (the simulator numbers rooms from 1). */
export function roomAirChanges(seed: number): RoomAirChanges {
  const i = (Math.max(1, seed) - 1) % ROOM_FACTORS.length;
  const factor = ROOM_FACTORS[i]!;
  return {
    natural: 1.4,
    ventilation: ROOM_VENTILATION[i]!,
    purifier: {
      off: 0,
      silence: NOMINAL_PURIFIER_ACH.silence * factor,
      auto: NOMINAL_PURIFIER_ACH.auto * factor,
      boost: NOMINAL_PURIFIER_ACH.boost * factor,
    },
  };
}

/** Hour (fractional) and ISO weekday (1 = Monday) in Paris. */
function parisClock(at: Date): { hour: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '0';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { hour: Number(get('hour')) + Number(get('minute')) / 60, weekday };
}

/** A small random number generator per room, so rooms differ but stay reproducible. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 1_000_000) / 1_000_000;
  };
}

/** One room's air, shared by its sensors and cleared by its purifiers. */
export class Room {
  co2 = OUTDOOR_CO2 + 150;
  pm25 = 6;
  temperature = 20.5;
  humidity = 45;
  tvoc = 120;
  /** Strongest mode among the room's purifiers (set by the simulator). */
  purifierMode: PurifierMode = 'off';
  readonly airChanges: RoomAirChanges;
  readonly #random: () => number;
  readonly #people: number;

  constructor(seed: number) {
    this.#random = rng(seed * 7919 + 17);
    this.#people = 2 + Math.floor(this.#random() * 6);
    this.airChanges = roomAirChanges(seed);
  }

  /** Occupants now: office hours on weekdays, fewer at lunch, a few at home in the evening. */
  occupancy(at: Date): number {
    const { hour, weekday } = parisClock(at);
    const workday = weekday <= 5;
    if (workday && ((hour >= 9 && hour < 12) || (hour >= 14 && hour < 18))) return this.#people;
    if (workday && hour >= 12 && hour < 14) return Math.ceil(this.#people / 3);
    if (hour >= 18 && hour < 23) return 2;
    return 0;
  }

  /** Advances the room by `dt` seconds. */
  step(at: Date, dt: number): void {
    const r = this.#random;
    const people = this.occupancy(at);
    const { hour } = parisClock(at);
    // CO2: ~ 8 ppm per person-minute (0.3 L/min breathed out in a room of ~ 40 m³), decaying
    // with the room's ventilation, exactly over the step (a step of a minute draws the same
    // curve as sixty of a second).
    const ventilation = this.airChanges.ventilation / 3600;
    const source = (people * 8) / 60 / ventilation;
    this.co2 =
      OUTDOOR_CO2 + source + (this.co2 - OUTDOOR_CO2 - source) * Math.exp(-dt * ventilation);
    // PM events: cooking around meals, traffic at rush hours, otherwise rare.
    const cooking = (hour >= 12 && hour < 13.5) || (hour >= 19 && hour < 20.5) ? 0.0015 : 0.0002;
    const traffic = (hour >= 7.5 && hour < 9.5) || (hour >= 17 && hour < 19) ? 0.001 : 0.0002;
    if (r() < cooking * dt) {
      this.pm25 += 40 + r() * 80;
      this.tvoc += 150 + r() * 300;
      this.humidity += 3;
    }
    if (r() < traffic * dt) this.pm25 += 8 + r() * 15;
    const background = 4 + 2 * Math.sin((hour / 24) * 2 * Math.PI);
    const k = (this.airChanges.natural + this.airChanges.purifier[this.purifierMode]) / 3600;
    this.pm25 = background + (this.pm25 - background) * Math.exp(-dt * k);
    this.tvoc = 100 + people * 40 + (this.tvoc - 100 - people * 40) * Math.exp(-dt / 1800);
    // Temperature and humidity drift with the day and the people in the room.
    const targetT = 19.5 + 1.5 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + people * 0.25;
    this.temperature += (targetT - this.temperature) * (dt / 3600) + (r() - 0.5) * 0.02;
    const targetH = 45 + 6 * Math.sin(((hour - 4) / 24) * 2 * Math.PI) + people * 0.8;
    this.humidity += (targetH - this.humidity) * (dt / 3600) + (r() - 0.5) * 0.1;
    this.humidity = Math.min(95, Math.max(15, this.humidity));
  }

  /** A sensor reading of the room now (a little sensor noise, values rounded as devices do). */
  read(): MeasureValues {
    const noise = (scale: number) => (this.#random() - 0.5) * scale;
    const pm25 = Math.max(0, this.pm25 + noise(0.8));
    const pc03 = pm25 * 1500 + 200;
    const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;
    return {
      co2: Math.round(Math.max(OUTDOOR_CO2 - 20, this.co2 + noise(15))),
      pm1: round(pm25 * 0.7),
      pm25: round(pm25),
      pm10: round(pm25 * 1.4 + 2 + noise(1)),
      temperature: round(this.temperature),
      humidity: round(this.humidity),
      formaldehyde: round(8 + this.tvoc / 60 + noise(2)),
      tvoc: Math.round(Math.max(0, this.tvoc + noise(20))),
      pc03: Math.round(pc03),
      pc05: Math.round(pc03 * 0.3),
      pc1: Math.round(pc03 * 0.06),
      pc25: Math.round(pc03 * 0.006),
      pc5: Math.round(pc03 * 0.001),
      pc10: Math.round(pc03 * 0.0002),
    };
  }
}
