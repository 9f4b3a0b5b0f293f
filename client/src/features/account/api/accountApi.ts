import type { EditPasswordInput } from '@aircloud/shared/auth';
import type { ApiToken, MediaObject, User, UserUpdateInput } from '@aircloud/shared/users';
import { apiSlice } from '../../../lib/api/apiSlice.ts';
import { reconnectRealtime } from '../../../lib/realtime/socket.ts';

/** Fields a user may change on their own record (the profile panel, the user menu's theme). */
export type MyInformation = Pick<
  UserUpdateInput,
  'firstname' | 'lastname' | 'phone' | 'company' | 'lang' | 'theme' | 'avatar'
>;

/** Calls of the user menu panels: own information, password, reset e-mail, personal API token. */
export const accountApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    editMyPassword: build.mutation<void, EditPasswordInput>({
      query: (body) => ({ url: '/api/me/edit-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
      /** The server ended every session, this one's socket too: rejoin with the new cookie. */
      async onQueryStarted(_input, { queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        reconnectRealtime();
      },
    }),
    sendMyPasswordReset: build.mutation<void, { email: string }>({
      query: (body) => ({ url: '/security/forgot-password', method: 'POST', body }),
      extraOptions: { globalErrors: false },
    }),
    /** The answer is the only time the full token is shown (the panel resets it from the store). */
    generateApiToken: build.mutation<ApiToken, void>({
      query: () => ({ url: '/api/me/generate-api-token', method: 'POST' }),
      extraOptions: { globalErrors: false },
    }),
    /** PUT /api/users/{my ulid}: the server allows it on one's own record. */
    editMyInformation: build.mutation<User, { ulid: string; body: MyInformation }>({
      query: ({ ulid, body }) => ({
        url: `/api/users/${encodeURIComponent(ulid)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['Me'],
      extraOptions: { globalErrors: false },
    }),
    uploadMyAvatar: build.mutation<MediaObject, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/media_objects', method: 'POST', body };
      },
      extraOptions: { globalErrors: false },
    }),
  }),
});

export const {
  useEditMyPasswordMutation,
  useSendMyPasswordResetMutation,
  useGenerateApiTokenMutation,
  useEditMyInformationMutation,
  useUploadMyAvatarMutation,
} = accountApi;
