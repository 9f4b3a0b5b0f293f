/** Mail texts (subjects and bodies) of this language. */
export const mail = {
  activation: {
    subject: 'Active su cuenta de AirCloud',
    preheader: 'Un clic para activar su cuenta de AirCloud.',
    greeting: 'Hola, {{firstname}}:',
    body: '¡Bienvenido a AirCloud! Para terminar de crear su cuenta, confirme su dirección de correo electrónico con el botón de abajo. Este enlace también inicia su sesión.',
    action: 'Activar mi cuenta',
    link_hint: 'Si el botón no funciona, copie este enlace en su navegador:',
    ignore: 'Si no ha creado una cuenta de AirCloud, puede ignorar este correo.',
    signature: 'El equipo de AirCloud',
  },
  password_reset: {
    subject: 'Restablezca su contraseña de AirCloud',
    preheader: 'Un enlace para elegir una nueva contraseña de AirCloud.',
    greeting: 'Hola, {{firstname}}:',
    body: 'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de AirCloud. Elija una nueva contraseña con el botón de abajo.',
    action: 'Elegir una nueva contraseña',
    link_hint: 'Si el botón no funciona, copie este enlace en su navegador:',
    ignore: 'Si no ha solicitado esto, ignore este correo: su contraseña no cambia.',
    signature: 'El equipo de AirCloud',
  },
};
