/**
 * Clean-air targets the room's equivalent clean air is compared with, with their sources
 * (docs/effectiveness.md, "Targets"). Equivalent clean air = outdoor air (ventilation) +
 * filtration, the quantity both documents are written in.
 */

/** Litres per second in one cubic foot per minute. */
const LPS_PER_CFM = 0.471947;

/** ASHRAE 241 occupancy categories this cloud's rooms map to. */
export type Ashrae241Category = 'office' | 'classroom' | 'restaurant' | 'gym';

/** A Lancet Commission tier. */
export type LancetTier = 'good' | 'better' | 'best';

/**
 * ANSI/ASHRAE Standard 241-2023 "Control of Infectious Aerosols", Table 5-1: equivalent clean
 * airflow per person (ECAi) in infection risk management mode, given in cfm/person; L/s is the
 * exact conversion. Office space 30 cfm, classroom 40 cfm, restaurant dining 60 cfm, health
 * club/aerobics 80 cfm.
 *
 * Lancet COVID-19 Commission Task Force on Safe Work, Safe School, and Safe Travel, "Proposed
 * Non-infectious Air Delivery Rates (NADR) for Reducing Exposure to Airborne Respiratory
 * Infectious Diseases" (November 2022), Table 1: good 4 ACH or 10 L/s/person, better 6 ACH or
 * 14 L/s/person, best above 6 ACH or 14 L/s/person; the report asks for whichever of the two
 * metrics gives the larger airflow, so a tier is met when both are.
 */
export const CLEAN_AIR_TARGETS = {
  ashrae241: {
    source: 'ANSI/ASHRAE Standard 241-2023, Control of Infectious Aerosols, Table 5-1 (ECAi)',
    lpsPerPerson: {
      office: round(30 * LPS_PER_CFM),
      classroom: round(40 * LPS_PER_CFM),
      restaurant: round(60 * LPS_PER_CFM),
      gym: round(80 * LPS_PER_CFM),
    } satisfies Record<Ashrae241Category, number>,
    cfmPerPerson: { office: 30, classroom: 40, restaurant: 60, gym: 80 } satisfies Record<
      Ashrae241Category,
      number
    >,
  },
  lancet: {
    source:
      'Lancet COVID-19 Commission, Proposed Non-infectious Air Delivery Rates (NADR), November 2022',
    /** Lowest tier first; `strict`: the tier asks for more than its figures ("> 6 ACH"). */
    tiers: [
      { tier: 'good', ach: 4, lpsPerPerson: 10, strict: false },
      { tier: 'better', ach: 6, lpsPerPerson: 14, strict: false },
      { tier: 'best', ach: 6, lpsPerPerson: 14, strict: true },
    ] as const satisfies readonly {
      tier: LancetTier;
      ach: number;
      lpsPerPerson: number;
      strict: boolean;
    }[],
  },
} as const;

/** How the room's equivalent clean air compares with each target. */
export interface CleanAirTargets {
  /** The highest Lancet tier met (per person too when occupants are known), null under "good". */
  lancet: LancetTier | null;
  /** Whether the per-person figure entered the Lancet comparison (occupants known). */
  lancet_per_person_checked: boolean;
  /** Per ASHRAE 241 category: met or not; null without occupants (the standard is per person). */
  ashrae241: Record<Ashrae241Category, boolean> | null;
}

/** The highest Lancet tier met by `ach` (and `lpsPerPerson` when known), null under "good". */
export function lancetTier(ach: number, lpsPerPerson: number | null): LancetTier | null {
  let met: LancetTier | null = null;
  for (const t of CLEAN_AIR_TARGETS.lancet.tiers) {
    const reaches = (value: number, target: number) =>
      t.strict ? value > target : value >= target;
    if (!reaches(ach, t.ach)) break;
    if (lpsPerPerson !== null && !reaches(lpsPerPerson, t.lpsPerPerson)) break;
    met = t.tier;
  }
  return met;
}

/** Met or not, per ASHRAE 241 category. */
export function ashrae241Met(lpsPerPerson: number): Record<Ashrae241Category, boolean> {
  const table = CLEAN_AIR_TARGETS.ashrae241.lpsPerPerson;
  return Object.fromEntries(
    (Object.keys(table) as Ashrae241Category[]).map((c) => [c, lpsPerPerson >= table[c]]),
  ) as Record<Ashrae241Category, boolean>;
}

/**
 * The room's equivalent clean air: ventilation + filtration in air changes per hour, and, with
 * a volume and the usual number of occupants, in litres per second per person
 * (ACH × V m³ × 1000 / 3600 / occupants), compared with the targets. Missing filtration or
 * ventilation counts as nothing only when the other is known (a partial figure is a lower
 * bound, never an overstatement); both missing gives null.
 */
export function cleanAir(opts: {
  ventilationAch: number | null;
  filtrationAch: number | null;
  roomVolumeM3: number | null;
  occupants: number | null;
}): { ach: number | null; lps_per_person: number | null; targets: CleanAirTargets | null } {
  if (opts.ventilationAch === null && opts.filtrationAch === null)
    return { ach: null, lps_per_person: null, targets: null };
  const ach = (opts.ventilationAch ?? 0) + (opts.filtrationAch ?? 0);
  const lps =
    opts.roomVolumeM3 !== null && opts.occupants !== null && opts.occupants > 0
      ? (ach * opts.roomVolumeM3 * 1000) / 3600 / opts.occupants
      : null;
  return {
    ach: round(ach),
    lps_per_person: lps === null ? null : round(lps),
    targets: {
      lancet: lancetTier(ach, lps),
      lancet_per_person_checked: lps !== null,
      ashrae241: lps === null ? null : ashrae241Met(lps),
    },
  };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
