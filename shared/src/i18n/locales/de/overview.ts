/** Texts of the building overview (de). */
export const overview = {
  overview: {
    title: 'Übersicht',
    subtitle: 'Die Luft jedes Raums auf einen Blick, die schlechtesten zuerst, live.',
    filter: 'Nach Luftqualität filtern',
    all: 'Alle',
    'no-data': 'Keine Daten',
    'no-levelled': 'Kein Luftqualitätsmesswert (zuletzt gesehen {{date}})',
    offline: 'Offline seit {{date}}',
    purifiers: 'Luftreiniger dieses Raums',
    'mode-pending': '{{desired}} angefordert, noch {{reported}}',
    display: 'Anzeigemodus',
    'display-exit': 'Anzeigemodus verlassen',
    'display-page': 'Seite {{page}} von {{pages}}, wechselt alle 15 Sekunden',
    'load-error': 'Die Übersicht konnte nicht geladen werden',
    empty: {
      title: 'Noch kein Raum',
      text: 'Ihre Sensoren und die mit Ihnen geteilten erscheinen hier, eine Kachel pro Raum.',
      sensors: 'Zu den Sensoren',
    },
    capped: 'Die ersten {{shown}} von {{total}} Sensoren werden angezeigt.',
    'none-at-level': 'Kein Raum auf dieser Stufe.',
  },
  nav: { overview: 'Übersicht' },
};
