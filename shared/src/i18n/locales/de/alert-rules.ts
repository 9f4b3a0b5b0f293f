/** Deutsche Texte der Alarmregeln: Registerkarte triggeralerts des Sensors, Fehler, Meldungen. */
export const alertRules = {
  sensor: { tabs: { triggeralerts: 'Alarmregeln' } },
  'alert-rules': {
    title: 'Alarmregeln',
    intro:
      'Eine Regel startet einen Modus an den verknüpften Luftreinigern, wenn ein Messwert einen Schwellenwert überschreitet.',
    'no-purifier':
      'Mit diesem Sensor ist noch kein Luftreiniger verknüpft: Seine Regeln wirken, sobald einer verknüpft ist.',
    add: 'Regel hinzufügen',
    empty: 'Noch keine Alarmregel',
    'load-error': 'Die Alarmregeln konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    columns: {
      measure: 'Messwert',
      condition: 'Bedingung',
      mode: 'Gestarteter Modus',
      confirm: 'Bestätigungszeit',
      enabled: 'Aktiv',
      state: 'Zustand',
      actions: 'Aktionen',
    },
    condition: '> {{threshold}} {{unit}}',
    seconds: '{{count}} s',
    state: { triggered: 'Ausgelöst', idle: 'Nicht ausgelöst', disabled: 'Deaktiviert' },
    'toggle-label': 'Regel {{measure}} aktivieren',
    'not-driving': 'Steuert nicht: {{names}}',
    'not-driving-hint': 'Eine Regel steuert nur die Luftreiniger, die ihr Autor steuern darf.',
    edit: 'Bearbeiten',
    delete: 'Löschen',
    saved: 'Die Alarmregel ist gespeichert',
    deleted: 'Die Alarmregel ist gelöscht',
    form: {
      'title-add': 'Neue Alarmregel',
      'title-edit': 'Alarmregel bearbeiten',
      measure: 'Messwert',
      threshold: 'Schwellenwert (größer als)',
      'iso-help': 'Eine ISO-Klasse zwischen 5 und 9',
      recommended: 'Empfohlene Schwellenwerte',
      hysteresis: 'Hystereseband',
      'hysteresis-help':
        'Die Regel endet, wenn der Messwert auf oder unter dem Schwellenwert minus diesem Band bleibt.',
      mode: 'Zu startender Modus',
      confirm: 'Bestätigungszeit (Sekunden)',
      'confirm-help':
        'Wie lange der Messwert über dem Schwellenwert bleiben muss, bevor die Regel auslöst (0: sofort), und unter dem Band, bevor sie endet.',
      enabled: 'Aktiv',
      save: 'Speichern',
      cancel: 'Abbrechen',
    },
    risk: { moderate: 'Mäßig', high: 'Hoch', very_high: 'Sehr hoch' },
    boost: {
      title: 'Der Boost-Modus ist laut',
      text: 'Wenn diese Regel auslöst, laufen die Luftreiniger mit voller Leistung, was laut ist. Bestätigen Sie?',
      confirm: 'Boost bestätigen',
    },
    'delete-confirm': {
      title: 'Diese Alarmregel löschen?',
      text: 'Die Regel wird entfernt und gibt ihre Luftreiniger frei; ihr Verlauf bleibt erhalten.',
      confirm: 'Löschen',
    },
    history: {
      title: 'Verlauf der ausgelösten Regeln',
      empty: 'Noch keine Regel ausgelöst',
      'load-error': 'Der Verlauf konnte nicht geladen werden',
      columns: {
        date: 'Datum',
        event: 'Ereignis',
        measure: 'Messwert',
        value: 'Wert',
        threshold: 'Schwellenwert',
        mode: 'Modus',
        purifiers: 'Luftreiniger',
      },
      kind: { trigger: 'Ausgelöst', stop: 'Beendet' },
    },
    notification: {
      trigger:
        '{{sensor}}: {{measure}} bei {{value}} {{unit}} über {{threshold}}, Modus {{mode}} gestartet',
      stop: '{{sensor}}: {{measure}} wieder unter {{threshold}} {{unit}}, Regel beendet',
    },
  },
  errors: {
    alert_rule_noise_confirmation:
      'Der Boost-Modus ist laut: Bestätigen Sie ihn, um diese Regel zu speichern',
  },
  validation: { iso_threshold: 'Der ISO-Schwellenwert muss zwischen 5 und 9 liegen' },
};
