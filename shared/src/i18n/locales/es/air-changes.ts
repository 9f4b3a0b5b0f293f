/** Textos de la renovación de aire medida (es): tarjeta del resumen, decaimientos, previsión, vista general, flota. */
export const airChanges = {
  'air-changes': {
    title: 'Renovación de aire medida',
    'see-decays': 'Ver los decaimientos',
    back: 'Volver al resumen',
    'load-error': 'No se pudo cargar la renovación de aire medida',
    'ach-value': '{{value}} ren/h',
    'ach-range': '{{low}}–{{high}} ren/h',
    'lps-value': '{{value}} L/s por persona',
    'per-hour': '{{value}} por hora',
    'current-mode': 'En modo {{mode}}, el actual',
    measured: 'Medido',
    target: 'Objetivo (TRH)',
    'target-silent': 'Objetivo (TRH silencio)',
    delivery: 'Caudal de aire limpio',
    'delivery-configured': 'Caudal configurado: {{value}} (volumen × TRH)',
    'delivery-no-volume': 'Indique el volumen de la sala para comparar con el caudal configurado.',
    verdicts: {
      meets: 'Alcanza su objetivo',
      below: 'Por debajo de su objetivo',
      not_enough_data: 'Aún no hay datos suficientes',
      natural: 'Decaimiento natural',
    },
    needs_one: 'Aún no hay datos suficientes: falta {{count}} decaimiento en modo {{mode}}.',
    needs_other: 'Aún no hay datos suficientes: faltan {{count}} decaimientos en modo {{mode}}.',
    'needs-short_one': 'Falta {{count}} decaimiento',
    'needs-short_other': 'Faltan {{count}} decaimientos',
    'off-natural':
      'El purificador está apagado: la cifra es el decaimiento propio de la sala (depósito e intercambio de aire).',
    'interval-conclusive-meets':
      'Intervalo del 95 %: {{range}}. Concluyente: todo el intervalo está por encima del objetivo.',
    'interval-conclusive-below':
      'Intervalo del 95 %: {{range}}. Concluyente: todo el intervalo está por debajo del objetivo.',
    'interval-inconclusive':
      'Intervalo del 95 %: {{range}}. Aún no concluyente: el intervalo todavía cruza el objetivo.',
    interval: 'Intervalo del 95 %: {{range}}',
    'no-sensor':
      'La renovación de aire se mide con un sensor en la misma sala: ninguno está vinculado a este purificador.',
    'no-sensor-how':
      'Vincule uno desde la pestaña Asociaciones del sensor; sus medidas de partículas mostrarán con qué rapidez el purificador limpia el aire.',
    'to-sensors': 'Ir a los sensores',
    'not-examined':
      'Las medidas del sensor vinculado aún no se han examinado. Las primeras cifras aparecen en unos minutos (se examinan cada 10 minutos).',
    updated: 'Examinado el {{date}}, con los decaimientos de los últimos {{days}} días.',
    'modes-caption': 'Cada modo, con los decaimientos de los últimos {{days}} días',
    columns: {
      mode: 'Modo',
      measured: 'Medido',
      interval: 'Intervalo del 95 %',
      target: 'Objetivo',
      decays: 'Decaimientos',
      verdict: 'Resultado',
    },
    'natural-measured':
      'Decaimiento natural de la sala, medido con el purificador apagado: {{value}}.',
    'natural-default':
      'Decaimiento natural de la sala: se usa un valor típico hasta ver decaimientos con el purificador apagado.',
    'clean-air-title': 'Ventilación y aire limpio de la sala',
    ventilation: 'Ventilación (aire exterior, según el CO₂)',
    'ventilation-needs_one': 'Falta {{count}} decaimiento de CO₂ con la sala vacía',
    'ventilation-needs_other': 'Faltan {{count}} decaimientos de CO₂ con la sala vacía',
    'outdoor-co2': 'nivel exterior {{value}} ppm',
    equivalent: 'Aire limpio equivalente (ventilación + filtración en modo {{mode}})',
    'per-person': 'Aire limpio por persona',
    'set-occupants': 'Indicar el número habitual de personas',
    occupants_one: 'para {{count}} persona',
    occupants_other: 'para {{count}} personas',
    met: { yes: 'Alcanzado', no: 'No alcanzado', unknown: 'Desconocido' },
    targets: {
      ashrae: 'ASHRAE 241: aire limpio equivalente por persona',
      lancet: 'Comisión Lancet: aporte de aire',
      either: '{{ach}} o {{lps}}',
      above: 'más de {{value}}',
      source: 'Fuente:',
      'ashrae-needs-occupants':
        'ASHRAE 241 cuenta por persona: indique el número habitual de personas para comparar.',
    },
    tiers: {
      office: 'Oficina',
      classroom: 'Aula',
      restaurant: 'Restaurante',
      gym: 'Gimnasio',
      good: 'Bueno',
      better: 'Mejor',
      best: 'Óptimo',
    },
    units: { pm25: 'µg/m³', co2: 'ppm' },
    kinds: { pm25: 'PM2,5', co2: 'CO₂' },
    unknown: 'desconocido',
    chart: {
      caption:
        'Decaimiento de {{kind}} del {{date}}: de un pico de {{peak}} {{unit}} hacia un fondo de {{background}} {{unit}}, en {{minutes}} min en modo {{mode}} ({{readings}} medidas). Tasa de decaimiento {{rate}} por hora, r² {{r2}}.',
      'nothing-above': 'Ninguna medida de este episodio supera el fondo: no hay nada que dibujar.',
      minutes: '{{value}} min',
      readings: 'Medidas (exceso sobre el fondo, {{unit}})',
      fitted: 'Decaimiento ajustado',
      'fit-zone': 'Tramo en el que se ajustó la tasa',
      'y-axis': 'Exceso sobre el fondo ({{unit}}, escala logarítmica)',
    },
    episodes: {
      title: 'Los decaimientos detrás de las cifras',
      intro:
        'Tras cada pico, las partículas bajan hacia el nivel de fondo de la sala. En una escala logarítmica del exceso sobre el fondo, un decaimiento es una recta: su pendiente es la tasa de la que se deduce la renovación de aire.',
      'latest-title': 'Último decaimiento de PM2,5 conservado',
      'drawn-title': 'Decaimiento de {{kind}} del {{date}}',
      'no-kept':
        'Aún no se ha conservado ningún decaimiento de PM2,5: elija un episodio abajo para dibujarlo.',
      'detail-error': 'No se pudo cargar este decaimiento',
      'list-title': 'Todos los episodios',
      'load-error': 'No se pudieron cargar los episodios',
      'none-filtered': 'Ningún episodio coincide con estos filtros.',
      'empty-title': 'Aún no se ha encontrado ningún decaimiento',
      'empty-text':
        'Los episodios aparecen cuando una subida de partículas o de CO₂ en la sala vuelve a bajar, una vez examinadas las medidas del sensor.',
      all: 'Todos',
      kind: 'Tipo',
      status: 'Estado',
      start: 'Inicio',
      mode: 'Modo',
      duration: 'Duración',
      rate: 'Tasa de decaimiento',
      r2: 'r²',
      'peak-background': 'Pico y fondo',
      'peak-background-value': '{{peak}} → {{background}} {{unit}}',
      kept: 'Conservado',
      discarded: 'Descartado',
      'discarded-because': 'Descartado: {{reason}}',
      actions: 'Acciones',
      draw: 'Dibujar',
      'draw-label': 'Dibujar el decaimiento de {{kind}} del {{date}}',
    },
    reasons: {
      too_short: 'demasiado corto',
      too_noisy: 'demasiado ruidoso',
      mode_changed: 'el modo cambió durante el episodio',
      too_small: 'pico demasiado pequeño',
      gap: 'faltan medidas',
      mode_unknown: 'modo desconocido',
      unknown: 'sin motivo indicado',
    },
  },
  maintenance: {
    forecast: {
      title: 'Previsión de sustituciones',
      intro:
        'Al ritmo reciente, la fecha en que cada pieza llega a {{level}}, su umbral de notificación.',
      'load-error': 'No se pudo cargar la previsión',
      columns: { part: 'Pieza', level: 'Nivel', pace: 'Ritmo', due: 'Vencimiento' },
      pace: '−{{value}} puntos al día',
      steady: 'Sin desgaste',
      unknown: 'Desconocido',
      overdue: 'Vencido desde el {{date}}',
      'due-now': 'Vence ahora',
      trend_one:
        'Renovación de aire medida en auto: {{value}} ren/h por semana desde la última sustitución de filtros ({{count}} decaimiento).',
      trend_other:
        'Renovación de aire medida en auto: {{value}} ren/h por semana desde la última sustitución de filtros ({{count}} decaimientos).',
      'trend-falling': 'Baja a medida que el filtro se carga.',
      'trend-unknown_one':
        'Tendencia de la renovación de aire medida: {{count}} decaimiento en auto desde la última sustitución, aún no basta.',
      'trend-unknown_other':
        'Tendencia de la renovación de aire medida: {{count}} decaimientos en auto desde la última sustitución, aún no bastan.',
    },
  },
  overview: {
    'air-below': 'Renovación de aire bajo el objetivo: {{measured}} de {{target}} por hora',
    'air-below-named':
      '{{name}} bajo el objetivo: {{measured}} de {{target}} renovaciones por hora',
    'air-meets': 'Renovación de aire en el objetivo',
  },
  'fleet-view': {
    'air-below': 'Por debajo de su objetivo de renovación de aire',
    'air-below-none': 'Todos los purificadores medidos alcanzan su objetivo de renovación de aire.',
    'rooms-below_one': 'sala bajo el objetivo de renovación de aire (de {{measured}} medidas)',
    'rooms-below_other': 'salas bajo el objetivo de renovación de aire (de {{measured}} medidas)',
  },
  purifier: {
    parameters: {
      occupants: 'Número habitual de personas en la sala',
      'occupants-hint':
        'Opcional. Da el aire limpio por persona, comparado con ASHRAE 241 y la Comisión Lancet.',
    },
  },
};
