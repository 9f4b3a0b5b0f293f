/** Interface texts of notifications and webhooks (en). */
export const notifications = {
  errors: {
    webhook_url_invalid:
      'Enter a web address starting with http:// or https://, without a user name or password',
    webhook_url_private:
      'This address is on a private or local network: webhooks can only reach public addresses',
    webhook_url_unresolvable: 'This host name cannot be found',
    webhook_limit: 'You already have 10 webhooks: delete one first',
    push_endpoint_invalid: 'Enter the https:// address of a push service',
    push_key_invalid:
      "This browser's push keys are not valid (base64url P-256 key and 16-byte secret)",
    push_subscription_limit:
      'You already receive push notifications on 20 browsers: unsubscribe one first',
    push_unavailable: 'Push notifications are not set up on this server',
  },
};

/** Texts of the notification mails (en): one subject and body per event type. */
export const notificationMail = {
  mail: {
    notification: {
      subject_alert_triggered: 'Alert on {{machine}}: {{measure}} at {{value}}',
      subject_alert_stopped: 'Alert over on {{machine}}: {{measure}} back to {{value}}',
      subject_device_offline: '{{machine}} is offline',
      subject_device_online: '{{machine}} is back online',
      subject_maintenance_due: '{{machine}}: {{level}} at {{percent}} %',
      subject_maintenance_soon: '{{machine}}: {{level}} due around {{due}}',
      subject_air_changes_below: '{{machine}} delivers less air than its setting',
      body_alert_triggered:
        'The alert rule of {{machine}} triggered: {{measure}} reached {{value}}, above the threshold of {{threshold}}.',
      body_alert_stopped:
        'The alert rule of {{machine}} stopped: {{measure}} is back to {{value}} (threshold {{threshold}}).',
      subject_alert_stopped_by: 'Alert over on {{machine}}: stopped by {{name}}',
      body_alert_stopped_by:
        'The alert rule of {{machine}} on {{measure}} (threshold {{threshold}}) was stopped by {{name}} ({{reason}}).',
      stop_reason_disabled: 'rule disabled',
      stop_reason_edited: 'rule edited',
      stop_reason_deleted: 'rule deleted',
      stop_reason_unlinked: 'purifier unlinked from the sensor',
      body_device_offline: '{{machine}} has not been heard from since {{since}}.',
      body_device_online: '{{machine}} is online again (silent since {{since}}).',
      body_maintenance_due:
        'The {{level}} level of {{machine}} is down to {{percent}} %: plan its replacement.',
      body_maintenance_soon:
        'The {{level}} level of {{machine}} is at {{percent}} % and, at its current pace, reaches the replacement level around {{due}}: plan its replacement.',
      body_air_changes_below:
        'For a week, the sensor of its room has measured {{ach}} air changes an hour from {{machine}} in auto, under the {{target}} it is set for. A clogged filter or a blocked intake is the usual cause.',
      mode: 'Mode applied: {{mode}} on {{purifiers}}.',
      mode_none: 'Mode applied: {{mode}} (no purifier driven).',
      suppressed: 'And {{count}} more since {{since}}.',
      greeting: 'Hello {{firstname}},',
      action: 'Open',
      preferences: 'You receive this e-mail according to your notification preferences.',
      signature: 'The AirCloud team',
    },
  },
};
