/**
 * The samples every ingest benchmark sends, whatever carries them (HTTP posts in load.ts, MQTT
 * messages in mqtt-load.ts): the same body as a device's, so both paths do the same work; and
 * the open-loop pace both send them at.
 */

let measure = 0;
/**
 * A telemetry body of `batch` samples with `ts` at send time (distinct milliseconds, the newest
 * now) and plausible values of all 16 measures.
 */
export function telemetryBody(batch: number): string {
  const now = Date.now();
  const samples = [];
  for (let k = 0; k < batch; k += 1) {
    measure = (measure + 1) % 1000;
    const pm25 = 5 + (measure % 40);
    const pc03 = pm25 * 1500 + 200;
    samples.push({
      ts: new Date(now - (batch - 1 - k)).toISOString(),
      measures: {
        co2: 420 + measure,
        pm1: pm25 * 0.7,
        pm25,
        pm10: pm25 * 1.4,
        temperature: 21.3,
        humidity: 45.2,
        formaldehyde: 12,
        tvoc: 180,
        pc03,
        pc05: pc03 * 0.3,
        pc1: pc03 * 0.06,
        pc25: pc03 * 0.006,
        pc5: pc03 * 0.001,
        pc10: pc03 * 0.0002,
      },
    });
  }
  return JSON.stringify({ samples });
}

/**
 * Open loop: `send` is called `perSecond` times a second for `durationMs` whatever the answers
 * (a 2 ms tick sends what is due), except while `busy()` says too much is in flight: then the
 * message is counted by `skip` (not sent). Resolves when the time is up.
 */
export function paceOpenLoop(o: {
  perSecond: number;
  durationMs: number;
  busy: () => boolean;
  send: () => void;
  skip: () => void;
}): Promise<void> {
  const start = Date.now();
  const perMs = o.perSecond / 1000;
  let due = 0;
  return new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const elapsed = Date.now() - start;
      if (elapsed >= o.durationMs) {
        clearInterval(timer);
        resolve();
        return;
      }
      const target = Math.floor(elapsed * perMs);
      for (; due < target; due += 1) {
        if (o.busy()) o.skip();
        else o.send();
      }
    }, 2);
  });
}
