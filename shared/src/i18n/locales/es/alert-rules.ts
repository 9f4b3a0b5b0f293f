/** Textos en español de las reglas de alerta: pestaña triggeralerts del sensor, errores, avisos. */
export const alertRules = {
  sensor: { tabs: { triggeralerts: 'Reglas de alerta' } },
  'alert-rules': {
    title: 'Reglas de alerta',
    intro:
      'Una regla activa un modo en los purificadores vinculados cuando una medida supera un umbral.',
    'no-purifier':
      'Todavía no hay ningún purificador vinculado a este sensor: sus reglas actuarán en cuanto haya uno.',
    add: 'Añadir una regla',
    empty: 'Todavía no hay reglas de alerta',
    'load-error': 'No se pudieron cargar las reglas de alerta',
    retry: 'Reintentar',
    columns: {
      measure: 'Medida',
      condition: 'Condición',
      mode: 'Modo activado',
      confirm: 'Tiempo de confirmación',
      enabled: 'Activa',
      state: 'Estado',
      actions: 'Acciones',
    },
    condition: '> {{threshold}} {{unit}}',
    seconds: '{{count}} s',
    state: { triggered: 'Disparada', idle: 'No disparada', disabled: 'Desactivada' },
    'toggle-label': 'Activar la regla {{measure}}',
    'not-driving': 'No controla: {{names}}',
    'not-driving-hint': 'Una regla solo controla los purificadores que su autor controla.',
    edit: 'Editar',
    delete: 'Eliminar',
    saved: 'La regla de alerta se ha guardado',
    deleted: 'La regla de alerta se ha eliminado',
    form: {
      'title-add': 'Nueva regla de alerta',
      'title-edit': 'Editar la regla de alerta',
      measure: 'Medida',
      threshold: 'Umbral (mayor que)',
      'iso-help': 'Una clase ISO entre 5 y 9',
      recommended: 'Umbrales recomendados',
      hysteresis: 'Banda de histéresis',
      'hysteresis-help':
        'La regla se detiene cuando la medida se mantiene en el umbral menos esta banda o por debajo.',
      mode: 'Modo que activar',
      confirm: 'Tiempo de confirmación (segundos)',
      'confirm-help':
        'Cuánto tiempo debe mantenerse la medida por encima del umbral antes de dispararse (0: al instante), y por debajo de la banda antes de detenerse.',
      enabled: 'Activa',
      save: 'Guardar',
      cancel: 'Cancelar',
    },
    risk: { moderate: 'Moderado', high: 'Alto', very_high: 'Muy alto' },
    boost: {
      title: 'El modo boost es ruidoso',
      text: 'Cuando esta regla se dispare, los purificadores funcionarán a toda velocidad, lo que es ruidoso. ¿Lo confirma?',
      confirm: 'Confirmar boost',
    },
    'delete-confirm': {
      title: '¿Eliminar esta regla de alerta?',
      text: 'La regla se elimina y libera sus purificadores; su historial se conserva.',
      confirm: 'Eliminar',
    },
    history: {
      title: 'Historial de reglas disparadas',
      empty: 'Todavía no se ha disparado ninguna regla',
      'load-error': 'No se pudo cargar el historial',
      columns: {
        date: 'Fecha',
        event: 'Evento',
        measure: 'Medida',
        value: 'Valor',
        threshold: 'Umbral',
        mode: 'Modo',
        purifiers: 'Purificadores',
      },
      kind: { trigger: 'Disparo', stop: 'Parada' },
    },
    notification: {
      trigger:
        '{{sensor}}: {{measure}} en {{value}} {{unit}} supera {{threshold}}, modo {{mode}} activado',
      stop: '{{sensor}}: {{measure}} de nuevo por debajo de {{threshold}} {{unit}}, regla detenida',
    },
  },
  errors: {
    alert_rule_noise_confirmation: 'El modo boost es ruidoso: confírmelo para guardar esta regla',
  },
  validation: { iso_threshold: 'El umbral ISO debe estar entre 5 y 9' },
};
