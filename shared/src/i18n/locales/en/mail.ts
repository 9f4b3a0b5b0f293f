/** Mail texts (subjects and bodies) of this language. */
export const mail = {
  activation: {
    subject: 'Activate your AirCloud account',
    preheader: 'One click to activate your AirCloud account.',
    greeting: 'Hello {{firstname}},',
    body: 'Welcome to AirCloud! To finish creating your account, confirm your e-mail address with the button below. This link also signs you in.',
    action: 'Activate my account',
    link_hint: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not create an AirCloud account, you can ignore this e-mail.',
    signature: 'The AirCloud team',
  },
  password_reset: {
    subject: 'Reset your AirCloud password',
    preheader: 'A link to choose a new AirCloud password.',
    greeting: 'Hello {{firstname}},',
    body: 'We received a request to reset the password of your AirCloud account. Choose a new password with the button below.',
    action: 'Choose a new password',
    link_hint: 'If the button does not work, copy this link into your browser:',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays the same.',
    signature: 'The AirCloud team',
  },
};
