import type { MediaObject } from '@aircloud/shared/users';
import { iri } from '@aircloud/core/jsonld';

/** Where the image of a media object is served. */
export function mediaContentUrl(id: string): string {
  return `${iri('media_objects', id)}/content`;
}

/** The POST /api/media_objects answer. */
export function mediaObjectPresenter(media: { id: string }): MediaObject {
  return {
    '@id': iri('media_objects', media.id),
    '@type': 'MediaObject',
    content_url: mediaContentUrl(media.id),
  };
}
