import { avatarUploadRefusal, type AvatarChoice } from '../../../components/AvatarInput.tsx';
import { useUploadUserAvatarMutation } from '../api/usersApi.ts';

/** The avatar to send: an uploaded media IRI, null to remove it, undefined to keep it. */
export type AvatarOutcome = { avatar: string | null | undefined } | { refusal: string };

/** Uploads the chosen avatar (POST /api/media_objects) before the user is saved. */
export function useAvatarUpload() {
  const [upload, { isLoading }] = useUploadUserAvatarMutation();
  const resolve = async (choice: AvatarChoice): Promise<AvatarOutcome> => {
    if (choice.file) {
      const result = await upload(choice.file);
      if (result.error || !result.data) return { refusal: avatarUploadRefusal(result.error) };
      return { avatar: result.data['@id'] };
    }
    return { avatar: choice.removed ? null : undefined };
  };
  return { resolve, uploading: isLoading };
}
