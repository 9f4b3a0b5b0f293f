import { useTranslation } from 'react-i18next';
import type { SPINNER_SIZES } from '@aircloud/shared/constants';

export type SpinnerSize = (typeof SPINNER_SIZES)[number];

/** A loading indicator in one of the sizes of spec section 9 (20, 24, 32, 48). */
export function Spinner({ size = 24, label }: { size?: SpinnerSize; label?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`spinner spinner--${size}`}
      role="status"
      aria-label={label ?? t('common.loading')}
    />
  );
}

/** A centred spinner for a whole page or panel while it loads. */
export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner size={48} />
    </div>
  );
}
