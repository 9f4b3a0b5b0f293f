/**
 * The MQTT topics of a device (docs/api-devices.md, "MQTT"): one tree per serial number, which
 * the broker's ACLs confine each device to (it publishes its telemetry and its credential
 * acknowledgement; it reads its desired state, its refusals, which samples are stored and its
 * new secrets).
 */

/** The root of every device topic. */
export const DEVICE_TOPIC_ROOT = 'aircloud/v1/devices';

/** The shared subscription through which server processes split the devices' telemetry. */
export const SHARED_TELEMETRY_SUBSCRIPTION = `$share/aircloud/${DEVICE_TOPIC_ROOT}/+/telemetry`;

/** The shared subscription of rotation acknowledgements (a device proving its new secret). */
export const SHARED_CREDENTIAL_ACK_SUBSCRIPTION = `$share/aircloud/${DEVICE_TOPIC_ROOT}/+/credentials/ack`;

/** The topics of one device. */
export function deviceTopics(serial: string) {
  const base = `${DEVICE_TOPIC_ROOT}/${serial}`;
  return {
    /** device → server: one sample or `{samples: [...]}`, QoS 1. */
    telemetry: `${base}/telemetry`,
    /** server → device: the purifier's desired state, retained, QoS 1. */
    desired: `${base}/desired`,
    /** server → device: refusals of its telemetry, with the catalogue key. */
    errors: `${base}/errors`,
    /** server → device: `{ts: [...]}`, the samples of a telemetry message once committed (QoS 0). */
    acks: `${base}/acks`,
    /** server → device: a rotation's new secret. */
    credentials: `${base}/credentials`,
    /** device → server: `{device_secret}`, the new secret, once stored: ends the rotation. */
    credentialsAck: `${base}/credentials/ack`,
  };
}

/** The serial of a device topic (`aircloud/v1/devices/{serial}/…`), or null. */
export function serialOfTopic(topic: string): string | null {
  if (!topic.startsWith(`${DEVICE_TOPIC_ROOT}/`)) return null;
  const serial = topic.slice(DEVICE_TOPIC_ROOT.length + 1).split('/')[0];
  return serial ? serial : null;
}

/** Whether a serial can name an MQTT username and topic level (no wildcard, no separator). */
export function isMqttSerial(serial: string): boolean {
  return (
    serial.length > 0 &&
    serial.length <= 100 &&
    !/[+#/]/.test(serial) &&
    !serial.includes(String.fromCharCode(0))
  );
}
