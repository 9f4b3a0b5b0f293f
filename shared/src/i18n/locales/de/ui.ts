/** Interface texts of this language, one top-level key per screen or component. */
export const ui = {};
