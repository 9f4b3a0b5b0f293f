/** Textos en español de las invitaciones: página, popin de envío, pestañas de máquinas, errores. */
export const invitations = {
  purifier: { tabs: { invitations: 'Invitaciones' } },
  sensor: { tabs: { invitations: 'Invitaciones' } },
  invitations: {
    title: 'Invitaciones',
    subtitle:
      'Comparta el control de sus máquinas con otras personas y responda a sus invitaciones.',
    invite: 'Invitar',
    tabs: { label: 'Invitaciones', sent: 'Enviadas', received: 'Recibidas' },
    states: {
      waiting_for_user: 'Esperando a que la persona cree su cuenta',
      waiting_for_approval: 'Esperando aceptación',
      accepted: 'Aceptada',
    },
    to: 'Para {{email}}',
    from: 'De {{name}} ({{email}})',
    'sent-on': 'Enviada el {{date}}',
    purifiers: 'Purificadores',
    sensors: 'Sensores',
    actions: {
      accept: 'Aceptar',
      refuse: 'Rechazar',
      edit: 'Cambiar máquinas',
      withdraw: 'Retirar',
      revoke: 'Revocar el acceso',
      leave: 'Abandonar este uso compartido',
    },
    confirm: {
      cancel: 'Cancelar',
      refuse: {
        title: '¿Rechazar esta invitación?',
        body: 'No tendrá acceso a las máquinas de {{name}}.',
        confirm: 'Rechazar',
      },
      withdraw: {
        title: '¿Retirar esta invitación?',
        body: '{{email}} ya no podrá aceptarla.',
        confirm: 'Retirar',
      },
      revoke: {
        title: '¿Revocar el acceso de {{email}}?',
        body: 'Esta persona pierde de inmediato el control de las máquinas compartidas.',
        confirm: 'Revocar',
      },
      leave: {
        title: '¿Abandonar este uso compartido?',
        body: 'Pierde de inmediato el control de las máquinas compartidas por {{name}}.',
        confirm: 'Abandonar',
      },
    },
    empty: {
      sent: {
        title: 'Ninguna invitación enviada',
        text: 'Invite a alguien por correo para que pueda ver y controlar algunas de sus máquinas.',
      },
      received: {
        title: 'Ninguna invitación recibida',
        text: 'Cuando alguien comparta sus máquinas con usted, la invitación aparecerá aquí.',
      },
    },
    'load-error': 'No se pudieron cargar las invitaciones',
    retry: 'Reintentar',
    done: {
      sent_one: 'Invitación enviada',
      sent_other: '{{count}} invitaciones enviadas',
      accepted: 'Invitación aceptada: las máquinas ya están en sus listas',
      refused: 'Invitación rechazada',
      withdrawn: 'Invitación retirada',
      revoked: 'Acceso revocado',
      left: 'Ha abandonado el uso compartido',
      updated: 'Máquinas compartidas actualizadas',
    },
    form: {
      title: 'Invitar a personas',
      'edit-title': 'Cambiar las máquinas compartidas con {{email}}',
      emails: 'Direcciones de correo',
      'emails-hint': 'Separe varias direcciones con comas.',
      purifiers: 'Purificadores que compartir',
      sensors: 'Sensores que compartir',
      'no-purifier': 'No tiene ningún purificador.',
      'no-sensor': 'No tiene ningún sensor.',
      'machines-error': 'No se pudieron cargar sus máquinas',
      submit: 'Enviar las invitaciones',
      save: 'Guardar',
      cancel: 'Cancelar',
    },
    tab: {
      title: 'Quién tiene acceso',
      text: 'Las personas invitadas a esta máquina la ven y la controlan, pero no pueden eliminarla ni invitar a otros.',
      invite: 'Invitar a esta máquina',
      empty: 'Nadie más tiene acceso a esta máquina todavía.',
      'not-owner': 'Solo el propietario de esta máquina gestiona quién tiene acceso.',
    },
    revoked: 'Ya no tiene acceso a esta máquina.',
  },
  error: {
    invitations: {
      'edit-fallback': 'No se pudo guardar la invitación, inténtelo de nuevo',
    },
  },
  errors: {
    invitation_machine_not_owned: 'Solo puede compartir sus propias máquinas',
    invitation_closed: 'Esta invitación ya fue respondida o ha terminado',
  },
  form: {
    emails: {
      required: 'Introduzca al menos una dirección de correo',
      invalid: '{{email}} no es una dirección de correo válida',
      duplicate: '{{email}} aparece más de una vez',
      self: 'No puede invitarse a sí mismo ({{email}})',
      too_many: 'Como máximo {{max}} direcciones a la vez',
    },
    machines: { required: 'Seleccione al menos un purificador o un sensor' },
  },
};

/** Los correos de invitación (fusionados en `mail` solo en el servidor). */
export const invitationMail = {
  mail: {
    invitation: {
      subject: '{{sender}} comparte máquinas con usted en AirCloud',
      preheader: '{{sender}} le invita a controlar: {{machines}}.',
      greeting: 'Hola {{firstname}}:',
      body: '{{sender}} le invita a ver y controlar estas máquinas en AirCloud: {{machines}}. Acepte o rechace la invitación en su página de invitaciones.',
      action: 'Ver la invitación',
      link_hint: 'Si el botón no funciona, copie este enlace en su navegador:',
      ignore: 'Si no conoce a esta persona, rechace la invitación o ignore este correo.',
      signature: 'El equipo de AirCloud',
    },
    invitation_register: {
      subject: '{{sender}} le invita a AirCloud',
      preheader: '{{sender}} le invita a controlar: {{machines}}.',
      greeting: 'Hola:',
      body: '{{sender}} le invita a ver y controlar estas máquinas en AirCloud: {{machines}}. Cree su cuenta con esta dirección de correo: una vez activada, la invitación le espera en su página de invitaciones.',
      action: 'Crear mi cuenta',
      link_hint: 'Si el botón no funciona, copie este enlace en su navegador:',
      ignore: 'Si no conoce a esta persona, puede ignorar este correo.',
      signature: 'El equipo de AirCloud',
    },
  },
};
