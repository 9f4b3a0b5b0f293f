import type { PurifierMode, WifiState } from '@aircloud/shared/purifiers';
import type { SensorOverviewTile } from '@aircloud/shared/sensor-overview';
import { liveTileOf, tileLevel, type LiveTile } from './liveTiles.ts';

type Listener = () => void;

/** Level changes within this delay reorder the page once. */
const ORDER_DELAY_MS = 1000;

/**
 * The overview's live tiles outside React (see liveTiles.ts): `subscribeTile` wakes one tile,
 * `subscribeOrder` wakes the page only when a tile changes level.
 */
export class TileStore {
  #tiles = new Map<string, LiveTile>();
  #tileListeners = new Map<string, Set<Listener>>();
  #orderListeners = new Set<Listener>();
  #orderVersion = 0;
  #orderTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * @param orderDelayMs how long level changes are gathered before the page is told: many rooms
   *   changing level in the same second reorder the page once, not once each.
   */
  constructor(private readonly orderDelayMs = ORDER_DELAY_MS) {}

  /** Starts again from the server's tiles (first load and each refetch). */
  reset(tiles: readonly SensorOverviewTile[]): void {
    this.#tiles = new Map(tiles.map((tile) => [tile.ulid, liveTileOf(tile)]));
    this.#orderVersion += 1;
    this.#orderListeners.forEach((l) => l());
    this.#tileListeners.forEach((set) => set.forEach((l) => l()));
  }

  get(ulid: string): LiveTile | undefined {
    return this.#tiles.get(ulid);
  }

  all(): LiveTile[] {
    return [...this.#tiles.values()];
  }

  /** Replaces one tile by `change(tile)`; nothing happens when it answers the same tile. */
  update(ulid: string, change: (live: LiveTile) => LiveTile): void {
    const before = this.#tiles.get(ulid);
    if (!before) return;
    const after = change(before);
    if (after === before) return;
    this.#tiles.set(ulid, after);
    this.#tileListeners.get(ulid)?.forEach((l) => l());
    if (tileLevel(after) !== tileLevel(before)) this.#orderChanged();
  }

  #orderChanged(): void {
    if (this.#orderTimer !== null) return;
    this.#orderTimer = setTimeout(() => {
      this.#orderTimer = null;
      this.#orderVersion += 1;
      this.#orderListeners.forEach((l) => l());
    }, this.orderDelayMs);
  }

  /** A linked purifier's live mode and network state, on every tile that shows it. */
  updatePurifier(
    ulid: string,
    live: { mode: PurifierMode; reported_mode: PurifierMode | null; wifi_state: WifiState },
  ): void {
    for (const [sensor, tile] of this.#tiles) {
      if (!tile.tile.purifiers.some((p) => p.ulid === ulid)) continue;
      this.update(sensor, (current) => ({
        ...current,
        tile: {
          ...current.tile,
          purifiers: current.tile.purifiers.map((p) => (p.ulid === ulid ? { ...p, ...live } : p)),
        },
      }));
    }
  }

  subscribeTile = (ulid: string, listener: Listener): (() => void) => {
    let set = this.#tileListeners.get(ulid);
    if (!set) this.#tileListeners.set(ulid, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#tileListeners.delete(ulid);
    };
  };

  subscribeOrder = (listener: Listener): (() => void) => {
    this.#orderListeners.add(listener);
    return () => this.#orderListeners.delete(listener);
  };

  orderVersion = (): number => this.#orderVersion;
}
