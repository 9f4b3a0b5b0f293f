import type { LoginInput, RegistrationInput, ResetPasswordInput } from '@aircloud/shared/auth';
import type { Me, ValidationCode } from '@aircloud/shared/users';
import { apiSlice } from '../../../lib/api/apiSlice.ts';
import { LOGIN_PATH } from '../../../lib/api/baseQuery.ts';

/** Calls of the public screens; their errors are shown inline, never on the Error page. */
export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<void, LoginInput>({
      query: (body) => ({ url: LOGIN_PATH, method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    register: build.mutation<{ ulid: string; email: string }, RegistrationInput>({
      query: (body) => ({ url: '/api/registration', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    resendActivation: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/api/registration/resend', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    forgotPassword: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/security/forgot-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    resetPassword: build.mutation<void, ResetPasswordInput>({
      query: (body) => ({ url: '/security/reset-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    activate: build.mutation<Me, { token: string }>({
      query: (body) => ({ url: '/security/activate', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    getValidationCode: build.query<ValidationCode, string>({
      query: (code) => `/api/validation_codes/${encodeURIComponent(code)}`,
      extraOptions: { globalErrors: false },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useResendActivationMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useActivateMutation,
  useGetValidationCodeQuery,
} = authApi;
