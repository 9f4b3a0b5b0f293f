/** Textos en español de los errores de la API de sensores (docs/api-sensors.md). */
export const sensorsApi = {
  errors: {
    sensor_serial_number_already_exists: 'Ya existe un sensor con este número de serie',
    sensor_owner_not_found: 'Ninguna cuenta usa esta dirección de correo electrónico',
    sensor_purifiers_max: 'Un sensor puede vincularse como máximo a 8 purificadores',
    sensor_purifier_not_allowed: 'Solo puede vincular purificadores que controla',
    export_period_too_long: 'Una exportación cubre como máximo un mes: elija un periodo más corto',
    export_period_expired:
      'Las medidas brutas de más de {{months}} meses ya no se conservan: elija un periodo más reciente (el gráfico sigue mostrando las medias horarias)',
  },
  validation: {
    serial_number: 'Solo letras, cifras, puntos, guiones y guiones bajos',
  },
};
