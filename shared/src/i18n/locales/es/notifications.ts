/** Interface texts of notifications and webhooks (es). */
export const notifications = {
  errors: {
    webhook_url_invalid:
      'Introduzca una dirección web que empiece por http:// o https://, sin usuario ni contraseña',
    webhook_url_private:
      'Esta dirección está en una red privada o local: los webhooks solo pueden llegar a direcciones públicas',
    webhook_url_unresolvable: 'No se encuentra este nombre de host',
    webhook_limit: 'Ya tiene 10 webhooks: elimine uno primero',
    push_endpoint_invalid: 'Indique la dirección https:// de un servicio de notificaciones push',
    push_key_invalid:
      'Las claves push de este navegador no son válidas (clave P-256 y secreto de 16 bytes en base64url)',
    push_subscription_limit:
      'Ya recibe notificaciones push en 20 navegadores: cancele primero una suscripción',
    push_unavailable: 'Las notificaciones push no están configuradas en este servidor',
  },
};

/** Texts of the notification mails (es): one subject and body per event type. */
export const notificationMail = {
  mail: {
    notification: {
      subject_alert_triggered: 'Alerta en {{machine}}: {{measure}} en {{value}}',
      subject_alert_stopped: 'Fin de la alerta en {{machine}}: {{measure}} de vuelta a {{value}}',
      subject_device_offline: '{{machine}} está desconectado',
      subject_device_online: '{{machine}} vuelve a estar conectado',
      subject_maintenance_due: '{{machine}}: {{level}} al {{percent}} %',
      subject_maintenance_soon: '{{machine}}: {{level}} a sustituir hacia el {{due}}',
      subject_air_changes_below: '{{machine}} renueva menos aire del previsto',
      body_alert_triggered:
        'La regla de alerta de {{machine}} se ha activado: {{measure}} alcanzó {{value}}, por encima del umbral de {{threshold}}.',
      body_alert_stopped:
        'La regla de alerta de {{machine}} se ha detenido: {{measure}} ha vuelto a {{value}} (umbral {{threshold}}).',
      subject_alert_stopped_by: 'Fin de la alerta en {{machine}}: detenida por {{name}}',
      body_alert_stopped_by:
        'La regla de alerta de {{machine}} sobre {{measure}} (umbral {{threshold}}) fue detenida por {{name}} ({{reason}}).',
      stop_reason_disabled: 'regla desactivada',
      stop_reason_edited: 'regla modificada',
      stop_reason_deleted: 'regla eliminada',
      stop_reason_unlinked: 'purificador desvinculado del sensor',
      body_device_offline: 'No hay noticias de {{machine}} desde {{since}}.',
      body_device_online: '{{machine}} vuelve a estar conectado (en silencio desde {{since}}).',
      body_maintenance_due:
        'El nivel {{level}} de {{machine}} ha bajado al {{percent}} %: prevea su sustitución.',
      body_maintenance_soon:
        'El nivel {{level}} de {{machine}} está al {{percent}} % y, al ritmo actual, alcanza el nivel de sustitución hacia el {{due}}: prevea su sustitución.',
      body_air_changes_below:
        'Desde hace una semana, el sensor de su sala mide {{ach}} renovaciones de aire por hora de {{machine}} en modo auto, por debajo de las {{target}} configuradas. Un filtro obstruido o una entrada de aire bloqueada suele ser la causa.',
      mode: 'Modo aplicado: {{mode}} en {{purifiers}}.',
      mode_none: 'Modo aplicado: {{mode}} (ningún purificador controlado).',
      suppressed: 'Y {{count}} más desde {{since}}.',
      greeting: 'Hola {{firstname}}:',
      action: 'Abrir',
      preferences: 'Recibe este correo según sus preferencias de notificación.',
      signature: 'El equipo de AirCloud',
    },
  },
};
