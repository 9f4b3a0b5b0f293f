/** Texts of firmware files, the Meraki tab and the view-as-user mode (deep-merged into the catalogue). */
export const operations = {
  firmware: {
    title: 'Firmware',
    subtitle:
      'Importe los archivos de firmware de las máquinas y comparta sus enlaces públicos de descarga.',
    forbidden: 'La gestión del firmware está reservada a técnicos y administradores.',
    import: {
      button: 'Importar un firmware',
      title: 'Importar un firmware',
      description:
        'Dé al firmware un nombre, su versión y los modelos de purificador a los que corresponde, y luego elija su archivo (200 MB como máximo). El archivo se publica en una URL pública.',
      name: 'Nombre',
      file: 'Archivo',
      'file-hint': 'Cualquier tipo de archivo, 200 MB como máximo.',
      version: 'Versión',
      'version-hint':
        'Por ejemplo 2.4.1 o 2.4.1-beta.2: lo que el purificador indica una vez instalado.',
      models: 'Modelos de purificador',
      'models-hint': 'Los modelos a los que corresponde este firmware (al menos uno).',
      'file-chosen': '{{name}} · {{size}}',
      submit: 'Importar',
      uploading: 'Subiendo… {{percent}}',
      progress: 'Progreso de la subida',
      success: 'El firmware {{name}} se ha importado',
    },
    columns: {
      name: 'Nombre',
      date: 'Fecha de importación',
      file: 'Archivo',
      url: 'URL pública',
      version: 'Versión',
      models: 'Modelos',
      actions: 'Acciones',
    },
    sha256: 'SHA-256: {{hash}}',
    copy: 'Copiar la URL pública de {{name}}',
    copied: 'URL pública copiada',
    'copy-error': 'No se ha podido copiar la URL, selecciónela y cópiela a mano',
    delete: 'Eliminar {{name}}',
    'delete-title': '¿Eliminar el firmware {{name}}?',
    'delete-body':
      'El archivo se elimina y su URL pública deja de funcionar de inmediato. Las máquinas o personas que usen el enlace ya no podrán descargarlo.',
    'delete-confirm': 'Eliminar',
    deleted: 'El firmware {{name}} se ha eliminado',
    empty: {
      title: 'Todavía no hay firmware',
      text: 'Importe un primer archivo de firmware para obtener su enlace público de descarga.',
    },
    'load-error': 'No se han podido cargar los archivos de firmware',
    retry: 'Reintentar',
  },
  meraki: {
    title: 'Gestión de red (Cisco Meraki)',
    intro:
      'Las alertas de los sensores Meraki MT pueden controlar este purificador: una alerta de calidad del aire lo pasa a auto; cuando termina, el purificador vuelve al modo que tenía antes (salvo que alguien o la programación lo haya cambiado entretanto). Las alertas de switches, puntos de acceso y appliances se registran y no cambian nada.',
    'webhook-url': 'URL del webhook',
    'shared-secret': 'Secreto compartido',
    'secret-owner-only':
      'Solo el propietario del purificador ve el secreto compartido: quien lo conoce puede cambiar el purificador sin cuenta.',
    'copy-url': 'Copiar la URL del webhook',
    'other-host':
      'La URL del webhook de arriba usa la dirección pública configurada {{configured}}, pero esta página está abierta en {{origin}}. La nube de Meraki debe alcanzar la URL que pegue: conserve la de arriba, salvo que Meraki alcance este servicio en {{origin}}; entonces use esta.',
    'webhook-url-here': 'URL del webhook en {{origin}}',
    'copy-url-here': 'Copiar la URL del webhook en esta dirección',
    'copy-secret': 'Copiar el secreto compartido',
    copied: 'Copiado',
    'copy-error': 'No se ha podido copiar el valor, selecciónelo y cópielo a mano',
    'show-secret': 'Mostrar el secreto',
    'hide-secret': 'Ocultar el secreto',
    rotate: 'Generar un nuevo secreto',
    'rotate-title': '¿Generar un nuevo secreto compartido?',
    'rotate-body':
      'El secreto actual deja de funcionar de inmediato: las alertas de Meraki se rechazarán hasta que pegue el nuevo secreto en el panel de Meraki.',
    'rotate-confirm': 'Generar',
    rotated: 'Se ha generado un nuevo secreto compartido',
    'unreadable-title': 'El secreto compartido ya no se puede leer',
    'unreadable-body':
      'La clave del servidor ha cambiado desde que se creó. Genere un nuevo secreto y péguelo en el panel de Meraki: hasta entonces se rechazan las alertas de Meraki.',
    'settings-error': 'No se han podido cargar los ajustes del webhook',
    setup: {
      title: 'Configuración del panel de Meraki',
      'step-1': 'En el panel de Meraki, abra Network-wide › Configure › Alerts.',
      'step-2':
        'En Webhooks, añada un servidor HTTP: póngale un nombre, pegue la URL del webhook anterior y el secreto compartido, y mantenga la plantilla de contenido por defecto (Meraki (JSON)).',
      'step-3':
        'En Sensors › Alert profiles, cree o edite un perfil para el sensor cercano a este purificador (CO2, PM2.5, TVOC, ruido, calidad del aire interior, temperatura o humedad) y añada el servidor HTTP como destinatario.',
      'step-4':
        'Use «Send test webhook» para comprobarlo: el evento aparece abajo en pocos segundos.',
    },
    history: {
      title: 'Historial de eventos',
      empty: 'Todavía no se ha recibido ningún evento.',
      error: 'No se ha podido cargar el historial de eventos',
      live: 'Actualización en directo',
    },
    columns: {
      date: 'Fecha',
      mode: 'Modo',
      type: 'Tipo de alerta',
      details: 'Detalles',
    },
    modes: {
      auto: 'Auto',
      silent: 'Silencio',
      unknown: 'Desconocido',
    },
    types: {
      unknown: 'Desconocido',
      temperature: 'Temperatura',
      humidity: 'Humedad',
      co2: 'CO2',
      real_co2: 'CO2 real',
      tvoc: 'TVOC',
      pm25: 'PM2.5',
      ambient_noise: 'Ruido ambiente',
      iaq_index: 'Índice de calidad del aire interior',
    },
    applied: 'Aplicado al purificador',
    'not-applied': 'Sin cambios',
    ongoing: 'Alerta en curso',
    ended: 'Terminada tras {{duration}}',
    'end-applied': 'vuelta al modo anterior',
    'end-not-applied': 'modo conservado (cambiado entretanto)',
    'end-without-start': 'Fin de una alerta cuyo inicio no se recibió: sin cambios',
    duration: {
      seconds: '{{count}} s',
      minutes: '{{count}} min',
      hours: '{{hours}} h {{minutes}} min',
      days: '{{days}} d {{hours}} h',
    },
    refused: 'Rechazado: {{reason}}',
  },
  'view-as-user': {
    banner: 'Está viendo los productos del usuario',
    back: 'Volver a la administración',
    tabs: {
      label: 'Productos del usuario',
      purifiers: 'Purificadores',
      sensors: 'Sensores',
    },
    loading: 'Cargando…',
  },
  users: {
    list: {
      'view-products': 'Ver los productos',
      'view-products-label': 'Ver los productos de {{name}}',
    },
  },
  purifier: {
    tabs: {
      meraki: 'Meraki',
    },
  },
  errors: {
    rollout_state: 'Este despliegue no puede hacer eso en su estado actual',
    firmware_in_rollout:
      'Este firmware se está desplegando: cancele el despliegue antes de eliminarlo',
    'firmware-size': 'El archivo no debe superar los 200 MB',
    invalid_webhook_body: 'Al cuerpo del webhook le faltan campos obligatorios',
    device_unauthorized: 'Dispositivo desconocido o secreto del dispositivo incorrecto',
    meraki_secret_unreadable:
      'El secreto compartido de este purificador ya no se puede leer (la clave del servidor ha cambiado): genere uno nuevo y péguelo en el panel de Meraki',
  },
};
