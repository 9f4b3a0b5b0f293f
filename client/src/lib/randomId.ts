/** A random 10-digit number, the id format of spec section 9. */
export function randomId(): number {
  return 1_000_000_000 + Math.floor(Math.random() * 9_000_000_000);
}
