/**
 * The dialog's save failure text (spec section 8): the registration namespace's message for an
 * e-mail already in use, else its generic error.
 */
export function dialogSaveErrorKey(catalogueKey: string | null): string {
  return catalogueKey === 'email_address_already_exists'
    ? 'registration.email_address_already_exists'
    : 'registration.error';
}

/** Server refusals that have their own clearer message than the generic one. */
const SPECIFIC = new Set(['forbidden', 'last_admin', 'too_many_requests', 'network-error']);

/** The notification raised when a save fails: the server's own rule when it has one. */
export function saveFailureNoticeKey(catalogueKey: string | null): string {
  return catalogueKey && SPECIFIC.has(catalogueKey)
    ? `errors.${catalogueKey}`
    : dialogSaveErrorKey(catalogueKey);
}
