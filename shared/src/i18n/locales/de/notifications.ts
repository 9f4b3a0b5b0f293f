/** Interface texts of notifications and webhooks (de). */
export const notifications = {
  errors: {
    webhook_url_invalid:
      'Geben Sie eine Webadresse mit http:// oder https:// ein, ohne Benutzername oder Passwort',
    webhook_url_private:
      'Diese Adresse liegt in einem privaten oder lokalen Netz: Webhooks erreichen nur öffentliche Adressen',
    webhook_url_unresolvable: 'Dieser Hostname wurde nicht gefunden',
    webhook_limit: 'Sie haben bereits 10 Webhooks: löschen Sie zuerst einen',
    push_endpoint_invalid: 'Geben Sie die https://-Adresse eines Push-Dienstes an',
    push_key_invalid:
      'Die Push-Schlüssel dieses Browsers sind ungültig (base64url-P-256-Schlüssel und 16-Byte-Geheimnis)',
    push_subscription_limit:
      'Sie erhalten Push-Benachrichtigungen bereits in 20 Browsern: Melden Sie zuerst einen ab',
    push_unavailable: 'Push-Benachrichtigungen sind auf diesem Server nicht eingerichtet',
  },
};

/** Texts of the notification mails (de): one subject and body per event type. */
export const notificationMail = {
  mail: {
    notification: {
      subject_alert_triggered: 'Alarm bei {{machine}}: {{measure}} bei {{value}}',
      subject_alert_stopped: 'Alarm beendet bei {{machine}}: {{measure}} wieder bei {{value}}',
      subject_device_offline: '{{machine}} ist offline',
      subject_device_online: '{{machine}} ist wieder online',
      subject_maintenance_due: '{{machine}}: {{level}} bei {{percent}} %',
      subject_maintenance_soon: '{{machine}}: {{level}} um den {{due}} fällig',
      subject_air_changes_below: '{{machine}} liefert weniger Luft als eingestellt',
      body_alert_triggered:
        'Die Alarmregel von {{machine}} hat ausgelöst: {{measure}} erreichte {{value}}, über dem Schwellenwert von {{threshold}}.',
      body_alert_stopped:
        'Die Alarmregel von {{machine}} wurde beendet: {{measure}} ist wieder bei {{value}} (Schwellenwert {{threshold}}).',
      subject_alert_stopped_by: 'Alarm beendet bei {{machine}}: von {{name}} beendet',
      body_alert_stopped_by:
        'Die Alarmregel von {{machine}} für {{measure}} (Schwellenwert {{threshold}}) wurde von {{name}} beendet ({{reason}}).',
      stop_reason_disabled: 'Regel deaktiviert',
      stop_reason_edited: 'Regel geändert',
      stop_reason_deleted: 'Regel gelöscht',
      stop_reason_unlinked: 'Luftreiniger vom Sensor getrennt',
      body_device_offline: '{{machine}} hat sich seit {{since}} nicht mehr gemeldet.',
      body_device_online: '{{machine}} ist wieder online (still seit {{since}}).',
      body_maintenance_due:
        'Der Stand {{level}} von {{machine}} ist auf {{percent}} % gesunken: planen Sie den Austausch.',
      body_maintenance_soon:
        'Der Stand {{level}} von {{machine}} liegt bei {{percent}} % und erreicht beim jetzigen Tempo um den {{due}} den Austauschstand: planen Sie den Austausch.',
      body_air_changes_below:
        'Seit einer Woche misst der Sensor seines Raums {{ach}} Luftwechsel pro Stunde von {{machine}} im Automatikmodus, unter den eingestellten {{target}}. Meist ist ein verstopfter Filter oder eine blockierte Ansaugung die Ursache.',
      mode: 'Angewendeter Modus: {{mode}} auf {{purifiers}}.',
      mode_none: 'Angewendeter Modus: {{mode}} (kein Luftreiniger gesteuert).',
      suppressed: 'Und {{count}} weitere seit {{since}}.',
      greeting: 'Hallo {{firstname}},',
      action: 'Öffnen',
      preferences: 'Sie erhalten diese E-Mail gemäß Ihren Benachrichtigungseinstellungen.',
      signature: 'Ihr AirCloud-Team',
    },
  },
};
