/** Interface texts of notifications and webhooks (fr). */
export const notifications = {
  errors: {
    webhook_url_invalid:
      'Saisissez une adresse web commençant par http:// ou https://, sans nom d’utilisateur ni mot de passe',
    webhook_url_private:
      'Cette adresse est sur un réseau privé ou local : les webhooks ne peuvent joindre que des adresses publiques',
    webhook_url_unresolvable: 'Ce nom d’hôte est introuvable',
    webhook_limit: 'Vous avez déjà 10 webhooks : supprimez-en un d’abord',
    push_endpoint_invalid: 'Indiquez l’adresse https:// d’un service de notifications push',
    push_key_invalid:
      'Les clés push de ce navigateur ne sont pas valides (clé P-256 et secret de 16 octets en base64url)',
    push_subscription_limit:
      'Vous recevez déjà les notifications push sur 20 navigateurs : désabonnez-en un d’abord',
    push_unavailable: 'Les notifications push ne sont pas configurées sur ce serveur',
  },
};

/** Texts of the notification mails (fr): one subject and body per event type. */
export const notificationMail = {
  mail: {
    notification: {
      subject_alert_triggered: 'Alerte sur {{machine}} : {{measure}} à {{value}}',
      subject_alert_stopped: 'Fin d’alerte sur {{machine}} : {{measure}} revenu à {{value}}',
      subject_device_offline: '{{machine}} est hors ligne',
      subject_device_online: '{{machine}} est de nouveau en ligne',
      subject_maintenance_due: '{{machine}} : {{level}} à {{percent}} %',
      subject_maintenance_soon: '{{machine}} : {{level}} à remplacer vers le {{due}}',
      subject_air_changes_below: "{{machine}} renouvelle moins d'air que prévu",
      body_alert_triggered:
        'La règle d’alerte de {{machine}} s’est déclenchée : {{measure}} a atteint {{value}}, au-dessus du seuil de {{threshold}}.',
      body_alert_stopped:
        'La règle d’alerte de {{machine}} s’est arrêtée : {{measure}} est revenu à {{value}} (seuil {{threshold}}).',
      subject_alert_stopped_by: 'Fin d’alerte sur {{machine}} : arrêtée par {{name}}',
      body_alert_stopped_by:
        'La règle d’alerte de {{machine}} sur {{measure}} (seuil {{threshold}}) a été arrêtée par {{name}} ({{reason}}).',
      stop_reason_disabled: 'règle désactivée',
      stop_reason_edited: 'règle modifiée',
      stop_reason_deleted: 'règle supprimée',
      stop_reason_unlinked: 'purificateur détaché du capteur',
      body_device_offline: '{{machine}} ne donne plus de nouvelles depuis le {{since}}.',
      body_device_online: '{{machine}} est de nouveau en ligne (silencieux depuis le {{since}}).',
      body_maintenance_due:
        'Le niveau {{level}} de {{machine}} est descendu à {{percent}} % : prévoyez son remplacement.',
      body_maintenance_soon:
        'Le niveau {{level}} de {{machine}} est à {{percent}} % et, au rythme actuel, atteint le niveau de remplacement vers le {{due}} : prévoyez son remplacement.',
      body_air_changes_below:
        "Depuis une semaine, le capteur de sa pièce mesure {{ach}} renouvellements d'air par heure pour {{machine}} en mode auto, sous les {{target}} réglés. Un filtre encrassé ou une entrée d'air obstruée en est la cause habituelle.",
      mode: 'Mode appliqué : {{mode}} sur {{purifiers}}.',
      mode_none: 'Mode appliqué : {{mode}} (aucun purificateur piloté).',
      suppressed: 'Et {{count}} autres depuis {{since}}.',
      greeting: 'Bonjour {{firstname}},',
      action: 'Ouvrir',
      preferences: 'Vous recevez cet e-mail selon vos préférences de notification.',
      signature: 'L’équipe AirCloud',
    },
  },
};
