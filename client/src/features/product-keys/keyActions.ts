import {
  PRODUCT_KEY_MANUAL_TRANSITIONS,
  type ProductKeyState,
} from '@aircloud/shared/product-keys';

/** What a technician can do to one key from the list. */
export type KeyAction = 'block' | 'unblock' | 'regenerate' | 'unlink';

const canBecome = (target: keyof typeof PRODUCT_KEY_MANUAL_TRANSITIONS, from: ProductKeyState) =>
  (PRODUCT_KEY_MANUAL_TRANSITIONS[target] as readonly ProductKeyState[]).includes(from);

/**
 * The actions that are legal for a key in `state` (docs/api-purifiers.md): block from generated
 * or exported, back to generated from blocked, regenerate unless activated, unlink when activated.
 */
export function legalKeyActions(state: ProductKeyState): KeyAction[] {
  const actions: KeyAction[] = [];
  if (canBecome('blocked', state)) actions.push('block');
  if (canBecome('generated', state)) actions.push('unblock');
  if (state !== 'activated') actions.push('regenerate');
  if (state === 'activated') actions.push('unlink');
  return actions;
}

/** The pill modifier of each key state. */
export const KEY_STATE_PILL: Record<ProductKeyState, string> = {
  generated: 'pill pill--info',
  exported: 'pill pill--warning',
  activated: 'pill pill--ok',
  blocked: 'pill pill--alert',
};
