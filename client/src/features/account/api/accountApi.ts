import type { EditPasswordInput } from '@aircloud/shared/auth';
import type { ApiToken } from '@aircloud/shared/users';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** Calls of the user menu panels: own password, reset e-mail, personal API token. */
export const accountApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    editMyPassword: build.mutation<void, EditPasswordInput>({
      query: (body) => ({ url: '/api/me/edit-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    sendMyPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/security/forgot-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    generateApiToken: build.mutation<ApiToken, void>({
      query: () => ({ url: '/api/me/generate-api-token', method: 'POST' }),
      extraOptions: { globalErrors: false },
    }),
  }),
});

export const {
  useEditMyPasswordMutation,
  useSendMyPasswordResetMutation,
  useGenerateApiTokenMutation,
} = accountApi;
