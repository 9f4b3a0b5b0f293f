import { currentLanguage } from '../i18n/i18n.ts';

/** A failed upload as RTK Query errors look, so `errorMessageKey` and field errors read it. */
export interface UploadError {
  status: number | 'FETCH_ERROR';
  data?: unknown;
}

/** A running upload: its result, and a way to abort it. */
export interface Upload<T> {
  done: Promise<T>;
  abort: () => void;
}

/**
 * POSTs `body` (multipart) to `url` through XMLHttpRequest, the one browser API that reports
 * upload progress (`onProgress` gets 0..1), and resolves with the JSON answer. Rejects with an
 * UploadError. The caller makes sure the session is fresh first (the cookie is sent as with every
 * API call).
 */
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Upload<T> {
  const xhr = new XMLHttpRequest();
  const done = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/ld+json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as T);
      else reject({ status: xhr.status, data: xhr.response } satisfies UploadError);
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    xhr.onabort = () => reject({ status: 'FETCH_ERROR' } satisfies UploadError);
    xhr.send(body);
  });
  return { done, abort: () => xhr.abort() };
}
