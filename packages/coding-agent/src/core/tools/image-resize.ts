import type { ImageContent, TextContent } from "@pi/ai";
import { DEFAULT_IMAGE_LIMITS, type ImageResizeLimits, type ImageResizer, type ResizedImage } from "./image-resizer.js";

type Photon = typeof import("@silvia-odwyer/photon-node");
type PhotonImage = InstanceType<Photon["PhotonImage"]>;

let photonLoading: Promise<Photon> | undefined;

// The wasm decoder is ~2 MB: load it only when an image actually needs shrinking.
function loadPhoton(): Promise<Photon> {
	photonLoading ??= import("@silvia-odwyer/photon-node").then((module) =>
		"default" in module ? (module.default as Photon) : module,
	);
	return photonLoading;
}

/** Size that fits `maxDimension`×`maxDimension` keeping the aspect ratio. */
export function fitWithin(
	width: number,
	height: number,
	maxWidth: number,
	maxHeight = maxWidth,
): { width: number; height: number } {
	const scale = Math.min(1, maxWidth / width, maxHeight / height);
	return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Length of `bytes` once base64-encoded (what providers count against their image limits). */
function base64Length(bytes: number): number {
	return Math.ceil(bytes / 3) * 4;
}

/** JPEG qualities tried, best first, until the encoded image fits `maxBytes`. */
function jpegQualities(preferred: number): number[] {
	return [preferred, ...[70, 55, 40].filter((quality) => quality < preferred)];
}

/**
 * The default image resizer (`images.autoResize`, pi 1.4's `inputLimits.images.resize`): an image
 * over the pixel box or the base64 byte budget is downscaled (aspect kept) with photon (wasm).
 * The source format is tried first (JPEG stays JPEG, anything else becomes PNG), then JPEG at
 * falling qualities; while nothing fits the byte budget the size shrinks by a quarter. Images that
 * already fit, or that cannot be decoded, are returned as they are (undefined).
 */
export const resizeImageToFit: ImageResizer = async (image, maxDimension, limits?: ImageResizeLimits) => {
	const box = {
		...DEFAULT_IMAGE_LIMITS,
		maxWidth: maxDimension,
		maxHeight: maxDimension,
		...definedFields(limits),
	};
	// Lazy: @pi/tui is ~70 modules that `pi -p` and `pi --mode rpc` would otherwise load at start-up.
	const { getImageDimensions } = await import("@pi/tui");
	const dimensions = getImageDimensions(image.data);
	if (!dimensions) return undefined;
	const fitsBox = dimensions.width <= box.maxWidth && dimensions.height <= box.maxHeight;
	if (fitsBox && base64Length(image.data.byteLength) < box.maxBytes) return undefined;
	const photon = await loadPhoton();
	let source: PhotonImage | undefined;
	try {
		source = photon.PhotonImage.new_from_byteslice(image.data);
		let size = fitWithin(dimensions.width, dimensions.height, box.maxWidth, box.maxHeight);
		const jpeg = image.mimeType === "image/jpeg";
		let smallest: { data: Uint8Array; mimeType: string } | undefined;
		for (;;) {
			const candidate = encodeWithin(photon, source, size, jpeg, box);
			smallest = candidate.fitting ?? candidate.smallest;
			if (candidate.fitting || (size.width === 1 && size.height === 1)) break;
			size = { width: Math.max(1, Math.floor(size.width * 0.75)), height: Math.max(1, Math.floor(size.height * 0.75)) };
		}
		const result: ResizedImage = {
			...smallest,
			note: `[Image resized from ${dimensions.width}x${dimensions.height} to ${size.width}x${size.height} to fit ${box.maxWidth}x${box.maxHeight}]`,
		};
		return result;
	} catch {
		// Undecodable by photon (e.g. an exotic variant): send the original rather than fail the read.
		return undefined;
	} finally {
		source?.free();
	}
};

function definedFields(limits: ImageResizeLimits | undefined): ImageResizeLimits {
	return Object.fromEntries(Object.entries(limits ?? {}).filter(([, value]) => typeof value === "number"));
}

/** The first encoding of `source` at `size` within the byte budget, and the smallest one tried. */
function encodeWithin(
	photon: Photon,
	source: PhotonImage,
	size: { width: number; height: number },
	jpegSource: boolean,
	box: Required<ImageResizeLimits>,
): { fitting?: { data: Uint8Array; mimeType: string }; smallest: { data: Uint8Array; mimeType: string } } {
	const resized = photon.resize(source, size.width, size.height, photon.SamplingFilter.Lanczos3);
	try {
		const encodings: (() => { data: Uint8Array; mimeType: string })[] = [
			...(jpegSource ? [] : [() => ({ data: resized.get_bytes(), mimeType: "image/png" })]),
			...jpegQualities(box.jpegQuality).map((quality) => () => ({
				data: resized.get_bytes_jpeg(quality),
				mimeType: "image/jpeg",
			})),
		];
		let smallest: { data: Uint8Array; mimeType: string } | undefined;
		for (const encode of encodings) {
			const encoded = encode();
			if (base64Length(encoded.data.byteLength) < box.maxBytes) return { fitting: encoded, smallest: encoded };
			if (!smallest || encoded.data.byteLength < smallest.data.byteLength) smallest = encoded;
		}
		// `encodings` is never empty: JPEG qualities always include the preferred one.
		return { smallest: smallest as { data: Uint8Array; mimeType: string } };
	} finally {
		resized.free();
	}
}

/**
 * Prompt images (`@file`, RPC and SDK `images`) encoded as pi 1.4 encodes new attachments: each one
 * over `limits` is downscaled before it is stored in the conversation. Returns `images` itself when
 * nothing changed.
 */
export async function resizeImageContents(
	images: readonly ImageContent[],
	limits: ImageResizeLimits | undefined,
): Promise<ImageContent[]> {
	return resizeContentImages(images, limits);
}

/**
 * The image blocks of `content` (a tool result's, a prompt's) resized as {@link resizeImageContents}
 * does, text blocks as they are. Returns `content` itself when nothing changed.
 */
export async function resizeContentImages<Block extends TextContent | ImageContent>(
	content: readonly Block[],
	limits: ImageResizeLimits | undefined,
): Promise<Block[]> {
	let changed = false;
	const result: Block[] = [];
	for (const image of content) {
		if (image.type !== "image") {
			result.push(image);
			continue;
		}
		const data = new Uint8Array(Buffer.from(image.data, "base64"));
		const resized = await resizeImageToFit({ data, mimeType: image.mimeType }, DEFAULT_IMAGE_LIMITS.maxWidth, {
			maxHeight: DEFAULT_IMAGE_LIMITS.maxHeight,
			...limits,
		});
		if (!resized) result.push(image);
		else {
			changed = true;
			const block: ImageContent = {
				type: "image",
				data: Buffer.from(resized.data).toString("base64"),
				mimeType: resized.mimeType,
			};
			result.push(block as Block);
		}
	}
	return changed ? result : (content as Block[]);
}
