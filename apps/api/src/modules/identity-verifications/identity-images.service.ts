import { Readable } from 'node:stream';
import { type AdminIdentityImageListResponse, PERSON_ADMIN_MESSAGES, wholeList } from '@bcp/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database } from '../../db/client.js';
import { identityImages, identityVerifications, persons, personUsers } from '../../db/schema/index.js';
import { type AuditContext, recordAudit } from '../../platform/audit/audit.service.js';
import { AppError } from '../../platform/errors/app-error.js';
import { type FileStore, readAll } from '../../platform/files/file-store.js';
import { IDENTITY_IMAGE_MAX_BYTES } from '../../platform/identity/identity-images.js';
import type { IdentityProvider } from '../../platform/identity/identity-provider.js';

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
  const checks = await deps.db
    .select({ id: identityVerifications.id, reference: identityVerifications.reference })
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.personUserId, personUserId),
        eq(identityVerifications.provider, deps.provider.name),
        inArray(identityVerifications.status, ['passed', 'failed']),
        isNull(identityVerifications.imagesFetchedAt),
      ),
    );
  for (const check of checks) {
    const images = await deps.provider.fetchImages(check.reference);
    const rows: (typeof identityImages.$inferInsert)[] = [];
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
    await deps.db.transaction(async (tx) => {
      if (rows.length > 0) await tx.insert(identityImages).values(rows);
      await tx
        .update(identityVerifications)
        .set({ imagesFetchedAt: new Date() })
        .where(eq(identityVerifications.id, check.id));
    });
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
  const [person] = await deps.db
    .select({ personUserId: personUsers.id })
    .from(persons)
    .leftJoin(personUsers, eq(personUsers.personId, persons.id))
    .where(eq(persons.id, personId));
  if (!person) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.personNotFound);
  if (person.personUserId === null) throw new AppError('not_found', PERSON_ADMIN_MESSAGES.noAccount);
  await fetchMissingImages(deps, person.personUserId);
  const rows = await deps.db
    .select({ image: identityImages })
    .from(identityImages)
    .innerJoin(identityVerifications, eq(identityVerifications.id, identityImages.identityVerificationId))
    .where(eq(identityVerifications.personUserId, person.personUserId))
    .orderBy(asc(identityImages.id));
  await recordAudit(deps.db, {
    ...context,
    action: 'persons.images-viewed',
    entityType: 'persons',
    entityId: personId,
  });
  const items = await Promise.all(
    rows.map(async ({ image }) => {
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
  const checks = db
    .select({ id: identityVerifications.id })
    .from(identityVerifications)
    .where(eq(identityVerifications.personUserId, personUserId));
  const removed = await db
    .delete(identityImages)
    .where(inArray(identityImages.identityVerificationId, checks))
    .returning({ storedName: identityImages.storedName });
  return removed.map((image) => image.storedName);
}

/** Removes identity image files from the private file store (missing ones are fine). */
export async function removeIdentityImageFiles(files: FileStore, storedNames: readonly string[]): Promise<void> {
  for (const name of storedNames) await files.remove(IDENTITY_IMAGES_FOLDER, name);
}
