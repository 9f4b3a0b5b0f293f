/** Mail texts (subjects and bodies) of this language. */
export const mail = {
  activation: {
    subject: 'Aktivieren Sie Ihr AirCloud-Konto',
    preheader: 'Ein Klick, um Ihr AirCloud-Konto zu aktivieren.',
    greeting: 'Hallo {{firstname}},',
    body: 'Willkommen bei AirCloud! Um die Erstellung Ihres Kontos abzuschließen, bestätigen Sie Ihre E-Mail-Adresse über die Schaltfläche unten. Dieser Link meldet Sie auch direkt an.',
    action: 'Mein Konto aktivieren',
    link_hint:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    ignore: 'Wenn Sie kein AirCloud-Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    signature: 'Ihr AirCloud-Team',
  },
  password_reset: {
    subject: 'Setzen Sie Ihr AirCloud-Passwort zurück',
    preheader: 'Ein Link, um ein neues AirCloud-Passwort zu wählen.',
    greeting: 'Hallo {{firstname}},',
    body: 'Wir haben eine Anfrage erhalten, das Passwort Ihres AirCloud-Kontos zurückzusetzen. Wählen Sie über die Schaltfläche unten ein neues Passwort.',
    action: 'Neues Passwort wählen',
    link_hint:
      'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
    ignore:
      'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
    signature: 'Ihr AirCloud-Team',
  },
};
