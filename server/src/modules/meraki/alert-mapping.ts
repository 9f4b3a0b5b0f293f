import type { NetworkAlertType, NetworkEventMode } from '@aircloud/shared/network-events';

/**
 * Metric names, normalised (lower case, letters and digits only), to the spec's alert types.
 * Covers the spec's own words and Cisco Meraki's MT sensor metric and trigger names
 * (`noise`, `TVOC`, `PM2.5`, `indoorAirQuality`, `realCo2`…).
 */
const METRICS: Record<string, NetworkAlertType> = {
  temperature: 'temperature',
  temp: 'temperature',
  humidity: 'humidity',
  relativehumidity: 'humidity',
  co2: 'co2',
  carbondioxide: 'co2',
  realco2: 'real_co2',
  tvoc: 'tvoc',
  voc: 'tvoc',
  pm25: 'pm25',
  pm25massconcentration: 'pm25',
  noise: 'ambient_noise',
  ambientnoise: 'ambient_noise',
  noiseambient: 'ambient_noise',
  iaq: 'iaq_index',
  iaqindex: 'iaq_index',
  indoorairquality: 'iaq_index',
  indoorairqualityindex: 'iaq_index',
};

/** Words of a free text (alertType, alertTypeId) that name a metric, strongest match first. */
const TEXT_MATCHES: [RegExp, NetworkAlertType][] = [
  [/real[\s_-]*co2/i, 'real_co2'],
  [/indoor[\s_-]*air[\s_-]*quality|\biaq/i, 'iaq_index'],
  [/\bco2\b|carbon dioxide/i, 'co2'],
  [/\btvoc\b|\bvoc\b/i, 'tvoc'],
  [/pm[\s_-]*2[._,]?5/i, 'pm25'],
  [/noise/i, 'ambient_noise'],
  [/temperature/i, 'temperature'],
  [/humidity/i, 'humidity'],
];

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The alert type of one metric name (`PM2.5`, `realCo2`, `ambient_noise`…), else unknown. */
export function alertTypeOfMetric(name: unknown): NetworkAlertType {
  return typeof name === 'string' ? (METRICS[normalise(name)] ?? 'unknown') : 'unknown';
}

/** The alert type named somewhere in a free text, else unknown. */
export function alertTypeOfText(text: unknown): NetworkAlertType {
  if (typeof text !== 'string') return 'unknown';
  const direct = alertTypeOfMetric(text);
  if (direct !== 'unknown') return direct;
  const words = text.replace(/_/g, ' ');
  return TEXT_MATCHES.find(([pattern]) => pattern.test(words))?.[1] ?? 'unknown';
}

