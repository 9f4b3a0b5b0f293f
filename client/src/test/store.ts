import { createAppStore, type RootState } from '../app/store.ts';

/**
 * A fresh store of the client for a test that renders one component or calls the api: tests of
 * components/, lib/ and features/ get the app's store from the test harness, not from app/.
 */
export function createTestStore(preloadedState?: Partial<RootState>) {
  return createAppStore(preloadedState);
}
