import { useEffect, useState } from 'react';
import { Icon } from './Icon.tsx';

const COPIED_INDICATOR_MS = 2000;

/**
 * An icon button that copies `value` to the clipboard; its icon turns into a check for a moment
 * once copied. `onError` is told when the browser refuses.
 */
export function CopyButton({
  value,
  label,
  copiedLabel,
  onError,
  className,
}: {
  value: string;
  label: string;
  copiedLabel: string;
  onError?: () => void;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      onError?.();
    }
  };

  return (
    <button
      type="button"
      className={`icon-button copy-field__button${copied ? ' is-copied' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => void copy()}
      aria-label={copied ? copiedLabel : label}
      title={copied ? copiedLabel : label}
      data-copied={copied || undefined}
    >
      <Icon name={copied ? 'check' : 'copy'} />
    </button>
  );
}
