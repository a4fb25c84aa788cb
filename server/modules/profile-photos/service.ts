import { fileUrl } from '../../../contracts/files.ts';
import type { Profile } from '../../../contracts/profiles.ts';
import { toProfilePhoto } from '../../lib/files/images.ts';
import type { FilesService } from '../files/index.ts';
import type { ProfilesService } from '../profiles/index.ts';

/** Profile photos: an upload is checked by its bytes, re-encoded, stored, and the profile pointed at it. */
export function createProfilePhotosService(files: FilesService, profiles: ProfilesService) {
  return {
    /**
     * Replaces the owner's photo with `upload`, re-encoded as a WebP square; only the re-encoded bytes are
     * stored. Anything refused (not an image, too many pixels, damaged) changes nothing.
     */
    async replace(ownerKey: string, upload: Buffer): Promise<Profile> {
      // Someone with no profile must not leave a stored file behind.
      await profiles.get(ownerKey, ownerKey);
      const photo = await toProfilePhoto(upload);
      const hash = await files.save(photo.bytes, photo);
      return profiles.setPhoto(ownerKey, fileUrl(hash));
    },

    /** Clears the owner's photo; their initials show instead. */
    async remove(ownerKey: string): Promise<Profile> {
      return profiles.setPhoto(ownerKey, null);
    },
  };
}
export type ProfilePhotosService = ReturnType<typeof createProfilePhotosService>;
