import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { oneOf, useListQuery } from '../../../lib/navigation/useListQuery.ts';
import { ForbiddenState } from '../../../components/ForbiddenState.tsx';
import { hasRole } from '@aircloud/shared/roles';
import {
  PRODUCT_KEY_MODELS,
  PRODUCT_KEY_STATES,
  type ProductKeyFilter,
  type ProductKeyModel,
  type ProductKeyState,
} from '@aircloud/shared/product-keys';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { SearchInput } from '../../../components/SearchInput.tsx';
import { useAppSelector } from '../../../lib/storeHooks.ts';
import { GenerateKeysPopin } from './GenerateKeysPopin.tsx';
import { ProductKeyList } from './ProductKeyList.tsx';
import '../productKeys.css';

/** Reads and writes the list filters in the URL query, so a filtered list can be shared. */
function useKeyFilters() {
  const { params, page, update } = useListQuery();
  const filter: ProductKeyFilter = {
    search: params.get('search') ?? undefined,
    state: oneOf<ProductKeyState>(PRODUCT_KEY_STATES, params.get('state')),
    model: oneOf<ProductKeyModel>(PRODUCT_KEY_MODELS, params.get('model')),
  };
  return { filter, page, update };
}

/** Key management (ProductKeys): technicians and administrators only. */
export function ProductKeysPage() {
  const { t } = useTranslation();
  const role = useAppSelector((state) => state.session.user?.role);
  const { filter, page, update } = useKeyFilters();
  const [generating, setGenerating] = useState(false);

  if (!hasRole(role, 'ROLE_TECHNICIAN')) {
    return <ForbiddenState text={t('product-keys.forbidden')} />;
  }

  const filtered = Boolean(filter.search || filter.state || filter.model);

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1>{t('product-keys.title')}</h1>
          <p className="page-header__subtitle">{t('product-keys.subtitle')}</p>
        </div>
        <Button onClick={() => setGenerating(true)}>
          <Icon name="plus" size={18} />
          {t('product-keys.generate.button')}
        </Button>
      </header>
      <div className="toolbar">
        <SearchInput
          value={filter.search ?? ''}
          label={t('product-keys.search')}
          onSearch={(search) => update({ search })}
        />
        <label className="visually-hidden" htmlFor="pk-state">
          {t('product-keys.state-filter')}
        </label>
        <select
          id="pk-state"
          className="input"
          value={filter.state ?? ''}
          onChange={(event) => update({ state: event.target.value })}
        >
          <option value="">{t('product-keys.all-states')}</option>
          {PRODUCT_KEY_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`product-keys.states.${state}`)}
            </option>
          ))}
        </select>
        <label className="visually-hidden" htmlFor="pk-model">
          {t('product-keys.model-filter')}
        </label>
        <select
          id="pk-model"
          className="input"
          value={filter.model ?? ''}
          onChange={(event) => update({ model: event.target.value })}
        >
          <option value="">{t('product-keys.all-models')}</option>
          {PRODUCT_KEY_MODELS.map((model) => (
            <option key={model} value={model}>
              {t(`product-models.${model}`)}
            </option>
          ))}
        </select>
      </div>
      {/* A new filter starts a new selection. */}
      <ProductKeyList
        key={`${filter.search ?? ''}|${filter.state ?? ''}|${filter.model ?? ''}`}
        filter={filter}
        page={page}
        filtered={filtered}
        onPage={(next) => update({ page: next })}
        onClearFilters={() => update({ search: undefined, state: undefined, model: undefined })}
        onGenerate={() => setGenerating(true)}
      />
      {generating ? <GenerateKeysPopin open onClose={() => setGenerating(false)} /> : null}
    </div>
  );
}
