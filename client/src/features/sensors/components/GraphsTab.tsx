import { useMemo } from 'react';
import type { Sensor } from '@aircloud/shared/sensors';
import { channel$ } from '../../../lib/realtime/channels.ts';
import { SensorGraphs } from './graphs/SensorGraphs.tsx';

/** The graphs of a sensor the user may see, fed live by its channel. */
export function GraphsTab({ sensor }: { sensor: Sensor }) {
  const messages$ = useMemo(() => channel$('sensor', sensor.ulid), [sensor.ulid]);
  return (
    <div className="tab-panel">
      <SensorGraphs sensorUlid={sensor.ulid} messages$={messages$} />
    </div>
  );
}
