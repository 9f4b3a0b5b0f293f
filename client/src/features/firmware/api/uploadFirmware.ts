import type { Firmware } from '@aircloud/shared/firmware';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

/** A failed upload as RTK Query errors look, so `errorMessageKey` and field errors read it. */
export interface UploadError {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/** A running upload: its result, and a way to abort it. */
export interface FirmwareUpload {
  done: Promise<Firmware>;
  abort: () => void;
}

/**
 * POST /api/firmwares through XMLHttpRequest, the one browser API that reports upload progress
 * (`onProgress` gets 0..1). Rejects with an UploadError. The caller makes sure the session is
 * fresh first (the cookie is sent as with every API call).
 */
export function uploadFirmware(
  name: string,
  file: File,
  onProgress: (fraction: number) => void,
): FirmwareUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Firmware>((resolve, reject) => {
    xhr.open('POST', '/api/firmwares');
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/ld+json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as Firmware);
      else reject({ status: xhr.status, data: xhr.response } satisfies UploadError);
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    const body = new FormData();
    // The name first: the server reads it before the file streams in.
    body.append('name', name);
    body.append('file', file);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
