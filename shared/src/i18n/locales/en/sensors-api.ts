/** English texts of the sensor API's errors (docs/api-sensors.md). */
export const sensorsApi = {
  errors: {
    sensor_serial_number_already_exists: 'A sensor with this serial number already exists',
    sensor_owner_not_found: 'No account uses this e-mail address',
    sensor_purifiers_max: 'A sensor can be linked to at most 8 purifiers',
    sensor_purifier_not_allowed: 'You can only link purifiers you control',
    export_period_too_long: 'An export covers at most one month: choose a shorter period',
    export_period_expired:
      'Raw samples older than {{months}} months are no longer kept: choose a more recent period (the graph still shows the hourly averages)',
  },
  validation: {
    serial_number: 'Only letters, digits, dots, dashes and underscores',
  },
};
