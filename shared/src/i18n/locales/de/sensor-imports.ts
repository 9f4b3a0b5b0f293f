/** Deutsche Texte der Sensordaten-Importe (docs/api-sensors.md): Fehler, Ablehnungsgründe, E-Mail. */
export const sensorImports = {
  errors: {
    'import-size': 'Die Datei darf höchstens 30 MB groß sein',
    import_already_running:
      'Für diesen Sensor läuft bereits ein Import: warten Sie, bis er fertig ist, oder brechen Sie ihn ab',
    'cancel-import': 'Dieser Import kann nicht mehr abgebrochen oder rückgängig gemacht werden',
  },
  import: {
    bad_date: 'Ungültiges Datum (erwartet TT/MM/JJJJ HH:mm oder ein ISO-8601-Zeitstempel)',
    not_numeric: 'Der Wert ist keine Zahl',
    out_of_range: 'Der Wert liegt außerhalb des zulässigen Bereichs',
    no_measure: 'Kein Messwert in dieser Zeile',
    unreadable_line: 'Unlesbare Zeile (Anführungszeichen oder Trennzeichen)',
    empty_file: 'Die Datei ist leer',
    no_date_column: 'Die Kopfzeile hat keine Spalte date oder timestamp',
    no_measure_column: 'Die Kopfzeile nennt keinen bekannten Messwert (co2, pm25, temperature…)',
    failed: 'Der Import wurde wegen eines Fehlers abgebrochen, bitte versuchen Sie es erneut',
    unknown_unit:
      'Die Einheit {{unit}} können wir nicht umrechnen: diese Spalte wird nicht importiert',
    measure_not_stored:
      'AirCloud speichert diesen Messwert nicht: die Spalte wird gelesen, aber nicht importiert',
    duplicate_column:
      'Eine andere Spalte liefert diesen Messwert bereits: diese wird nicht importiert',
    channel_b: 'PurpleAir-Kanal B: Kanal A wird importiert',
  },
};

/** The confirmation mail of a completed import (merged into `mail` on the server side only). */
export const sensorImportMail = {
  mail: {
    sensor_import: {
      subject: 'Ihr Import von Sensordaten ist abgeschlossen',
      preheader: '{{stored}} von {{read}} gelesenen Zeilen aus {{file}} gespeichert.',
      greeting: 'Hallo {{firstname}},',
      body: 'Der Import der Datei {{file}} in den Sensor {{sensor}} ist abgeschlossen.',
      rows_read: 'Gelesene Zeilen: {{count}}',
      rows_stored: 'Gespeicherte Zeilen: {{count}}',
      rows_duplicate: 'Übersprungene Duplikate (bereits gespeichert): {{count}}',
      rows_rejected: 'Abgelehnte Zeilen: {{count}}',
      rejections: 'Abgelehnte Zeilen:',
      rejection: 'Zeile {{line}}: {{reason}}',
      rejection_column: 'Zeile {{line}} ({{column}}): {{reason}}',
      rejections_more: 'Nur die ersten {{count}} abgelehnten Zeilen werden aufgeführt.',
      action: 'Sensor öffnen',
      signature: 'Ihr AirCloud-Team',
    },
  },
};
