import { Readable } from 'node:stream';
import { type AdminIdentityImageListResponse, PERSON_ADMIN_MESSAGES, wholeList } from '@bcp/contract';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, readAll } from '../../platform/files/file-store.js';
import { IDENTITY_IMAGE_MAX_BYTES } from '../../platform/identity/identity-images.js';
import type { IdentityProvider } from '../../platform/identity/identity-provider.js';
import { selectPersonAccount } from '../../queries/member-accounts.js';
import {
  deleteImagesOfPersonUser,
  type NewIdentityImage,
  saveFetchedImages,
  selectChecksWithoutImages,
  selectImagesOfPersonUser,
} from './identity-verifications.repository.js';

/** The private file store's folder of identity-check images. */
export const IDENTITY_IMAGES_FOLDER = 'identity-images';

const IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/** What the images calls need: the database, the private file store, the identity provider. */
export interface IdentityImageDependencies {
  db: Database;
  files: FileStore;
  provider: IdentityProvider;
}

/**
 * Fetches the images of the person user's completed checks that were not fetched yet from the
 * provider (the checks of the provider this server uses), into the private file store: an image
 * that is not a JPEG or PNG, or too big, is skipped. Each check is fetched once.
 */
async function fetchMissingImages(deps: IdentityImageDependencies, personUserId: number): Promise<void> {
  const checks = await selectChecksWithoutImages(deps.db, personUserId, deps.provider.name);
  for (const check of checks) {
    const images = await deps.provider.fetchImages(check.reference);
    const rows: NewIdentityImage[] = [];
    for (const image of images) {
      if (image.content.length > IDENTITY_IMAGE_MAX_BYTES) continue;
      const type = (await fileTypeFromBuffer(image.content))?.mime;
      if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) continue;
      const stored = await deps.files.put(
        IDENTITY_IMAGES_FOLDER,
        Readable.from([image.content]),
        IDENTITY_IMAGE_MAX_BYTES,
      );
      rows.push({ identityVerificationId: check.id, kind: image.kind, contentType: type, ...stored });
    }
    await saveFetchedImages(deps.db, check.id, rows);
  }
}

/**
 * `GET /api/v1/benefits/person/images?personId=` (issue 18): the images of the person's identity
 * checks (selfie, ID document), fetched from the provider on first view and kept in the private
 * file store, each as a data URL. The view is audited (`persons.images-viewed`).
 * @throws AppError `not_found` (404): no person, or no member account
 * @throws AppError `unavailable` (503): the provider cannot give the images now
 */
export async function listPersonImagesForStaff(
  deps: IdentityImageDependencies,
  personId: number,
  context: AuditContext,
): Promise<AdminIdentityImageListResponse> {
  const person = await selectPersonAccount(deps.db, personId);
  if (!person) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
  if (person.personUserId === null)
    throw new AppError('not_found', PERSON_ADMIN_MESSAGES.noAccount, undefined, { code: 'account_not_found' });
  await fetchMissingImages(deps, person.personUserId);
  const images = await selectImagesOfPersonUser(deps.db, person.personUserId);
  await recordAudit(deps.db, {
    ...context,
    action: 'persons.images-viewed',
    entityType: 'persons',
    entityId: personId,
  });
  const items = await Promise.all(
    images.map(async (image) => {
      const content = await readAll(await deps.files.open(IDENTITY_IMAGES_FOLDER, image.storedName));
      return {
        id: image.id,
        identityCheckId: image.identityVerificationId,
        kind: image.kind,
        contentType: image.contentType as ImageType,
        sizeBytes: image.sizeBytes,
        dataUrl: `data:${image.contentType};base64,${content.toString('base64')}`,
        createdAt: image.createdAt.toISOString(),
      };
    }),
  );
  return wholeList(items);
}

/**
 * Deletes the rows of every identity image of a person user (account closed, issue 18); call
 * `removeIdentityImageFiles` with the answer once the transaction committed.
 * @returns the stored names of the files to remove
 */
export async function deletePersonUserImageRows(db: Database, personUserId: number): Promise<string[]> {
  return deleteImagesOfPersonUser(db, personUserId);
}

/** Removes identity image files from the private file store (missing ones are fine). */
export async function removeIdentityImageFiles(files: FileStore, storedNames: readonly string[]): Promise<void> {
  for (const name of storedNames) await files.remove(IDENTITY_IMAGES_FOLDER, name);
}
