import type { Language } from '@aircloud/shared/constants';
import type { TranslationCatalogue, TranslationOverride } from '@aircloud/shared/translations';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

const api = apiSlice.enhanceEndpoints({ addTagTypes: ['Translation'] });

/** The translations screen's calls (admins): the whole catalogue, save and revert an override. */
export const translationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTranslations: build.query<TranslationCatalogue, void>({
      query: () => '/api/translations',
      providesTags: ['Translation'],
      extraOptions: { globalErrors: false },
    }),
    saveTranslation: build.mutation<
      TranslationOverride,
      { lang: Language; key: string; text: string }
    >({
      query: ({ lang, key, text }) => ({
        url: `/api/translations/${lang}/${encodeURIComponent(key)}`,
        method: 'PUT',
        body: { text },
      }),
      // The catalogue is large: patch the one row rather than download it again.
      async onQueryStarted({ lang, key }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(
          translationsApi.util.updateQueryData('getTranslations', undefined, (draft) => {
            const row = draft['hydra:member'].find((r) => r.key === key);
            if (row) row.overrides[lang] = data.text;
          }),
        );
      },
      extraOptions: { globalErrors: false },
    }),
    revertTranslation: build.mutation<void, { lang: Language; key: string }>({
      query: ({ lang, key }) => ({
        url: `/api/translations/${lang}/${encodeURIComponent(key)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ lang, key }, { dispatch, queryFulfilled }) {
        await queryFulfilled;
        dispatch(
          translationsApi.util.updateQueryData('getTranslations', undefined, (draft) => {
            const row = draft['hydra:member'].find((r) => r.key === key);
            if (row) delete row.overrides[lang];
          }),
        );
      },
      extraOptions: { globalErrors: false },
    }),
  }),
});

export const { useGetTranslationsQuery, useSaveTranslationMutation, useRevertTranslationMutation } =
  translationsApi;
