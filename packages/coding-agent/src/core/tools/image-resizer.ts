// The image-resizer seam of the read tool, shared by read.ts and image-resize.ts without an import cycle.

/** A downscaled image and an optional note for the model (e.g. original and new dimensions). */
export interface ResizedImage {
	data: Uint8Array;
	mimeType: string;
	note?: string;
}

/**
 * Downscales an image to fit `maxDimension`×`maxDimension`. Returns undefined when the image
 * already fits (or cannot be decoded) and should be sent as it is.
 */
export type ImageResizer = (
	image: { data: Uint8Array; mimeType: string },
	maxDimension: number,
) => Promise<ResizedImage | undefined>;
