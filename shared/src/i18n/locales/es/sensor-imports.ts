/** Textos en español de las importaciones de datos de sensor (docs/api-sensors.md): errores, motivos de rechazo, correo. */
export const sensorImports = {
  errors: {
    'import-size': 'El archivo no debe superar 30 MB',
    import_already_running:
      'Ya hay una importación en curso para este sensor: espere a que termine o cancélela',
    'cancel-import': 'Esta importación ya no se puede cancelar ni deshacer',
  },
  import: {
    bad_date: 'Fecha no válida (se espera DD/MM/AAAA HH:mm o una marca de tiempo ISO 8601)',
    not_numeric: 'El valor no es un número',
    out_of_range: 'El valor está fuera del rango aceptado',
    no_measure: 'Ninguna medida en esta línea',
    unreadable_line: 'Línea ilegible (comillas o separadores)',
    empty_file: 'El archivo está vacío',
    no_date_column: 'El encabezado no tiene columna date ni timestamp',
    no_measure_column: 'El encabezado no nombra ninguna medida conocida (co2, pm25, temperature…)',
    failed: 'La importación se detuvo por un error, inténtelo de nuevo',
    unknown_unit: 'No sabemos convertir la unidad {{unit}}: esta columna no se importa',
    measure_not_stored: 'AirCloud no guarda esta medida: la columna se lee pero no se importa',
    duplicate_column: 'Otra columna ya da esta medida: esta no se importa',
    channel_b: 'Canal B de PurpleAir: se importa el canal A',
  },
};

/** The confirmation mail of a completed import (merged into `mail` on the server side only). */
export const sensorImportMail = {
  mail: {
    sensor_import: {
      subject: 'Su importación de datos de sensor ha terminado',
      preheader: '{{stored}} filas guardadas de {{read}} leídas en {{file}}.',
      greeting: 'Hola {{firstname}}:',
      body: 'La importación del archivo {{file}} en el sensor {{sensor}} ha terminado.',
      rows_read: 'Filas leídas: {{count}}',
      rows_stored: 'Filas guardadas: {{count}}',
      rows_duplicate: 'Duplicados omitidos (ya guardados): {{count}}',
      rows_rejected: 'Filas rechazadas: {{count}}',
      rejections: 'Líneas rechazadas:',
      rejection: 'Línea {{line}}: {{reason}}',
      rejection_column: 'Línea {{line}} ({{column}}): {{reason}}',
      rejections_more: 'Solo se listan las {{count}} primeras líneas rechazadas.',
      action: 'Abrir el sensor',
      signature: 'El equipo de AirCloud',
    },
  },
};
