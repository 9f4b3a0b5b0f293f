/** Error, validation and form texts of this language; missing keys fall back to English. */
export const errors = {};
export const validation = {};
export const form = {};
