import type { ProductKeyModel } from '@aircloud/shared/product-keys';
import type { MaintenanceLevels, Schedule } from '@aircloud/shared/purifiers';
import type { Database } from '@aircloud/core/db/client';
/** Credentials of one device, for the simulator (the only place a sensor secret is shown). */
export interface DeviceCredentials {
    kind: 'purifier' | 'sensor';
    id: string;
    serial: string;
    secret: string;
    /** Sensors: serial numbers of their linked purifiers (same room). */
    linked?: string[];
    /** Purifiers: the consumable levels stored, which the simulated device goes on from. */
    levels?: MaintenanceLevels;
}
/** One purifier to make sure of: serial `<model>-<number>`, owner, display name. */
export interface FleetPurifier {
    model: ProductKeyModel;
    number: number;
    ownerId: string;
    name: string;
    shortName?: string;
    /** Room volume in m³ (length × width × 2.50), so the summary shows a real output. */
    pieceVolume: number;
    /** The usual number of people in the room. */
    occupants?: number;
    /** A weekly plan set by the owner when the purifier is made. */
    schedule?: Schedule;
}
/** One sensor to make sure of, with the purifiers (serials) of its room. */
export interface FleetSensor {
    serial: string;
    ownerId: string | null;
    name: string;
    shortName?: string;
    linked: string[];
    reportingIntervalS?: number;
}
/**
 * Makes sure a purifier exists and belongs to its owner, the way a real one does: a product key
 * generated, exported, then activated by the owner (only when it is not activated yet, so it is
 * idempotent). Answers its credentials: its serial and a new device secret each time (secrets
 * are stored hashed; the simulated device is built by us, so it is given one rather than
 * exchanging its product key for it).
 */
export declare function ensurePurifier(db: Database, p: FleetPurifier): Promise<DeviceCredentials>;
/** The devices with their purifiers' stored consumable levels (after the demo's history). */
export declare function withLevels(db: Database, devices: DeviceCredentials[]): Promise<DeviceCredentials[]>;
/**
 * Makes sure a sensor exists (a new secret each time: secrets are stored hashed, so the caller
 * gets a fresh one to hand to the simulator) and is linked to the purifiers of its room.
 */
export declare function ensureSensor(db: Database, s: FleetSensor): Promise<DeviceCredentials>;
