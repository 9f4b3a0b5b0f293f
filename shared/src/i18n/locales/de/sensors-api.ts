/** Deutsche Texte der Fehler der Sensor-API (docs/api-sensors.md). */
export const sensorsApi = {
  errors: {
    sensor_serial_number_already_exists: 'Ein Sensor mit dieser Seriennummer existiert bereits',
    sensor_owner_not_found: 'Kein Konto verwendet diese E-Mail-Adresse',
    sensor_purifiers_max: 'Ein Sensor kann mit höchstens 8 Luftreinigern verknüpft werden',
    sensor_purifier_not_allowed: 'Sie können nur Luftreiniger verknüpfen, die Sie steuern',
    export_period_too_long:
      'Ein Export umfasst höchstens einen Monat: Wählen Sie einen kürzeren Zeitraum',
    export_period_expired:
      'Rohmesswerte, die älter als {{months}} Monate sind, werden nicht mehr aufbewahrt: Wählen Sie einen neueren Zeitraum (das Diagramm zeigt weiterhin die Stundenmittelwerte)',
  },
  validation: {
    serial_number: 'Nur Buchstaben, Ziffern, Punkte, Bindestriche und Unterstriche',
  },
};
