/** Mail texts (subjects and bodies) of this language. */
export const mail = {
  activation: {
    subject: 'Activez votre compte AirCloud',
    preheader: 'Un clic pour activer votre compte AirCloud.',
    greeting: 'Bonjour {{firstname}},',
    body: 'Bienvenue sur AirCloud ! Pour terminer la création de votre compte, confirmez votre adresse e-mail avec le bouton ci-dessous. Ce lien vous connecte aussi directement.',
    action: 'Activer mon compte',
    link_hint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    ignore: "Si vous n'avez pas créé de compte AirCloud, vous pouvez ignorer cet e-mail.",
    signature: "L'équipe AirCloud",
  },
  password_reset: {
    subject: 'Réinitialisez votre mot de passe AirCloud',
    preheader: 'Un lien pour choisir un nouveau mot de passe AirCloud.',
    greeting: 'Bonjour {{firstname}},',
    body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte AirCloud. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
    action: 'Choisir un nouveau mot de passe',
    link_hint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
    ignore:
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    signature: "L'équipe AirCloud",
  },
};
