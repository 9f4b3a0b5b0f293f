/** English texts of sensor data imports (docs/api-sensors.md): errors, rejection reasons, mail. */
export const sensorImports = {
  errors: {
    'import-size': 'The file must not exceed 30 MB',
    import_already_running:
      'An import of this sensor is already in progress: wait for it to finish or cancel it',
    'cancel-import': 'This import can no longer be cancelled or undone',
  },
  import: {
    bad_date: 'Invalid date (expected DD/MM/YYYY HH:mm or an ISO 8601 timestamp)',
    not_numeric: 'The value is not a number',
    out_of_range: 'The value is outside the accepted range',
    no_measure: 'No measure on this line',
    unreadable_line: 'Unreadable line (quotes or separators)',
    empty_file: 'The file is empty',
    no_date_column: 'The header has no date or timestamp column',
    no_measure_column: 'The header names no known measure (co2, pm25, temperature…)',
    failed: 'The import stopped because of an error, please try again',
    unknown_unit: 'Unit {{unit}} is not one we can convert: this column is not imported',
    measure_not_stored: 'AirCloud does not store this measure: the column is read but not imported',
    duplicate_column: 'Another column already gives this measure: this one is not imported',
    channel_b: 'PurpleAir channel B: channel A is imported',
  },
};

/** The confirmation mail of a completed import (merged into `mail` on the server side only). */
export const sensorImportMail = {
  mail: {
    sensor_import: {
      subject: 'Your sensor data import is complete',
      preheader: '{{stored}} rows stored out of {{read}} read from {{file}}.',
      greeting: 'Hello {{firstname}},',
      body: 'The import of the file {{file}} into the sensor {{sensor}} is complete.',
      rows_read: 'Rows read: {{count}}',
      rows_stored: 'Rows stored: {{count}}',
      rows_duplicate: 'Duplicates skipped (already stored): {{count}}',
      rows_rejected: 'Rows rejected: {{count}}',
      rejections: 'Rejected lines:',
      rejection: 'Line {{line}}: {{reason}}',
      rejection_column: 'Line {{line}} ({{column}}): {{reason}}',
      rejections_more: 'Only the first {{count}} rejected lines are listed.',
      action: 'Open the sensor',
      signature: 'The AirCloud team',
    },
  },
};
