// The image-resizer seam of the read tool, shared by read.ts and image-resize.ts without an import cycle.

/** A downscaled image and an optional note for the model (e.g. original and new dimensions). */
export interface ResizedImage {
	data: Uint8Array;
	mimeType: string;
	note?: string;
}

/**
 * How images are encoded before they enter the conversation (pi 1.4's model field
 * `inputLimits.images.resize`): at most `maxWidth`×`maxHeight` pixels and `maxBytes` of base64,
 * JPEG at `jpegQuality`. Omitted fields take {@link DEFAULT_IMAGE_LIMITS}.
 */
export interface ImageResizeLimits {
	maxWidth?: number;
	maxHeight?: number;
	maxBytes?: number;
	jpegQuality?: number;
}

/** pi 1.4's conservative defaults: 2000×2000 pixels, 4.5 MiB of base64 (below Anthropic's 5 MB), JPEG 80. */
export const DEFAULT_IMAGE_LIMITS: Required<ImageResizeLimits> = {
	maxWidth: 2000,
	maxHeight: 2000,
	maxBytes: 4.5 * 1024 * 1024,
	jpegQuality: 80,
};

/**
 * Downscales an image to fit `maxDimension`×`maxDimension`, or, when `limits` are given, those
 * limits (which then win). Returns undefined when the image already fits (or cannot be decoded)
 * and should be sent as it is.
 */
export type ImageResizer = (
	image: { data: Uint8Array; mimeType: string },
	maxDimension: number,
	limits?: ImageResizeLimits,
) => Promise<ResizedImage | undefined>;
