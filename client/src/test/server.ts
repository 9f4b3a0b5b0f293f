import { setupServer } from 'msw/node';

/** The MSW server of the client tests; each test adds its handlers. */
export const server = setupServer();
