/** An image an identity check took, as the provider gives it (issue 18 `benefits/person/images`). */
export interface IdentityImage {
  /** `selfie` | `id-document` */
  kind: string;
  content: Buffer;
}

/** Most bytes one image may have; a bigger one is refused as a bad answer. */
export const IDENTITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
