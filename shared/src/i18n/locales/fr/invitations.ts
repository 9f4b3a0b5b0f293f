/** Textes français des invitations : page, popin d'envoi, onglets des machines, erreurs, formulaire. */
export const invitations = {
  purifier: { tabs: { invitations: 'Invitations' } },
  sensor: { tabs: { invitations: 'Invitations' } },
  invitations: {
    title: 'Invitations',
    subtitle:
      "Partagez le contrôle de vos machines avec d'autres personnes et répondez à leurs invitations.",
    invite: 'Inviter',
    tabs: { label: 'Invitations', sent: 'Envoyées', received: 'Reçues' },
    states: {
      waiting_for_user: 'En attente de la création du compte',
      waiting_for_approval: "En attente d'acceptation",
      accepted: 'Acceptée',
    },
    to: 'À {{email}}',
    from: 'De {{name}} ({{email}})',
    'sent-on': 'Envoyée le {{date}}',
    purifiers: 'Purificateurs',
    sensors: 'Capteurs',
    actions: {
      accept: 'Accepter',
      refuse: 'Refuser',
      edit: 'Modifier les machines',
      withdraw: 'Retirer',
      revoke: "Révoquer l'accès",
      leave: 'Quitter ce partage',
    },
    confirm: {
      cancel: 'Annuler',
      refuse: {
        title: 'Refuser cette invitation ?',
        body: "Vous n'aurez pas accès aux machines de {{name}}.",
        confirm: 'Refuser',
      },
      withdraw: {
        title: 'Retirer cette invitation ?',
        body: '{{email}} ne pourra plus l’accepter.',
        confirm: 'Retirer',
      },
      revoke: {
        title: "Révoquer l'accès de {{email}} ?",
        body: 'Cette personne perd immédiatement le contrôle des machines partagées.',
        confirm: 'Révoquer',
      },
      leave: {
        title: 'Quitter ce partage ?',
        body: 'Vous perdez immédiatement le contrôle des machines partagées par {{name}}.',
        confirm: 'Quitter',
      },
    },
    empty: {
      sent: {
        title: 'Aucune invitation envoyée',
        text: "Invitez quelqu'un par e-mail pour lui permettre de voir et piloter certaines de vos machines.",
      },
      received: {
        title: 'Aucune invitation reçue',
        text: "Quand quelqu'un partage ses machines avec vous, l'invitation apparaît ici.",
      },
    },
    'load-error': "Les invitations n'ont pas pu être chargées",
    retry: 'Réessayer',
    done: {
      sent_one: 'Invitation envoyée',
      sent_other: '{{count}} invitations envoyées',
      accepted: 'Invitation acceptée : les machines sont maintenant dans vos listes',
      refused: 'Invitation refusée',
      withdrawn: 'Invitation retirée',
      revoked: 'Accès révoqué',
      left: 'Vous avez quitté le partage',
      updated: 'Machines partagées mises à jour',
    },
    form: {
      title: 'Inviter des personnes',
      'edit-title': 'Modifier les machines partagées avec {{email}}',
      emails: 'Adresses e-mail',
      'emails-hint': 'Séparez plusieurs adresses par des virgules.',
      purifiers: 'Purificateurs à partager',
      sensors: 'Capteurs à partager',
      'no-purifier': "Vous n'avez aucun purificateur.",
      'no-sensor': "Vous n'avez aucun capteur.",
      'machines-error': "Vos machines n'ont pas pu être chargées",
      submit: 'Envoyer les invitations',
      save: 'Enregistrer',
      cancel: 'Annuler',
    },
    tab: {
      title: 'Qui a accès',
      text: "Les personnes invitées sur cette machine la voient et la pilotent, mais ne peuvent ni la supprimer ni inviter d'autres personnes.",
      invite: 'Inviter sur cette machine',
      empty: "Personne d'autre n'a encore accès à cette machine.",
      'not-owner': 'Seul le propriétaire de cette machine gère qui y a accès.',
    },
    revoked: "Vous n'avez plus accès à cette machine.",
  },
  error: {
    invitations: {
      'edit-fallback': "L'invitation n'a pas pu être enregistrée, réessayez",
    },
  },
  errors: {
    invitation_machine_not_owned: 'Vous ne pouvez partager que vos propres machines',
    invitation_closed: 'Cette invitation a déjà reçu une réponse ou a pris fin',
  },
  form: {
    emails: {
      required: 'Saisissez au moins une adresse e-mail',
      invalid: "{{email}} n'est pas une adresse e-mail valide",
      duplicate: '{{email}} apparaît plusieurs fois',
      self: 'Vous ne pouvez pas vous inviter vous-même ({{email}})',
      too_many: 'Au plus {{max}} adresses à la fois',
    },
    machines: { required: 'Sélectionnez au moins un purificateur ou un capteur' },
  },
};

/** Les e-mails d'invitation (fusionnés dans `mail` côté serveur seulement). */
export const invitationMail = {
  mail: {
    invitation: {
      subject: '{{sender}} partage des machines avec vous sur AirCloud',
      preheader: '{{sender}} vous invite à piloter : {{machines}}.',
      greeting: 'Bonjour {{firstname}},',
      body: '{{sender}} vous invite à voir et piloter ces machines sur AirCloud : {{machines}}. Acceptez ou refusez l’invitation depuis votre page d’invitations.',
      action: "Voir l'invitation",
      link_hint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      ignore:
        "Si vous ne connaissez pas cette personne, refusez l'invitation ou ignorez cet e-mail.",
      signature: "L'équipe AirCloud",
    },
    invitation_register: {
      subject: '{{sender}} vous invite sur AirCloud',
      preheader: '{{sender}} vous invite à piloter : {{machines}}.',
      greeting: 'Bonjour,',
      body: '{{sender}} vous invite à voir et piloter ces machines sur AirCloud : {{machines}}. Créez votre compte avec cette adresse e-mail : une fois activé, l’invitation vous attend sur votre page d’invitations.',
      action: 'Créer mon compte',
      link_hint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
      ignore: 'Si vous ne connaissez pas cette personne, vous pouvez ignorer cet e-mail.',
      signature: "L'équipe AirCloud",
    },
  },
};
