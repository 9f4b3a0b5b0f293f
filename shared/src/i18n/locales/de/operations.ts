/** Texts of firmware files, the Meraki tab and the view-as-user mode (deep-merged into the catalogue). */
export const operations = {
  firmware: {
    title: 'Firmware',
    subtitle:
      'Importieren Sie die Firmware-Dateien der Geräte und teilen Sie ihre öffentlichen Download-Links.',
    forbidden: 'Die Firmware-Verwaltung ist Technikern und Administratoren vorbehalten.',
    import: {
      button: 'Firmware importieren',
      title: 'Firmware importieren',
      description:
        'Geben Sie der Firmware einen Namen, ihre Version und die Luftreinigermodelle, für die sie passt, und wählen Sie dann ihre Datei (höchstens 200 MB). Die Datei wird unter einer öffentlichen URL veröffentlicht.',
      name: 'Name',
      file: 'Datei',
      'file-hint': 'Beliebiger Dateityp, höchstens 200 MB.',
      version: 'Version',
      'version-hint':
        'Zum Beispiel 2.4.1 oder 2.4.1-beta.2: das, was der Luftreiniger nach der Installation meldet.',
      models: 'Luftreinigermodelle',
      'models-hint': 'Die Modelle, für die diese Firmware passt (mindestens eines).',
      'file-chosen': '{{name}} · {{size}}',
      submit: 'Importieren',
      uploading: 'Wird hochgeladen… {{percent}}',
      progress: 'Fortschritt des Hochladens',
      success: 'Die Firmware {{name}} wurde importiert',
    },
    columns: {
      name: 'Name',
      date: 'Importdatum',
      file: 'Datei',
      url: 'Öffentliche URL',
      version: 'Version',
      models: 'Modelle',
      actions: 'Aktionen',
    },
    sha256: 'SHA-256: {{hash}}',
    copy: 'Öffentliche URL von {{name}} kopieren',
    copied: 'Öffentliche URL kopiert',
    'copy-error': 'Die URL konnte nicht kopiert werden, markieren und kopieren Sie sie von Hand',
    delete: '{{name}} löschen',
    'delete-title': 'Die Firmware {{name}} löschen?',
    'delete-body':
      'Die Datei wird entfernt und ihre öffentliche URL funktioniert sofort nicht mehr. Geräte oder Personen, die den Link verwenden, können sie nicht mehr herunterladen.',
    'delete-confirm': 'Löschen',
    deleted: 'Die Firmware {{name}} wurde gelöscht',
    empty: {
      title: 'Noch keine Firmware',
      text: 'Importieren Sie eine erste Firmware-Datei, um ihren öffentlichen Download-Link zu erhalten.',
    },
    'load-error': 'Die Firmware-Dateien konnten nicht geladen werden',
    retry: 'Erneut versuchen',
  },
  meraki: {
    title: 'Netzwerkverwaltung (Cisco Meraki)',
    intro:
      'Alarme von Meraki-MT-Sensoren können diesen Luftreiniger steuern: Ein Luftqualitätsalarm schaltet ihn auf Auto; endet er, kehrt der Luftreiniger zum vorherigen Modus zurück (außer jemand oder der Zeitplan hat ihn inzwischen geändert). Alarme von Switches, Access Points und Appliances werden protokolliert und ändern nichts.',
    'webhook-url': 'Webhook-URL',
    'shared-secret': 'Gemeinsames Geheimnis',
    'secret-owner-only':
      'Nur der Eigentümer des Luftreinigers sieht das gemeinsame Geheimnis: Wer es kennt, kann den Luftreiniger ohne Konto schalten.',
    'copy-url': 'Webhook-URL kopieren',
    'other-host':
      'Die Webhook-URL oben nutzt die konfigurierte öffentliche Adresse {{configured}}, diese Seite ist aber unter {{origin}} geöffnet. Die Meraki-Cloud muss die eingefügte URL erreichen: Behalten Sie die obige, außer Meraki erreicht diesen Dienst unter {{origin}}; dann nutzen Sie diese.',
    'webhook-url-here': 'Webhook-URL unter {{origin}}',
    'copy-url-here': 'Webhook-URL unter dieser Adresse kopieren',
    'copy-secret': 'Gemeinsames Geheimnis kopieren',
    copied: 'Kopiert',
    'copy-error': 'Der Wert konnte nicht kopiert werden, markieren und kopieren Sie ihn von Hand',
    'show-secret': 'Geheimnis anzeigen',
    'hide-secret': 'Geheimnis ausblenden',
    rotate: 'Neues Geheimnis erzeugen',
    'rotate-title': 'Ein neues gemeinsames Geheimnis erzeugen?',
    'rotate-body':
      'Das aktuelle Geheimnis funktioniert sofort nicht mehr: Meraki-Alarme werden abgelehnt, bis Sie das neue Geheimnis im Meraki-Dashboard eintragen.',
    'rotate-confirm': 'Erzeugen',
    rotated: 'Ein neues gemeinsames Geheimnis wurde erzeugt',
    'unreadable-title': 'Das gemeinsame Geheimnis ist nicht mehr lesbar',
    'unreadable-body':
      'Der Schlüssel des Servers hat sich seit seiner Erzeugung geändert. Erzeugen Sie ein neues Geheimnis und fügen Sie es im Meraki-Dashboard ein: Bis dahin werden Meraki-Warnungen abgelehnt.',
    'settings-error': 'Die Webhook-Einstellungen konnten nicht geladen werden',
    setup: {
      title: 'Einrichtung im Meraki-Dashboard',
      'step-1': 'Öffnen Sie im Meraki-Dashboard Network-wide › Configure › Alerts.',
      'step-2':
        'Fügen Sie unter Webhooks einen HTTP-Server hinzu: Geben Sie ihm einen Namen, fügen Sie die obige Webhook-URL und das gemeinsame Geheimnis ein und behalten Sie die Standard-Payload-Vorlage (Meraki (JSON)) bei.',
      'step-3':
        'Erstellen oder bearbeiten Sie unter Sensors › Alert profiles ein Profil für den Sensor in der Nähe dieses Luftreinigers (CO2, PM2.5, TVOC, Lärm, Raumluftqualität, Temperatur oder Luftfeuchtigkeit) und fügen Sie den HTTP-Server als Empfänger hinzu.',
      'step-4':
        'Prüfen Sie es mit „Send test webhook“: Das Ereignis erscheint innerhalb von Sekunden unten.',
    },
    history: {
      title: 'Ereignisverlauf',
      empty: 'Noch kein Ereignis empfangen.',
      error: 'Der Ereignisverlauf konnte nicht geladen werden',
      live: 'Live-Aktualisierung',
    },
    columns: {
      date: 'Datum',
      mode: 'Modus',
      type: 'Alarmtyp',
      details: 'Details',
    },
    modes: {
      auto: 'Auto',
      silent: 'Leise',
      unknown: 'Unbekannt',
    },
    types: {
      unknown: 'Unbekannt',
      temperature: 'Temperatur',
      humidity: 'Luftfeuchtigkeit',
      co2: 'CO2',
      real_co2: 'Echtes CO2',
      tvoc: 'TVOC',
      pm25: 'PM2.5',
      ambient_noise: 'Umgebungslärm',
      iaq_index: 'Raumluftqualitätsindex',
    },
    applied: 'Auf den Luftreiniger angewendet',
    'not-applied': 'Keine Änderung',
    ongoing: 'Alarm läuft',
    ended: 'Beendet nach {{duration}}',
    'end-applied': 'zurück zum vorherigen Modus',
    'end-not-applied': 'Modus beibehalten (inzwischen geändert)',
    'end-without-start': 'Ende eines Alarms, dessen Beginn nicht empfangen wurde: keine Änderung',
    duration: {
      seconds: '{{count}} s',
      minutes: '{{count}} min',
      hours: '{{hours}} h {{minutes}} min',
      days: '{{days}} T {{hours}} h',
    },
    refused: 'Abgelehnt: {{reason}}',
  },
  'view-as-user': {
    banner: 'Sie sehen gerade die Produkte des Benutzers',
    back: 'Zurück zur Verwaltung',
    tabs: {
      label: 'Produkte des Benutzers',
      purifiers: 'Luftreiniger',
      sensors: 'Sensoren',
    },
    loading: 'Wird geladen…',
  },
  users: {
    list: {
      'view-products': 'Produkte ansehen',
      'view-products-label': 'Die Produkte von {{name}} ansehen',
    },
  },
  purifier: {
    tabs: {
      meraki: 'Meraki',
    },
  },
  errors: {
    rollout_state: 'Dieser Rollout kann das in seinem aktuellen Zustand nicht tun',
    firmware_in_rollout:
      'Diese Firmware wird gerade ausgerollt: Brechen Sie den Rollout ab, bevor Sie sie löschen',
    'firmware-size': 'Die Datei darf höchstens 200 MB groß sein',
    invalid_webhook_body: 'Im Webhook-Inhalt fehlen Pflichtfelder',
    device_unauthorized: 'Unbekanntes Gerät oder falsches Geräte-Geheimnis',
    meraki_secret_unreadable:
      'Das gemeinsame Geheimnis dieses Luftreinigers ist nicht mehr lesbar (der Schlüssel des Servers hat sich geändert): Erzeugen Sie ein neues und fügen Sie es im Meraki-Dashboard ein',
  },
};
