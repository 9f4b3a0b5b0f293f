import type { Me } from '@aircloud/shared/users';
import { apiSlice } from './apiSlice.ts';
import { LOGOUT_PATH, ME_PATH } from './baseQuery.ts';

/** The current-user calls every layer needs: the guard, the navigation, the panels. */
export const meApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<Me, void>({
      query: () => ME_PATH,
      providesTags: ['Me'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: LOGOUT_PATH }),
    }),
  }),
});

export const { useGetMeQuery, useLogoutMutation } = meApi;
