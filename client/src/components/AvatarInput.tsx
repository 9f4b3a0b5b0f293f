import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_MIME_TYPES } from '@aircloud/shared/avatars';
import { catalogueKeyOf, httpStatusOf, violationsOf } from '../lib/api/errorMessage.ts';
import { FileInput } from './FileInput.tsx';

/** What the user picked: a new image, the removal of the current one, or nothing yet. */
export interface AvatarChoice {
  file: File | null;
  removed: boolean;
}

export const NO_AVATAR_CHANGE: AvatarChoice = { file: null, removed: false };

/** Why a picked file is refused before any upload: catalogue keys of spec section 8. */
export type AvatarRefusal = 'image_type' | 'image-size';

/** Checks a picked image against the accepted types and the size limit. */
export function checkAvatarFile(file: File): AvatarRefusal | null {
  if (!(AVATAR_MIME_TYPES as readonly string[]).includes(file.type)) return 'image_type';
  if (file.size > AVATAR_MAX_BYTES) return 'image-size';
  return null;
}

/** The catalogue code of a refused upload (POST /api/media_objects): image-size, image_type... */
export function avatarUploadRefusal(error: unknown): string {
  const violation = violationsOf(error).find((v) => v.propertyPath === 'file');
  if (violation) return violation.code;
  if (httpStatusOf(error) === 413) return 'image-size';
  return catalogueKeyOf(error) ?? 'generic';
}

/** The first bytes of a PNG, a JPEG and a WebP image (RIFF….WEBP), as the server checks them. */
function looksLikeImage(bytes: Uint8Array): boolean {
  const starts = (signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
  return (
    starts([0x89, 0x50, 0x4e, 0x47]) ||
    starts([0xff, 0xd8, 0xff]) ||
    (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
  );
}

/**
 * Checks a picked file at once: its declared type and size, then its first bytes, so a text or
 * PDF file renamed `.png` is refused on pick rather than shown as a broken image.
 */
export async function checkPickedAvatar(file: File): Promise<AvatarRefusal | null> {
  const refusal = checkAvatarFile(file);
  if (refusal) return refusal;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return looksLikeImage(head) ? null : 'image_type';
}

/** An avatar URL at one of the square sizes the server crops (64, 128, 256). */
export function avatarUrl(contentUrl: string, size: 64 | 128 | 256): string {
  return `${contentUrl}${contentUrl.includes('?') ? '&' : '?'}size=${size}`;
}

function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Avatar picker with preview: PNG, JPEG or WebP up to the size limit, checked before upload
 * (the server checks again). The owner uploads the chosen file when the form is saved.
 */
export function AvatarInput({
  id,
  currentUrl,
  initials,
  choice,
  onChange,
  onRefused,
  describedBy,
}: {
  id: string;
  /** Content URL of the avatar on the server, or null. */
  currentUrl: string | null;
  initials: string;
  choice: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
  onRefused: (reason: AvatarRefusal) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const preview = usePreview(choice.file);
  const shown = choice.file
    ? preview
    : choice.removed || !currentUrl
      ? null
      : avatarUrl(currentUrl, 128);

  // An image that cannot be drawn (a stored avatar gone, a file the browser cannot decode) shows
  // the initials, never the browser's broken-image alt text inside the circle.
  const [broken, setBroken] = useState<string | null>(null);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be picked again after a refusal.
    event.target.value = '';
    if (!file) return;
    const refusal = await checkPickedAvatar(file);
    if (refusal) onRefused(refusal);
    else onChange({ file, removed: false });
  };

  return (
    <div className="avatar-input">
      <span className="avatar avatar--xlarge" data-testid="avatar-preview">
        {shown && shown !== broken ? (
          <img
            src={shown}
            alt={t('avatar.preview')}
            onError={() => {
              setBroken(shown);
              if (choice.file) onRefused('image_type');
            }}
          />
        ) : (
          initials
        )}
      </span>
      <div className="avatar-input__actions">
        <FileInput
          id={id}
          file={choice.file}
          hideStatus
          buttonLabel={t('avatar.choose')}
          accept={AVATAR_MIME_TYPES.join(',')}
          aria-describedby={describedBy}
          onChange={(event) => void pick(event)}
        />
        {shown || choice.file ? (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => onChange({ file: null, removed: Boolean(currentUrl) })}
          >
            {t('avatar.remove')}
          </button>
        ) : null}
        <p className="field__hint avatar-input__hint">{t('avatar.hint')}</p>
      </div>
    </div>
  );
}
