import { type MqttClient } from 'mqtt';
import type { DesiredState } from '@aircloud/shared/purifiers';
import { deviceTopics } from '@aircloud/core/mqtt/topics';
import type { DeviceCredentials } from '../demo/device-fleet.ts';
/** What an MQTT device hears from the server. */
export interface MqttDeviceHandlers {
    desired?: (desired: DesiredState) => void;
    log?: (line: string) => void;
    /** Samples (their `ts`, ms) the server acknowledged as stored. */
    stored?: (ts: number[]) => void;
}
/** How a device keeps what it published until the server says it is stored. */
export interface MqttDeviceOptions {
    /** Republish a message whose samples are not all acknowledged after this long (0: never). */
    republishAfterMs?: number;
    /** Give a message up after this many republications (one refused on `errors` is dropped at once). */
    maxRepublish?: number;
    /** mqtt.js reconnect period. */
    reconnectPeriod?: number;
}
/**
 * One simulated device on MQTT (docs/api-devices.md, "MQTT"), as firmware would do it: connects
 * with its serial and secret, publishes telemetry at QoS 1, reads its desired state (retained),
 * its refusals and a rotation's new secret, which it acknowledges and reconnects with. It keeps
 * each telemetry message until the server acknowledges its samples on `acks` and republishes
 * it when that does not come (a broker restart can drop what the broker had accepted).
 */
export declare class MqttDevice {
    #private;
    readonly device: DeviceCredentials;
    private readonly handlers;
    readonly client: MqttClient;
    readonly topics: ReturnType<typeof deviceTopics>;
    /** Messages republished because their acknowledgement did not come. */
    republished: number;
    /** Messages given up after `maxRepublish` republications. */
    givenUp: number;
    /** Messages the server refused (named on `errors`): dropped, never published again. */
    refused: number;
    constructor(device: DeviceCredentials, url: string, handlers: MqttDeviceHandlers, options?: MqttDeviceOptions);
    /**
     * Publishes a telemetry body (QoS 1); resolves once the broker has it. The message is kept
     * until the server acknowledges its samples as stored.
     */
    publish(body: unknown): Promise<void>;
    /** Messages whose samples are not all acknowledged as stored yet. */
    get unacknowledged(): number;
    /** Drops off (a device out of range). */
    disconnect(): void;
    /** Stops for good: no more republications. */
    close(): Promise<void>;
    /** Comes back. */
    reconnect(): void;
}
