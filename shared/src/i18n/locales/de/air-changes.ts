/** Texte des gemessenen Luftwechsels (de): Übersichtskarte, Abklingkurven, Prognose, Überblick, Flotte. */
export const airChanges = {
  'air-changes': {
    title: 'Gemessener Luftwechsel',
    'see-decays': 'Abklingkurven ansehen',
    back: 'Zurück zur Übersicht',
    'load-error': 'Der gemessene Luftwechsel konnte nicht geladen werden',
    'ach-value': '{{value}} 1/h',
    'ach-range': '{{low}}–{{high}} 1/h',
    'lps-value': '{{value}} l/s pro Person',
    'per-hour': '{{value}} pro Stunde',
    'current-mode': 'Im Modus {{mode}}, dem aktuellen',
    measured: 'Gemessen',
    target: 'Ziel (Luftwechselrate)',
    'target-silent': 'Ziel (Luftwechselrate leise)',
    delivery: 'Reinluftleistung',
    'delivery-configured': 'Eingestellte Leistung: {{value}} (Volumen × Luftwechselrate)',
    'delivery-no-volume':
      'Geben Sie das Raumvolumen an, um mit der eingestellten Leistung zu vergleichen.',
    verdicts: {
      meets: 'Erreicht sein Ziel',
      below: 'Unter seinem Ziel',
      not_enough_data: 'Noch nicht genug Daten',
      natural: 'Natürliches Abklingen',
    },
    needs_one: 'Noch nicht genug Daten: Es fehlt noch {{count}} Abklingvorgang im Modus {{mode}}.',
    needs_other:
      'Noch nicht genug Daten: Es fehlen noch {{count}} Abklingvorgänge im Modus {{mode}}.',
    'needs-short_one': 'Noch {{count}} Abklingvorgang',
    'needs-short_other': 'Noch {{count}} Abklingvorgänge',
    'off-natural':
      'Der Luftreiniger ist aus: Der Wert ist das eigene Abklingen des Raums (Ablagerung und Luftaustausch).',
    'interval-conclusive-meets':
      '95-%-Intervall: {{range}}. Eindeutig: Das ganze Intervall liegt über dem Ziel.',
    'interval-conclusive-below':
      '95-%-Intervall: {{range}}. Eindeutig: Das ganze Intervall liegt unter dem Ziel.',
    'interval-inconclusive':
      '95-%-Intervall: {{range}}. Noch nicht eindeutig: Das Intervall schließt das Ziel noch ein.',
    interval: '95-%-Intervall: {{range}}',
    'no-sensor':
      'Der Luftwechsel wird von einem Sensor im selben Raum gemessen: Mit diesem Luftreiniger ist keiner verknüpft.',
    'no-sensor-how':
      'Verknüpfen Sie einen im Reiter Zuordnungen des Sensors; seine Partikelmessungen zeigen dann, wie schnell der Luftreiniger die Luft reinigt.',
    'to-sensors': 'Zu den Sensoren',
    'not-examined':
      'Die Messwerte des verknüpften Sensors wurden noch nicht ausgewertet. Die ersten Werte erscheinen in wenigen Minuten (Auswertung alle 10 Minuten).',
    updated: 'Ausgewertet am {{date}}, aus den Abklingvorgängen der letzten {{days}} Tage.',
    'modes-caption': 'Jeder Modus, aus den Abklingvorgängen der letzten {{days}} Tage',
    columns: {
      mode: 'Modus',
      measured: 'Gemessen',
      interval: '95-%-Intervall',
      target: 'Ziel',
      decays: 'Abklingvorgänge',
      verdict: 'Ergebnis',
    },
    'natural-measured':
      'Natürliches Abklingen des Raums, gemessen bei ausgeschaltetem Luftreiniger: {{value}}.',
    'natural-default':
      'Natürliches Abklingen des Raums: Ein typischer Wert gilt, bis Abklingvorgänge bei ausgeschaltetem Luftreiniger vorliegen.',
    'clean-air-title': 'Lüftung und Reinluft des Raums',
    ventilation: 'Lüftung (Außenluft, aus CO₂)',
    'ventilation-needs_one': 'Es fehlt noch {{count}} CO₂-Abklingvorgang im leeren Raum',
    'ventilation-needs_other': 'Es fehlen noch {{count}} CO₂-Abklingvorgänge im leeren Raum',
    'outdoor-co2': 'Außenniveau {{value}} ppm',
    equivalent: 'Äquivalente Reinluft (Lüftung + Filterung im Modus {{mode}})',
    'per-person': 'Reinluft pro Person',
    'set-occupants': 'Übliche Personenzahl angeben',
    occupants_one: 'für {{count}} Person',
    occupants_other: 'für {{count}} Personen',
    met: { yes: 'Erreicht', no: 'Nicht erreicht', unknown: 'Unbekannt' },
    targets: {
      ashrae: 'ASHRAE 241: äquivalente Reinluft pro Person',
      lancet: 'Lancet-Kommission: Luftzufuhr',
      either: '{{ach}} oder {{lps}}',
      above: 'über {{value}}',
      source: 'Quelle:',
      'ashrae-needs-occupants':
        'ASHRAE 241 rechnet pro Person: Geben Sie die übliche Personenzahl an, um zu vergleichen.',
    },
    tiers: {
      office: 'Büro',
      classroom: 'Klassenzimmer',
      restaurant: 'Restaurant',
      gym: 'Fitnessraum',
      good: 'Gut',
      better: 'Besser',
      best: 'Am besten',
    },
    units: { pm25: 'µg/m³', co2: 'ppm' },
    kinds: { pm25: 'PM2,5', co2: 'CO₂' },
    unknown: 'unbekannt',
    chart: {
      caption:
        '{{kind}}-Abklingvorgang vom {{date}}: von einer Spitze von {{peak}} {{unit}} hin zu einem Grundniveau von {{background}} {{unit}}, über {{minutes}} min im Modus {{mode}} ({{readings}} Messwerte). Abklingrate {{rate}} pro Stunde, r² {{r2}}.',
      'nothing-above':
        'Kein Messwert dieses Vorgangs liegt über dem Grundniveau: Es gibt nichts zu zeichnen.',
      minutes: '{{value}} min',
      readings: 'Messwerte (Überschuss über dem Grundniveau, {{unit}})',
      fitted: 'Angepasster Verlauf',
      'fit-zone': 'Abschnitt, an den die Rate angepasst wurde',
      'y-axis': 'Überschuss über dem Grundniveau ({{unit}}, logarithmisch)',
    },
    episodes: {
      title: 'Die Abklingvorgänge hinter den Werten',
      intro:
        'Nach jeder Spitze sinken die Partikel zurück zum Grundniveau des Raums. Auf einer logarithmischen Skala des Überschusses ist ein Abklingvorgang eine Gerade: Ihre Steigung ist die Rate, aus der der Luftwechsel bestimmt wird.',
      'latest-title': 'Letzter übernommener PM2,5-Abklingvorgang',
      'drawn-title': '{{kind}}-Abklingvorgang vom {{date}}',
      'no-kept':
        'Noch kein PM2,5-Abklingvorgang übernommen: Wählen Sie unten einen Vorgang, um ihn zu zeichnen.',
      'detail-error': 'Dieser Abklingvorgang konnte nicht geladen werden',
      'list-title': 'Alle Vorgänge',
      'load-error': 'Die Vorgänge konnten nicht geladen werden',
      'none-filtered': 'Kein Vorgang entspricht diesen Filtern.',
      'empty-title': 'Noch kein Abklingvorgang gefunden',
      'empty-text':
        'Vorgänge erscheinen, wenn ein Anstieg von Partikeln oder CO₂ im Raum wieder sinkt, sobald die Messwerte des Sensors ausgewertet sind.',
      all: 'Alle',
      kind: 'Art',
      status: 'Status',
      start: 'Beginn',
      mode: 'Modus',
      duration: 'Dauer',
      rate: 'Abklingrate',
      r2: 'r²',
      'peak-background': 'Spitze und Grundniveau',
      'peak-background-value': '{{peak}} → {{background}} {{unit}}',
      kept: 'Übernommen',
      discarded: 'Verworfen',
      'discarded-because': 'Verworfen: {{reason}}',
      actions: 'Aktionen',
      draw: 'Zeichnen',
      'draw-label': '{{kind}}-Abklingvorgang vom {{date}} zeichnen',
    },
    reasons: {
      too_short: 'zu kurz',
      too_noisy: 'zu verrauscht',
      mode_changed: 'Modus währenddessen geändert',
      too_small: 'Spitze zu klein',
      gap: 'Messwerte fehlen',
      mode_unknown: 'Modus unbekannt',
      unknown: 'ohne Angabe',
    },
  },
  maintenance: {
    forecast: {
      title: 'Austauschprognose',
      intro:
        'Beim jüngsten Tempo das Datum, an dem jedes Teil {{level}} erreicht, Ihre Benachrichtigungsschwelle.',
      'load-error': 'Die Prognose konnte nicht geladen werden',
      columns: { part: 'Teil', level: 'Stand', pace: 'Tempo', due: 'Fällig' },
      pace: '−{{value}} Punkte pro Tag',
      steady: 'Kein Verschleiß',
      unknown: 'Unbekannt',
      overdue: 'Überfällig seit {{date}}',
      'due-now': 'Jetzt fällig',
      trend_one:
        'Gemessener Luftwechsel in Auto: {{value}} 1/h pro Woche seit dem letzten Filterwechsel ({{count}} Abklingvorgang).',
      trend_other:
        'Gemessener Luftwechsel in Auto: {{value}} 1/h pro Woche seit dem letzten Filterwechsel ({{count}} Abklingvorgänge).',
      'trend-falling': 'Er sinkt, während sich der Filter zusetzt.',
      'trend-unknown_one':
        'Verlauf des gemessenen Luftwechsels: {{count}} Abklingvorgang in Auto seit dem letzten Wechsel, noch nicht genug.',
      'trend-unknown_other':
        'Verlauf des gemessenen Luftwechsels: {{count}} Abklingvorgänge in Auto seit dem letzten Wechsel, noch nicht genug.',
    },
  },
  overview: {
    'air-below': 'Luftwechsel unter dem Ziel: {{measured}} von {{target}} pro Stunde',
    'air-below-named':
      '{{name}} unter dem Ziel: {{measured}} von {{target}} Luftwechseln pro Stunde',
    'air-meets': 'Luftwechsel im Ziel',
  },
  'fleet-view': {
    'air-below': 'Unter ihrem Luftwechselziel',
    'air-below-none': 'Jeder gemessene Luftreiniger erreicht sein Luftwechselziel.',
    'rooms-below_one': 'Raum unter dem Luftwechselziel (von {{measured}} gemessenen)',
    'rooms-below_other': 'Räume unter dem Luftwechselziel (von {{measured}} gemessenen)',
  },
  purifier: {
    parameters: {
      occupants: 'Übliche Anzahl Personen im Raum',
      'occupants-hint':
        'Optional. Ergibt die Reinluft pro Person, verglichen mit ASHRAE 241 und der Lancet-Kommission.',
    },
  },
};
