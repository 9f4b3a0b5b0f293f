/** Texts of firmware files, the Meraki tab and the administrator's view-as-user mode (deep-merged into the catalogue). */
export const operations = {
  firmware: {
    title: 'Firmware',
    subtitle: 'Import the firmware files of the machines and share their public download links.',
    forbidden: 'Firmware management is reserved for technicians and administrators.',
    import: {
      button: 'Import a firmware',
      title: 'Import a firmware',
      description:
        'Give the firmware a name, its version and the purifier models it fits, then choose its file (200 MB at most). The file is published at a public URL.',
      name: 'Name',
      file: 'File',
      'file-hint': 'Any file type, 200 MB at most.',
      version: 'Version',
      'version-hint':
        'For example 2.4.1 or 2.4.1-beta.2: what the purifier reports once it is installed.',
      models: 'Purifier models',
      'models-hint': 'The models this firmware fits (at least one).',
      'file-chosen': '{{name}} · {{size}}',
      submit: 'Import',
      uploading: 'Uploading… {{percent}}',
      progress: 'Upload progress',
      success: 'The firmware {{name}} has been imported',
    },
    columns: {
      name: 'Name',
      date: 'Import date',
      file: 'File',
      url: 'Public URL',
      version: 'Version',
      models: 'Models',
      actions: 'Actions',
    },
    sha256: 'SHA-256: {{hash}}',
    copy: 'Copy the public URL of {{name}}',
    copied: 'Public URL copied',
    'copy-error': 'The URL could not be copied, select it and copy it by hand',
    delete: 'Delete {{name}}',
    'delete-title': 'Delete the firmware {{name}}?',
    'delete-body':
      'The file is removed and its public URL stops working at once. Machines or people using the link will no longer be able to download it.',
    'delete-confirm': 'Delete',
    deleted: 'The firmware {{name}} has been deleted',
    empty: {
      title: 'No firmware yet',
      text: 'Import a first firmware file to get its public download link.',
    },
    'load-error': 'The firmware files could not be loaded',
    retry: 'Try again',
  },
  meraki: {
    title: 'Network management (Cisco Meraki)',
    intro:
      'Meraki MT sensor alerts can drive this purifier: an air-quality alert switches it to auto; when it ends, the purifier goes back to the mode it had before (unless someone or the schedule changed it meanwhile). Alerts of switches, access points and appliances are logged and change nothing.',
    'webhook-url': 'Webhook URL',
    'shared-secret': 'Shared secret',
    'secret-owner-only':
      "Only the purifier's owner sees the shared secret: whoever knows it can switch the purifier without an account.",
    'copy-url': 'Copy the webhook URL',
    'other-host':
      "The webhook URL above uses the configured public address {{configured}}, while this page is open at {{origin}}. Meraki's cloud must reach the URL you paste: keep the one above, unless Meraki reaches this service at {{origin}}; then use this one.",
    'webhook-url-here': 'Webhook URL at {{origin}}',
    'copy-url-here': 'Copy the webhook URL at this address',
    'copy-secret': 'Copy the shared secret',
    copied: 'Copied',
    'copy-error': 'The value could not be copied, select it and copy it by hand',
    'show-secret': 'Show the secret',
    'hide-secret': 'Hide the secret',
    rotate: 'Generate a new secret',
    'rotate-title': 'Generate a new shared secret?',
    'rotate-body':
      'The current secret stops working at once: Meraki alerts are refused until you paste the new secret in the Meraki dashboard.',
    'rotate-confirm': 'Generate',
    rotated: 'A new shared secret has been generated',
    'unreadable-title': 'The shared secret can no longer be read',
    'unreadable-body':
      "The server's key has changed since it was made. Generate a new secret, then paste it in the Meraki dashboard: Meraki alerts are refused until then.",
    'settings-error': 'The webhook settings could not be loaded',
    setup: {
      title: 'Setting up the Meraki dashboard',
      'step-1': 'In the Meraki dashboard, open Network-wide › Configure › Alerts.',
      'step-2':
        'Under Webhooks, add an HTTP server: give it a name, paste the webhook URL above and the shared secret, and keep the default payload template (Meraki (JSON)).',
      'step-3':
        'Under Sensors › Alert profiles, create or edit a profile for the sensor near this purifier (CO2, PM2.5, TVOC, noise, indoor air quality, temperature or humidity) and add the HTTP server as a recipient.',
      'step-4': 'Use “Send test webhook” to check: the event appears below within seconds.',
    },
    history: {
      title: 'Event history',
      empty: 'No event received yet.',
      error: 'The event history could not be loaded',
      live: 'Updates live',
    },
    columns: {
      date: 'Date',
      mode: 'Mode',
      type: 'Alert type',
      details: 'Details',
    },
    modes: {
      auto: 'Auto',
      silent: 'Silent',
      unknown: 'Unknown',
    },
    types: {
      unknown: 'Unknown',
      temperature: 'Temperature',
      humidity: 'Humidity',
      co2: 'CO2',
      real_co2: 'Real CO2',
      tvoc: 'TVOC',
      pm25: 'PM2.5',
      ambient_noise: 'Ambient noise',
      iaq_index: 'Indoor air quality index',
    },
    applied: 'Applied to the purifier',
    'not-applied': 'No change',
    ongoing: 'Alert going on',
    ended: 'Ended after {{duration}}',
    'end-applied': 'back to the earlier mode',
    'end-not-applied': 'mode kept (changed meanwhile)',
    'end-without-start': 'End of an alert whose start was not received: no change',
    duration: {
      seconds: '{{count}} s',
      minutes: '{{count}} min',
      hours: '{{hours}} h {{minutes}} min',
      days: '{{days}} d {{hours}} h',
    },
    refused: 'Refused: {{reason}}',
  },
  'view-as-user': {
    banner: 'You are currently viewing the products of user',
    back: 'Back to administration',
    tabs: {
      label: 'Products of the user',
      purifiers: 'Purifiers',
      sensors: 'Sensors',
    },
    loading: 'Loading…',
  },
  users: {
    list: {
      'view-products': 'View products',
      'view-products-label': 'View the products of {{name}}',
    },
  },
  purifier: {
    tabs: {
      meraki: 'Meraki',
    },
  },
  errors: {
    rollout_state: 'This rollout cannot do that in its current state',
    firmware_in_rollout: 'This firmware is being rolled out: abort the rollout before deleting it',
    'firmware-size': 'The file must not exceed 200 MB',
    invalid_webhook_body: 'The webhook body is missing required fields',
    device_unauthorized: 'Unknown device or wrong device secret',
    meraki_secret_unreadable:
      "The shared secret of this purifier can no longer be read (the server's key has changed): generate a new one and paste it in the Meraki dashboard",
  },
};
