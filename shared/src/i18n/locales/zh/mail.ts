/** Mail texts (subjects and bodies) of this language. */
export const mail = {};
