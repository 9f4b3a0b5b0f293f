import type {
  ChangeProductKeyStateInput,
  GenerateProductKeysInput,
  ProductKey,
  ProductKeyBatch,
  ProductKeyFilter,
} from '@aircloud/shared/product-keys';
import type { HydraCollection } from '@aircloud/shared/jsonld';
import { apiSlice } from '../../../lib/api/apiSlice.ts';

/** Query of the key list; empty values are left out of the URL. */
export interface ProductKeysListArgs extends ProductKeyFilter {
  page: number;
}

/** What the export sends: a selection of ids, or every key matching a filter. */
export type ProductKeysExportArgs = { ids: string[] } | { filter: ProductKeyFilter };

function listParams({ page, search, state, model }: ProductKeysListArgs) {
  const params: Record<string, string> = { page: String(page) };
  if (search) params.search = search;
  if (state) params.state = state;
  if (model) params.model = model;
  return params;
}

/** Key management calls (technicians and admins); every error stays inline. */
export const productKeysApi = apiSlice
  .enhanceEndpoints({ addTagTypes: ['ProductKey'] })
  .injectEndpoints({
    endpoints: (build) => ({
      listProductKeys: build.query<HydraCollection<ProductKey>, ProductKeysListArgs>({
        query: (args) => ({ url: '/api/product_keys', params: listParams(args) }),
        providesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      generateProductKeys: build.mutation<ProductKeyBatch, GenerateProductKeysInput>({
        query: (body) => ({ url: '/api/product_keys/generate', method: 'POST', body }),
        invalidatesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      exportProductKeys: build.mutation<string, ProductKeysExportArgs>({
        query: (body) => ({
          url: '/api/product_keys/export',
          method: 'POST',
          body,
          headers: { Accept: 'text/csv' },
          responseHandler: 'text',
        }),
        invalidatesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      changeProductKeyState: build.mutation<
        ProductKey,
        { ulid: string } & ChangeProductKeyStateInput
      >({
        query: ({ ulid, state }) => ({
          url: `/api/product_keys/${ulid}`,
          method: 'PATCH',
          body: { state },
        }),
        invalidatesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      regenerateProductKey: build.mutation<ProductKey, string>({
        query: (ulid) => ({ url: `/api/product_keys/${ulid}/regenerate`, method: 'POST' }),
        invalidatesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
      unlinkProductKey: build.mutation<ProductKey, string>({
        query: (ulid) => ({ url: `/api/product_keys/${ulid}/unlink`, method: 'POST' }),
        invalidatesTags: [{ type: 'ProductKey', id: 'LIST' }],
        extraOptions: { globalErrors: false },
      }),
    }),
  });

export const {
  useListProductKeysQuery,
  useGenerateProductKeysMutation,
  useExportProductKeysMutation,
  useChangeProductKeyStateMutation,
  useRegenerateProductKeyMutation,
  useUnlinkProductKeyMutation,
} = productKeysApi;