/** The parts of a Meraki webhook body the mapping reads (everything else is tolerated). */
export interface MerakiAlert {
  alertId?: unknown;
  alertType?: unknown;
  alertTypeId?: unknown;
  deviceModel?: unknown;
  alertLevel?: unknown;
  alertData?: unknown;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function triggers(alert: MerakiAlert): Json[] {
  const data = isObject(alert.alertData) ? alert.alertData : {};
  const list = Array.isArray(data.triggerData) ? data.triggerData : [];
  return list
    .filter(isObject)
    .map((entry) => (isObject(entry.trigger) ? entry.trigger : entry))
    .filter(isObject);
}

/**
 * The alert type: first the metric of `alertData.triggerData[].trigger.type`, then
 * `alertData.metric`/`sensorType`, then the words of `alertTypeId` and `alertType`.
 */
export function merakiAlertType(alert: MerakiAlert): NetworkAlertType {
  for (const trigger of triggers(alert)) {
    const type = alertTypeOfMetric(trigger.type ?? trigger.metric);
    if (type !== 'unknown') return type;
  }
  const data = isObject(alert.alertData) ? alert.alertData : {};
  for (const candidate of [data.metric, data.sensorType, data.type]) {
    const type = alertTypeOfMetric(candidate);
    if (type !== 'unknown') return type;
  }
  for (const text of [alert.alertTypeId, alert.alertType]) {
    const type = alertTypeOfText(text);
    if (type !== 'unknown') return type;
  }
  return 'unknown';
}

const CLEARED_WORDS =
  /\b(clear(ed|s)?|recover(ed|y|s)?|resolved?|back to normal|returned to normal|no longer|ended)\b/i;
const CLEARED_STATES = new Set(['cleared', 'clear', 'recovered', 'resolved', 'ok', 'normal']);

/**
 * Whether the body says the alert ended: `alertData.cleared`/`recovered`/`resolved` true, an
 * `alertData.status`/`state` or a trigger `status` of cleared/recovered/resolved/ok/normal, a
 * trigger `cleared: true`, or an `alertType`/`alertTypeId` worded so (“… cleared”,
 * “… recovered”, “back to normal”) — which is how an informational follow-up says it.
 */
export function isClearedAlert(alert: MerakiAlert): boolean {
  const data = isObject(alert.alertData) ? alert.alertData : {};
  if (data.cleared === true || data.recovered === true || data.resolved === true) return true;
  for (const state of [data.status, data.state, data.alertStatus])
    if (typeof state === 'string' && CLEARED_STATES.has(state.toLowerCase())) return true;
  for (const trigger of triggers(alert)) {
    if (trigger.cleared === true) return true;
    if (typeof trigger.status === 'string' && CLEARED_STATES.has(trigger.status.toLowerCase()))
      return true;
  }
  return [alert.alertType, alert.alertTypeId].some(
    (text) => typeof text === 'string' && CLEARED_WORDS.test(text.replace(/_/g, ' ')),
  );
}

/**
 * Whether the alert is about air: Meraki's `sensor_alert` of an MT sensor (MT10, MT14, MT15…).
 * Switches (MS), access points (MR), appliances (MX), cameras (MV) post to the same network-wide
 * recipient; their alerts (a switch's temperature, a power supply) never move a purifier.
 */
export function isMtSensorAlert(alert: MerakiAlert): boolean {
  return (
    alert.alertTypeId === 'sensor_alert' &&
    typeof alert.deviceModel === 'string' &&
    /^MT\d/i.test(alert.deviceModel.trim())
  );
}

/** The measure an alert is about: only MT sensor alerts name one; every other is unknown. */
export function airAlertType(alert: MerakiAlert): NetworkAlertType {
  return isMtSensorAlert(alert) ? merakiAlertType(alert) : 'unknown';
}

/**
 * Whether the alert starts or ends: Meraki's `alertData.startedAlerting` decides (true: the
 * condition began, false: it is over); without it, the clear words of other senders.
 */
export function alertPhase(alert: MerakiAlert): 'start' | 'end' {
  const data = isObject(alert.alertData) ? alert.alertData : {};
  if (typeof data.startedAlerting === 'boolean') return data.startedAlerting ? 'start' : 'end';
  return isClearedAlert(alert) ? 'end' : 'start';
}

/**
 * What pairs a start with its end: Meraki's `alertConfigId` (the end has a new alertId), else
 * the alert id (senders that clear with the same id).
 */
export function alertPairKey(alert: MerakiAlert): string | null {
  const data = isObject(alert.alertData) ? alert.alertData : {};
  const config = data.alertConfigId;
  if ((typeof config === 'string' && config !== '') || typeof config === 'number')
    return `config:${String(config)}`;
  return typeof alert.alertId === 'string' && alert.alertId !== ''
    ? `alert:${alert.alertId}`
    : null;
}

/**
 * The mode an event is logged with: `auto` when an air-quality alert starts, `silent` when it
 * ends, `unknown` when the alert is not about an air-quality measure (it changes nothing).
 */
export function merakiMode(alert: MerakiAlert, type: NetworkAlertType): NetworkEventMode {
  if (type === 'unknown') return 'unknown';
  return alertPhase(alert) === 'end' ? 'silent' : 'auto';
}
