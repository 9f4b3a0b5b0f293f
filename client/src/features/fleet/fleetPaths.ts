/** The drill-down list behind a number of the fleet view: `/fleet/devices?kind=…&<filters>`. */
export function fleetListPath(
  kind: 'purifier' | 'sensor',
  filters: Record<string, string>,
): string {
  const params = new URLSearchParams({ kind, ...filters });
  return `/fleet/devices?${params.toString()}`;
}

/** The filters a drill-down list accepts, per kind (the API's query parameters). */
export const FLEET_LIST_FILTERS = {
  purifier: [
    'wifi_state',
    'state',
    'model',
    'soft_version',
    'held',
    'maintenance_due',
    'air_below',
  ],
  sensor: ['wifi_state'],
} as const;
