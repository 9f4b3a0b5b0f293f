import type { AlertRule, AlertTrigger } from '@aircloud/shared/alert-rules';
import type { PurifierMode } from '@aircloud/shared/purifiers';
import { MEASURE_UNITS, type GraphMeasure } from '@aircloud/shared/sensors';
import { iri } from '../jsonld.ts';
import type { AlertRuleRow, AlertTriggerRow } from './repository.ts';

/** What a rule's answer says beyond its row: whom it drives, and what the caller may do. */
export interface RuleReach {
  /** Purifiers linked to the rule's sensor, with their names. */
  linked: Map<string, string>;
  /** The purifiers each rule drives now (evaluation.ts actingPurifiers). */
  acting: Map<string, string[]>;
  /** Whether the caller manages the sensor (deletes any rule). */
  manages: boolean;
  viewerId: string;
}

/** A rule as the API answers it. */
export function alertRulePresenter(row: AlertRuleRow, reach: RuleReach): AlertRule {
  const acting = new Set(reach.acting.get(row.id) ?? []);
  const measure = row.measure as GraphMeasure;
  return {
    '@id': iri('alert_rules', row.id),
    '@type': 'AlertRule',
    id: row.id,
    sensor: iri('sensors', row.sensorId),
    measure,
    unit: MEASURE_UNITS[measure] ?? '',
    threshold: row.threshold,
    hysteresis: row.hysteresis,
    mode: row.mode as PurifierMode,
    confirm_s: row.confirmS,
    enabled: row.enabled,
    triggered: row.enabled && row.triggered,
    triggered_changed_at: row.changedAt?.toISOString() ?? null,
    not_driving: [...reach.linked]
      .filter(([id]) => !acting.has(id))
      .map(([ulid, name]) => ({ ulid, name })),
    deletable: reach.manages || row.createdBy === reach.viewerId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One history entry; `names` gives the purifiers' current names (ids are kept). */
export function alertTriggerPresenter(
  row: AlertTriggerRow,
  names: Map<string, string>,
): AlertTrigger {
  const measure = row.measure as GraphMeasure;
  return {
    '@id': `/api/alert_triggers/${row.id}`,
    '@type': 'AlertTrigger',
    id: row.id,
    rule: row.ruleId ? iri('alert_rules', row.ruleId) : null,
    sensor: iri('sensors', row.sensorId),
    kind: row.kind,
    at: row.at.toISOString(),
    measure,
    unit: MEASURE_UNITS[measure] ?? '',
    value: row.value,
    threshold: row.threshold,
    mode: row.mode as PurifierMode,
    purifiers: row.purifierIds.map((id) => ({
      '@id': iri('purifiers', id),
      ulid: id,
      name: names.get(id) ?? id,
    })),
  };
}
