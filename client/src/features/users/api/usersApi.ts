import type { Role } from '@aircloud/shared/roles';
import type { MediaObject, User, UserUpdateInput, UserWriteInput } from '@aircloud/shared/users';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** GET /api/users as this screen reads it (a hydra collection of users). */
export interface UserCollection {
  'hydra:member': User[];
  'hydra:totalItems': number;
}

/** The list query kept in the URL: page from 1, optional search and role. */
export interface UsersListArgs {
  page: number;
  search: string;
  role: Role | '';
}

/** A POST body: the write schema's input, identity fields left out. */
export type UserCreateBody = Omit<Partial<UserWriteInput>, '@id' | '@type' | 'ulid'> &
  Pick<UserWriteInput, 'firstname' | 'lastname' | 'email' | 'role'>;

const api = apiSlice.enhanceEndpoints({ addTagTypes: ['User'] });

/** User administration calls (admins), shared by the list, the dialog and the edit screens. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserCollection, UsersListArgs>({
      query: ({ page, search, role }) => ({
        url: '/api/users',
        params: { page, ...(search ? { search } : {}), ...(role ? { role } : {}) },
      }),
      providesTags: (result) => [
        { type: 'User', id: 'LIST' },
        ...(result?.['hydra:member'] ?? []).map((user) => ({
          type: 'User' as const,
          id: user.ulid,
        })),
      ],
      extraOptions: { globalErrors: false },
    }),
    getUser: build.query<User, string>({
      query: (ulid) => `/api/users/${encodeURIComponent(ulid)}`,
      providesTags: (_result, _error, ulid) => [{ type: 'User', id: ulid }],
      extraOptions: { globalErrors: false },
    }),
    createUser: build.mutation<User, UserCreateBody>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
      extraOptions: { globalErrors: false },
    }),
    updateUser: build.mutation<User, { ulid: string; body: UserUpdateInput }>({
      query: ({ ulid, body }) => ({
        url: `/api/users/${encodeURIComponent(ulid)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_result, _error, { ulid }) => [
        { type: 'User', id: ulid },
        { type: 'User', id: 'LIST' },
      ],
      extraOptions: { globalErrors: false },
    }),
    deleteUser: build.mutation<void, string>({
      query: (ulid) => ({ url: `/api/users/${encodeURIComponent(ulid)}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
      extraOptions: { globalErrors: false },
    }),
    uploadUserAvatar: build.mutation<MediaObject, File>({
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
  useListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
  useUploadUserAvatarMutation,
} = usersApi;
