/** Deutsche Texte der Einladungen: Seite, Senden-Popin, Geräte-Tabs, Fehler, Formularmeldungen. */
export const invitations = {
  purifier: { tabs: { invitations: 'Einladungen' } },
  sensor: { tabs: { invitations: 'Einladungen' } },
  invitations: {
    title: 'Einladungen',
    subtitle:
      'Teilen Sie die Steuerung Ihrer Geräte mit anderen Personen und beantworten Sie deren Einladungen.',
    invite: 'Einladen',
    tabs: { label: 'Einladungen', sent: 'Gesendet', received: 'Empfangen' },
    states: {
      waiting_for_user: 'Wartet auf die Kontoerstellung',
      waiting_for_approval: 'Wartet auf Annahme',
      accepted: 'Angenommen',
    },
    to: 'An {{email}}',
    from: 'Von {{name}} ({{email}})',
    'sent-on': 'Gesendet am {{date}}',
    purifiers: 'Luftreiniger',
    sensors: 'Sensoren',
    actions: {
      accept: 'Annehmen',
      refuse: 'Ablehnen',
      edit: 'Geräte ändern',
      withdraw: 'Zurückziehen',
      revoke: 'Zugriff entziehen',
      leave: 'Freigabe verlassen',
    },
    confirm: {
      cancel: 'Abbrechen',
      refuse: {
        title: 'Diese Einladung ablehnen?',
        body: 'Sie erhalten keinen Zugriff auf die Geräte von {{name}}.',
        confirm: 'Ablehnen',
      },
      withdraw: {
        title: 'Diese Einladung zurückziehen?',
        body: '{{email}} kann sie dann nicht mehr annehmen.',
        confirm: 'Zurückziehen',
      },
      revoke: {
        title: 'Den Zugriff von {{email}} entziehen?',
        body: 'Diese Person verliert sofort die Steuerung der geteilten Geräte.',
        confirm: 'Entziehen',
      },
      leave: {
        title: 'Diese Freigabe verlassen?',
        body: 'Sie verlieren sofort die Steuerung der von {{name}} geteilten Geräte.',
        confirm: 'Verlassen',
      },
    },
    empty: {
      sent: {
        title: 'Keine Einladung gesendet',
        text: 'Laden Sie jemanden per E-Mail ein, damit er einige Ihrer Geräte sehen und steuern kann.',
      },
      received: {
        title: 'Keine Einladung empfangen',
        text: 'Wenn jemand seine Geräte mit Ihnen teilt, erscheint die Einladung hier.',
      },
    },
    'load-error': 'Die Einladungen konnten nicht geladen werden',
    retry: 'Erneut versuchen',
    done: {
      sent_one: 'Einladung gesendet',
      sent_other: '{{count}} Einladungen gesendet',
      accepted: 'Einladung angenommen: Die Geräte stehen jetzt in Ihren Listen',
      refused: 'Einladung abgelehnt',
      withdrawn: 'Einladung zurückgezogen',
      revoked: 'Zugriff entzogen',
      left: 'Sie haben die Freigabe verlassen',
      updated: 'Geteilte Geräte aktualisiert',
    },
    form: {
      title: 'Personen einladen',
      'edit-title': 'Mit {{email}} geteilte Geräte ändern',
      emails: 'E-Mail-Adressen',
      'emails-hint': 'Trennen Sie mehrere Adressen durch Kommas.',
      purifiers: 'Zu teilende Luftreiniger',
      sensors: 'Zu teilende Sensoren',
      'no-purifier': 'Sie besitzen keinen Luftreiniger.',
      'no-sensor': 'Sie besitzen keinen Sensor.',
      'machines-error': 'Ihre Geräte konnten nicht geladen werden',
      submit: 'Einladungen senden',
      save: 'Speichern',
      cancel: 'Abbrechen',
    },
    tab: {
      title: 'Wer hat Zugriff',
      text: 'Zu diesem Gerät eingeladene Personen sehen und steuern es, können es aber weder löschen noch andere einladen.',
      invite: 'Zu diesem Gerät einladen',
      empty: 'Noch hat niemand sonst Zugriff auf dieses Gerät.',
      'not-owner': 'Nur der Eigentümer dieses Geräts verwaltet, wer Zugriff hat.',
    },
    revoked: 'Sie haben keinen Zugriff mehr auf dieses Gerät.',
  },
  error: {
    invitations: {
      'edit-fallback': 'Die Einladung konnte nicht gespeichert werden, bitte erneut versuchen',
    },
  },
  errors: {
    invitation_machine_not_owned: 'Sie können nur Ihre eigenen Geräte teilen',
    invitation_closed: 'Diese Einladung wurde bereits beantwortet oder ist beendet',
  },
  form: {
    emails: {
      required: 'Geben Sie mindestens eine E-Mail-Adresse ein',
      invalid: '{{email}} ist keine gültige E-Mail-Adresse',
      duplicate: '{{email}} kommt mehrfach vor',
      self: 'Sie können sich nicht selbst einladen ({{email}})',
      too_many: 'Höchstens {{max}} Adressen auf einmal',
    },
    machines: { required: 'Wählen Sie mindestens einen Luftreiniger oder Sensor' },
  },
};

/** Die Einladungs-E-Mails (nur serverseitig in `mail` zusammengeführt). */
export const invitationMail = {
  mail: {
    invitation: {
      subject: '{{sender}} teilt Geräte mit Ihnen auf AirCloud',
      preheader: '{{sender}} lädt Sie zur Steuerung ein: {{machines}}.',
      greeting: 'Hallo {{firstname}},',
      body: '{{sender}} lädt Sie ein, diese Geräte auf AirCloud zu sehen und zu steuern: {{machines}}. Nehmen Sie die Einladung auf Ihrer Einladungsseite an oder lehnen Sie sie ab.',
      action: 'Einladung ansehen',
      link_hint:
        'Wenn die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
      ignore:
        'Wenn Sie diese Person nicht kennen, lehnen Sie die Einladung ab oder ignorieren Sie diese E-Mail.',
      signature: 'Das AirCloud-Team',
    },
    invitation_register: {
      subject: '{{sender}} lädt Sie zu AirCloud ein',
      preheader: '{{sender}} lädt Sie zur Steuerung ein: {{machines}}.',
      greeting: 'Hallo,',
      body: '{{sender}} lädt Sie ein, diese Geräte auf AirCloud zu sehen und zu steuern: {{machines}}. Erstellen Sie Ihr Konto mit dieser E-Mail-Adresse: Nach der Aktivierung wartet die Einladung auf Ihrer Einladungsseite.',
      action: 'Mein Konto erstellen',
      link_hint:
        'Wenn die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
      ignore: 'Wenn Sie diese Person nicht kennen, können Sie diese E-Mail ignorieren.',
      signature: 'Das AirCloud-Team',
    },
  },
};
